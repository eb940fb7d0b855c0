// SPDX-License-Identifier: MIT
#include <stdexcept>

#include "pipeline.cuh"

namespace galaxy::cuda {

namespace {

// Where the pass's bodies go: from the current set into the other in `perm`'s order (identity
// where null), kicked and drifted when stepping (runaway.cuh), and the other set made current.
void advance(const PassSettings& p, DeviceBodies& bodies, const int* perm, const PassReports& r,
             cudaStream_t s) {
  const PassClock c{p.pass, p.steps, p.time};
  launch_advance(bodies.view(), bodies.other_view(), perm, p.integrate, p.params.dt, r.record,
                 r.clock, c, s);
  bodies.swap_sets();
}

}  // namespace

TreeView run_build_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                          const PassReports& r, StageTimer& timer, int slot, cudaStream_t s) {
  const int n = bodies.size();
  const BodiesView now = bodies.view();
  const Drift d = p.integrate ? Drift{now.vel, now.acc, p.params.dt} : Drift{};
  if (p.root) {
    CUDA_CHECK(
        cudaMemcpyAsync(tree.root_box(), p.root, sizeof(BodyBounds), cudaMemcpyHostToDevice, s));
  } else if (p.box_ready) {
    launch_combine_boxes(tree.partial_boxes(), box_partials(n, DeviceOctree::kPartialBoxes),
                         tree.root_box(), s);
  } else {
    launch_bounding_box(now.pos, d, n, tree.partial_boxes(), DeviceOctree::kPartialBoxes,
                        tree.root_box(), s);
  }
  timer.mark(slot, Mark::Sort, s);
  advance(p, bodies, launch_sort(now.pos, d, n, tree.root_box(), tree.sort_scratch(), s), r, s);
  timer.mark(slot, Mark::TreeBuild, s);
  TreeView t = tree.view(p.params.leaf_size, p.params.group_size, p.params.multipole);
  t.key_lo = p.key_lo, t.key_hi = p.key_hi;
  launch_tree_build(tree.sorted_keys(), n, t, s);
  tree.build_groups(t, n, s);
  timer.mark(slot, Mark::Summarize, s);
  launch_summarize(bodies.view().pos, t, 1.0f / p.params.theta, s);
  return t;
}

bool run_force_stage(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                     const TreeView& t, const PassReports& r, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(r.counters, 0, 2 * sizeof(unsigned long long), s));
  const float eps2 = p.params.softening * p.params.softening;
  return launch_force(bodies.view(), t, p.params.multipole, eps2, p.relative, tree.force_scratch(),
                      r.counters, s, p.potentials);
}

void run_potential_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                        const PassReports& r, const float* alpha, std::size_t groups,
                        cudaStream_t s) {
  if (p.integrate)
    throw std::logic_error("run_potential_pass: the bodies must stay where they are");
  const int n = bodies.size();
  const BodiesView now = bodies.view(), copy = bodies.other_view();
  launch_bounding_box(now.pos, Drift{}, n, tree.partial_boxes(), DeviceOctree::kPartialBoxes,
                      tree.root_box(), s);
  const int* perm = launch_sort(now.pos, Drift{}, n, tree.root_box(), tree.sort_scratch(), s);
  launch_advance(now, copy, perm, false, p.params.dt, r.record, r.clock,
                 PassClock{p.pass, p.steps, p.time}, s);
  // perm lives in the sort's scratch, which the build overwrites: the copy's velocities, which
  // the walk does not read, keep it (in w) for putting the potentials back.
  CUDA_CHECK(cudaMemcpy2DAsync(&copy.vel[0].w, sizeof(float4), perm, sizeof(int), sizeof(int), n,
                               cudaMemcpyDeviceToDevice, s));
  TreeView t = tree.view(p.params.leaf_size, p.params.group_size, p.params.multipole);
  launch_tree_build(tree.sorted_keys(), n, t, s);
  tree.build_groups(t, n, s);
  launch_summarize(copy.pos, t, 1.0f / p.params.theta, s);
  launch_group_alphas(copy, t, p.relative.alpha, s);
  if (alpha && groups > 0) {
    CUDA_CHECK(
        cudaMemcpyAsync(t.group_alpha, alpha, groups * sizeof(float), cudaMemcpyDeviceToDevice, s));
  }
  const float eps2 = p.params.softening * p.params.softening;
  launch_force(copy, t, p.params.multipole, eps2, p.relative, tree.force_scratch(), nullptr, s,
               Potentials::Only);
  launch_scatter_potentials(copy.acc, copy.vel, n, now.acc, s);
}

bool run_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree, const PassReports& r,
              StageTimer& timer, int slot, cudaStream_t s) {
  const float dt = p.params.dt;
  bool potentials = true;  // the direct sums always give them
  timer.mark(slot, Mark::Start, s);
  timer.mark(slot, Mark::BoundingBox, s);
  if (p.solver == Solver::BarnesHut) {
    const TreeView t = run_build_stages(p, bodies, tree, r, timer, slot, s);
    timer.mark(slot, Mark::Force, s);
    potentials = run_force_stage(p, bodies, tree, t, r, s);
  } else {
    advance(p, bodies, nullptr, r, s);
    for (Mark m : {Mark::Sort, Mark::TreeBuild, Mark::Summarize, Mark::Force}) timer.mark(slot, m, s);
    const float eps2 = p.params.softening * p.params.softening;
    launch_direct_tiled(bodies.view(), eps2, s);
  }
  timer.mark(slot, Mark::ClosingKick, s);
  if (p.integrate) {
    NextBox next;
    if (p.predict_box) {
      next = {tree.partial_boxes(), box_partials(bodies.size(), DeviceOctree::kPartialBoxes), dt};
    }
    launch_kick_checked(bodies.view(), 0.5f * dt, r.record, p.steps + 1, p.pass, next, s);
  }
  timer.mark(slot, Mark::ReadBack, s);
  return potentials;
}

}  // namespace galaxy::cuda
