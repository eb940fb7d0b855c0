// SPDX-License-Identifier: MIT
// The stage sequence of one pass on the stream: the five force stages in Stage's order (the
// opening kick and drift, when stepping, done as the sort moves the bodies) or the direct sum,
// then the closing kick, each behind its timer mark.
#pragma once

#include "device_bodies.cuh"
#include "device_octree.cuh"
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
};

// Where a pass reports: the runaway record and its clock, the interaction counters.
struct PassReports {
  RunawayRecord* record;
  RunawayClock* clock;
  unsigned long long* counters;  // body-body, body-cell
};

// Stages 1 to 5 of Barnes-Hut alone (a rank of a run over several GPUs adds the other ranks' pull
// before its closing kick): bounding box, sort (before the build: sort.cu says why) and the
// bodies moved into its order (kicked and drifted when p.integrate), tree build with the walk's
// groups, summarize, force walk. The box and the keys are those of the positions the opening kick
// and drift will give.
void run_tree_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                     const PassReports& r, StageTimer& timer, int slot, cudaStream_t s);

void run_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
              const PassReports& r, StageTimer& timer, int slot, cudaStream_t s);

}  // namespace galaxy::cuda
