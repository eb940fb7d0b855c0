// SPDX-License-Identifier: MIT
#include <stdexcept>

#include "pipeline.cuh"

namespace galaxy::cuda {

const int* run_sort_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                           StageTimer& timer, int slot, cudaStream_t s) {
  const int n = bodies.size();
  const BodiesView now = bodies.view();
  const Drift d = leapfrog_drift(p, now);
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
  return launch_sort(now.pos, d, n, tree.root_box(), tree.sort_scratch(), s);
}

TreeView run_tree_stages(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                         StageTimer& timer, int slot, cudaStream_t s) {
  const int n = bodies.size();
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

bool run_force_terms(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree,
                     const PassReports& r, StageTimer& timer, int slot, cudaStream_t s) {
  if (p.solver == Solver::BarnesHut) {  // gravity, the first term
    const TreeView t = run_tree_stages(p, bodies, tree, timer, slot, s);
    timer.mark(slot, Mark::Force, s);
    return run_force_stage(p, bodies, tree, t, r, s);
  }
  for (Mark m : {Mark::Sort, Mark::TreeBuild, Mark::Summarize, Mark::Force}) timer.mark(slot, m, s);
  const float eps2 = p.params.softening * p.params.softening;
  launch_direct_tiled(bodies.view(), eps2, s);
  return true;  // the direct sums always give the potentials
}

bool run_pass(const PassSettings& p, DeviceBodies& bodies, DeviceOctree& tree, const PassReports& r,
              StageTimer& timer, int slot, cudaStream_t s) {
  const bool tree_order = p.solver == Solver::BarnesHut;
  timer.mark(slot, Mark::Start, s);
  timer.mark(slot, Mark::BoundingBox, s);
  const int* order = tree_order ? run_sort_stages(p, bodies, tree, timer, slot, s) : nullptr;
  leapfrog_part1(p, bodies, order, r, s);
  const bool potentials = run_force_terms(p, bodies, tree, r, timer, slot, s);
  timer.mark(slot, Mark::ClosingKick, s);
  if (p.integrate) {
    NextBox next;
    if (p.predict_box) {
      next = {tree.partial_boxes(), box_partials(bodies.size(), DeviceOctree::kPartialBoxes),
              p.params.dt};
    }
    leapfrog_part2(p, bodies, next, r, s);
  }
  timer.mark(slot, Mark::ReadBack, s);
  return potentials;
}

}  // namespace galaxy::cuda
