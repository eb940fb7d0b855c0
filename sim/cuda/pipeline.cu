// SPDX-License-Identifier: MIT
#include "pipeline.cuh"

namespace galaxy::cuda {

namespace {

// Stages 1 to 5 of Barnes-Hut: bounding box, sort (before the build: sort.cu says why), tree
// build with the walk's groups, summarize, force walk.
void tree_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                 unsigned long long* counters, StageTimer& timer, int slot, cudaStream_t s) {
  const int n = bodies.size();
  launch_bounding_box(bodies.view().pos, n, tree.partial_boxes(), DeviceOctree::kPartialBoxes,
                      tree.root_box(), s);
  timer.mark(slot, Mark::Sort, s);
  launch_sort(bodies.view(), bodies.sorted_view(), tree.root_box(), tree.sort_scratch(), s);
  bodies.swap_sorted();
  timer.mark(slot, Mark::TreeBuild, s);
  const TreeView t = tree.view(p.params.leaf_size, p.params.group_size, p.params.multipole);
  launch_tree_build(tree.sorted_keys(), n, t, s);
  tree.build_groups(t, n, s);
  timer.mark(slot, Mark::Summarize, s);
  launch_summarize(bodies.view().pos, t, 1.0f / p.params.theta, s);
  timer.mark(slot, Mark::Force, s);
  CUDA_CHECK(cudaMemsetAsync(counters, 0, 2 * sizeof(unsigned long long), s));
  const float eps2 = p.params.softening * p.params.softening;
  launch_force(bodies.view(), t, p.params.multipole, eps2, p.relative, tree.force_scratch(), counters,
               s);
}

}  // namespace

void run_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
              const PassReports& r, StageTimer& timer, int slot, cudaStream_t s) {
  const float dt = p.params.dt;
  timer.mark(slot, Mark::Start, s);
  if (p.integrate) {
    launch_backup_if_good(bodies.view(), bodies.backup_view(), r.record, r.clock, p.time, p.steps,
                          s);
    launch_kick_drift_checked(bodies.view(), dt, r.record, p.steps + 1, s);
  }
  timer.mark(slot, Mark::BoundingBox, s);
  if (p.solver == Solver::BarnesHut) {
    tree_stages(p, bodies, tree, r.counters, timer, slot, s);
  } else {
    for (Mark m : {Mark::Sort, Mark::TreeBuild, Mark::Summarize, Mark::Force}) timer.mark(slot, m, s);
    const float eps2 = p.params.softening * p.params.softening;
    launch_direct_tiled(bodies.view(), eps2, s);
  }
  timer.mark(slot, Mark::ClosingKick, s);
  if (p.integrate) launch_kick_checked(bodies.view(), 0.5f * dt, r.record, p.steps + 1, s);
  timer.mark(slot, Mark::ReadBack, s);
}

}  // namespace galaxy::cuda
