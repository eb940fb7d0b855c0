// SPDX-License-Identifier: MIT
// The integrator on the device: the leapfrog (kick-drift-kick) in REBOUND's shape
// (integrator_leapfrog.c's part1 and part2 around the force calculation), by the host's names
// (sim/cpu/leapfrog.hpp). The one place the device's phases are named. Each part is fused into a
// kernel the pass runs anyway, so that a step launches nothing of its own:
// - part 1, the opening kick and drift (kick_drift), is the pass's first move of the bodies
//   (launch_advance: into the sort's order for Barnes-Hut, in place for the direct sum); the
//   stages before it (gravity's box and keys, a device rank's cuts) read the positions it will
//   give through leapfrog_drift, bit for bit;
// - between the parts, the accelerations of all force terms (pipeline.cuh's run_force_terms);
// - part 2, the closing kick, checks the accelerations and velocities for runaway values and
//   predicts the next pass's box (launch_kick_checked).
// One GPU runs them in run_pass (pipeline.cu), a device rank in RankDevice::pass (rank_device.cu).
// The kernels are leapfrog.cu's. Included by sim/ .cu files only.
#pragma once

#include "kernels.cuh"
#include "runaway.cuh"

namespace galaxy::cuda {

class DeviceBodies;
struct PassSettings;
struct PassReports;

// The opening kick and drift of one body (v += a dt/2, x += v dt), written once with explicit
// roundings so that every kernel that needs the drifted positions (the bounding box and the keys
// computed before the bodies move, launch_advance) gets the same bits.
__device__ __forceinline__ void kick_drift(float4& p, float4& v, const float4& a, float dt) {
  const float h = 0.5f * dt;
  v.x = __fmaf_rn(a.x, h, v.x), v.y = __fmaf_rn(a.y, h, v.y), v.z = __fmaf_rn(a.z, h, v.z);
  p.x = __fmaf_rn(v.x, dt, p.x), p.y = __fmaf_rn(v.y, dt, p.y), p.z = __fmaf_rn(v.z, dt, p.z);
}

// Where a pass's bodies will be once part 1 has moved them: drifted by dt when it integrates.
struct Drift {
  const float4* vel = nullptr;  // null: the pass does not move them
  const float4* acc = nullptr;
  float dt = 0;
  __device__ __forceinline__ float4 position(const float4* pos, int i) const {
    float4 p = pos[i];
    if (vel) {
      float4 v = vel[i];
      kick_drift(p, v, acc[i], dt);
    }
    return p;
  }
};

// The positions part 1 of pass `p` gives the bodies `now` (where p integrates, else theirs).
Drift leapfrog_drift(const PassSettings& p, const BodiesView& now);

// Part 1 of pass `p`: the current set moved into the other in `order` (identity where null),
// kicked and drifted where p integrates, checked (launch_advance), and the other set made current.
void leapfrog_part1(const PassSettings& p, DeviceBodies& bodies, const int* order,
                    const PassReports& r, cudaStream_t s);

// Part 2 of stepping pass `p`: the closing kick (v += a dt/2) with the accelerations of the force
// terms, checked; with next.partial, the next pass's box too (launch_kick_checked).
struct NextBox {
  BodyBounds* partial = nullptr;
  int partials = 0;
  float dt = 0;
};
void leapfrog_part2(const PassSettings& p, DeviceBodies& bodies, const NextBox& next,
                    const PassReports& r, cudaStream_t s);

// The kernels of the parts. The move of `in` into `out` in the order `perm` (out[i] =
// in[perm[i]], identity where null), with the opening kick and drift when `integrate`, checking
// the new positions and velocities (a non-finite or absurd value, runaway.hpp, records the body's
// id in *r under step c.steps + 1 and pass c.pass) and writing *clock = {c.time, c.steps}. Where
// *r holds a runaway of an earlier pass, `out` (the state before that pass, or its copy) is
// copied into `in` instead, clock and record untouched: the caller swaps the sets either way, so
// that the good state stays in the set not current (runaway.cuh).
void launch_advance(const BodiesView& in, const BodiesView& out, const int* perm, bool integrate,
                    float dt, RunawayRecord* r, RunawayClock* clock, const PassClock& c,
                    cudaStream_t s);
// The closing kick (v += a dt/2), checking the accelerations the force pass wrote and the
// velocities; records under step `step` and pass `pass`. Where next.partial is set, it also
// writes the partial boxes (launch_bounding_box's, box_partials of them) of where the next
// pass's opening kick and drift at next.dt will put the bodies, so that pass only combines them.
void launch_kick_checked(const BodiesView& b, float half_dt, RunawayRecord* r,
                         unsigned long long step, unsigned long long pass, const NextBox& next,
                         cudaStream_t s);

}  // namespace galaxy::cuda
