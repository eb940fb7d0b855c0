// SPDX-License-Identifier: MIT
// The stage sequence of one pass on the stream, in the leapfrog's phases (leapfrog.cuh): gravity's
// box and sort of the positions part 1 will give, part 1 (the opening kick and drift, when
// stepping, done as the sort moves the bodies), the accelerations of the force terms (gravity:
// the tree's build, summary and walk, or the direct sum), part 2 (the closing kick), each behind
// its timer mark.
#pragma once

#include "device_bodies.cuh"
#include "device_octree.cuh"
#include "leapfrog.cuh"
#include "runaway.cuh"
#include "stage_timer.cuh"

namespace galaxy::cuda {

struct PassSettings {
  bool integrate = false;  // a step (kick-drift, forces, kick), or forces alone
  Solver solver = Solver::BarnesHut;
  SimParams params;
  physics::Relative relative;  // its alpha 0 while no accelerations exist yet
  double time = 0;  // the clock before the pass (RunawayClock's)
  unsigned long long steps = 0;
  unsigned long long pass = 0;  // the pass's number in the run (RunawayRecord::first_pass)
  // The previous pass's closing kick wrote this pass's partial boxes (for this dt, on these
  // bodies); and whether this pass's closing kick writes the next pass's. Both only for stepping
  // passes, the second only for Barnes-Hut (CudaBackend::run decides).
  bool box_ready = false, predict_box = false;
  // A device rank's: the tree's root box (the cube of all ranks, whose keys cut the curve), and
  // the keys of its range (TreeView::key_lo). Null: the pass finds the box of its bodies.
  const BodyBounds* root = nullptr;
  std::uint64_t key_lo = 0, key_hi = ~std::uint64_t{0};
  Potentials potentials = Potentials::With;  // a single run's passes Skip them (kernels.cuh)
};

// Where a pass reports: the runaway record and its clock, the interaction counters.
struct PassReports {
  RunawayRecord* record;
  RunawayClock* clock;
  unsigned long long* counters;  // body-body, body-cell
};

// Barnes-Hut's stages 1 and 2, before part 1 moves the bodies: the bounding box and the sort
// (before the build: sort.cu says why) of the positions part 1 will give (leapfrog_drift), the
// sort behind its mark (Mark::BoundingBox is the caller's). Returns the order part 1 moves them
// into.
const int* run_sort_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                           StageTimer& timer, int slot, cudaStream_t s);
// Stages 3 and 4 on the bodies part 1 moved into the sort's order: the tree build with the walk's
// groups, summarize; each behind its mark, the last ending at Mark::Summarize's stage. The tree.
// (A rank of a run over several GPUs builds the trees for the other ranks after them.)
TreeView run_tree_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                         StageTimer& timer, int slot, cudaStream_t s);
// Stage 5, the force walk of tree `t` (run_tree_stages'), its counters zeroed first. Returns
// whether acc.w holds the potentials after it (launch_force).
bool run_force_stage(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                     const TreeView& t, const PassReports& r, cudaStream_t s);
// The accelerations of all force terms at the positions part 1 gave, in order (the first writes
// acc, each later one adds to it: sim/cpu/force_terms.hpp's contract), ending at Mark::Force's
// stage: today gravity alone (Barnes-Hut's stages 3 to 5 on the order run_sort_stages gave, or
// the direct sum, which makes the tree stages' marks empty). Returns whether acc.w holds the
// potentials after them.
bool run_force_terms(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                     const PassReports& r, StageTimer& timer, int slot, cudaStream_t s);

// A pass; returns whether acc.w holds the potentials after it.
bool run_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree, const PassReports& r,
              StageTimer& timer, int slot, cudaStream_t s);

// The potentials of the current bodies (acc.w) alone, from a tree built over a copy of them in
// the other set sorted along the curve, with p's settings and the first `groups` groups' alpha
// |a| from `alpha` (the rest, or all where null, from the accelerations the bodies have): the
// bodies, their order and acc.xyz stay as they are. For bodies whose last pass left the
// potentials out and whose tree is gone (after going back in time): with that pass's settings
// and alphas the tree and the decisions are the pass's own (its bodies were sorted along the
// same curve), so the potentials are the ones it would have summed. p.integrate must be false;
// the other set is overwritten.
void run_potential_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                        const PassReports& r, const float* alpha, std::size_t groups,
                        cudaStream_t s);

}  // namespace galaxy::cuda
