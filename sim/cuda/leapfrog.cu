// SPDX-License-Identifier: MIT
// Stage 6: the leapfrog's parts (leapfrog.cuh), streaming and fully coalesced. The opening kick
// and the drift run before the force terms, as the bodies move into the sort's order (the
// bounding box and the keys were taken from the drifted positions), the closing kick after them,
// so that velocities are synchronised with positions at the end of every step (the diagnostics
// and the saves need that).
#include "box_reduce.cuh"
#include "cuda_check.cuh"
#include "leapfrog.cuh"
#include "pipeline.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

__device__ void record_runaway(RunawayRecord* r, int id, unsigned kinds, unsigned long long step,
                               unsigned long long pass) {
  const unsigned k = atomicAdd(&r->count, 1u);
  if (k < static_cast<unsigned>(kRunawayNamed)) r->bodies[k] = id;
  atomicOr(&r->kinds, kinds);
  atomicMin(&r->first_step, step);
  atomicMin(&r->first_pass, pass);
}

// One body of `in` (slot j) into slot i of `out`, kicked and drifted when integrating and checked.
__device__ void advance_body(const BodiesView& in, const BodiesView& out, int i, int j,
                             bool integrate, float dt, RunawayRecord* r, const PassClock& c) {
  float4 p = in.pos[j], v = in.vel[j];
  const float4 a = in.acc[j];
  const int id = in.id[j];
  if (integrate) {
    kick_drift(p, v, a, dt);
    const unsigned k = position_kinds(p.x, p.y, p.z) | velocity_kinds(v.x, v.y, v.z);
    if (k) record_runaway(r, id, k, c.steps + 1, c.pass);
  }
  out.pos[i] = p, out.vel[i] = v, out.acc[i] = a, out.id[i] = id, out.tag[i] = in.tag[j];
}

// The start of a pass (launch_advance). *r is read once per thread: only earlier kernels on the
// stream write a record of an earlier pass, and this pass's own records (first_pass == c.pass)
// do not stop it.
__global__ void advance(BodiesView in, BodiesView out, const int* __restrict__ perm,
                        bool integrate, float dt, RunawayRecord* r, RunawayClock* clock,
                        PassClock c) {
  const bool after_runaway = r->count != 0 && r->first_pass < c.pass;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < in.n; i += gridDim.x * kBlock) {
    if (after_runaway) {
      in.pos[i] = out.pos[i], in.vel[i] = out.vel[i], in.acc[i] = out.acc[i];
      in.id[i] = out.id[i], in.tag[i] = out.tag[i];
    } else {
      advance_body(in, out, i, perm ? perm[i] : i, integrate, dt, r, c);
    }
  }
  if (!after_runaway && blockIdx.x == 0 && threadIdx.x == 0) *clock = RunawayClock{c.time, c.steps};
}

// The closing kick, checking the accelerations the force pass wrote and the velocities; with
// next.partial, the box of the next pass's drifted positions too (kick_drift, bit for bit what
// that pass's launch_advance computes from these values).
__global__ void __launch_bounds__(kBlock) kick_checked(BodiesView b, float h, RunawayRecord* r,
                                                       unsigned long long step,
                                                       unsigned long long pass, NextBox next) {
  BodyBounds box = empty_box();
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < b.n; i += gridDim.x * kBlock) {
    const float4 a = b.acc[i];
    float4 v = b.vel[i];
    v.x += a.x * h, v.y += a.y * h, v.z += a.z * h;
    b.vel[i] = v;
    const unsigned k = acceleration_kinds(a.x, a.y, a.z) | velocity_kinds(v.x, v.y, v.z);
    if (k) record_runaway(r, b.id[i], k, step, pass);
    if (next.partial) {
      float4 p = b.pos[i];
      kick_drift(p, v, a, next.dt);
      grow_box(box, p);
    }
  }
  if (next.partial) write_block_box<kBlock>(box, next.partial);
}

__global__ void clear_runaway(RunawayRecord* r) {
  if (threadIdx.x == 0) {
    r->count = 0;
    r->kinds = 0;
    r->first_step = ~0ull;
    r->first_pass = ~0ull;
  }
  if (threadIdx.x < kRunawayNamed) r->bodies[threadIdx.x] = -1;
}

}  // namespace

Drift leapfrog_drift(const PassSettings& p, const BodiesView& now) {
  return p.integrate ? Drift{now.vel, now.acc, p.params.dt} : Drift{};
}

void leapfrog_part1(const PassSettings& p, DeviceBodies& bodies, const int* order,
                    const PassReports& r, cudaStream_t s) {
  const PassClock c{p.pass, p.steps, p.time};
  launch_advance(bodies.view(), bodies.other_view(), order, p.integrate, p.params.dt, r.record,
                 r.clock, c, s);
  bodies.swap_sets();
}

void leapfrog_part2(const PassSettings& p, DeviceBodies& bodies, const NextBox& next,
                    const PassReports& r, cudaStream_t s) {
  launch_kick_checked(bodies.view(), 0.5f * p.params.dt, r.record, p.steps + 1, p.pass, next, s);
}

void launch_advance(const BodiesView& in, const BodiesView& out, const int* perm, bool integrate,
                    float dt, RunawayRecord* r, RunawayClock* clock, const PassClock& c,
                    cudaStream_t s) {
  advance<<<grid_for(in.n, kBlock), kBlock, 0, s>>>(in, out, perm, integrate, dt, r, clock, c);
  CUDA_LAUNCH_CHECK();
}

void launch_kick_checked(const BodiesView& b, float half_dt, RunawayRecord* r,
                         unsigned long long step, unsigned long long pass, const NextBox& next,
                         cudaStream_t s) {
  const int grid = next.partial ? next.partials : grid_for(b.n, kBlock);
  kick_checked<<<grid, kBlock, 0, s>>>(b, half_dt, r, step, pass, next);
  CUDA_LAUNCH_CHECK();
}

void launch_clear_runaway(RunawayRecord* r, cudaStream_t s) {
  clear_runaway<<<1, 32, 0, s>>>(r);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
