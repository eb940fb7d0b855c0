// SPDX-License-Identifier: MIT
// The walk of another rank's local essential tree on the GPU (CudaSimulation::add_remote_forces,
// the MPI ranks' --backend cuda path) against the CPU's walk of the same tree (cpu::remote_forces).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "accuracy.hpp"
#include "cpu/let.hpp"
#include "cpu/octree.hpp"
#include "reference.hpp"
#include "scenarios/plummer.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

// Body i of `from` appended to `to`.
void append(HostBodies& to, const HostBodies& from, std::size_t i) {
  for_each_member([&](auto m) { (to.*m).push_back((from.*m)[i]); });
}

// The relative errors of the first n bodies of `b` against a float64 direct sum over all of b.
ErrorStats errors_of_first(const HostBodies& b, std::size_t n, float softening) {
  const std::vector<int> t = random_sample(n, 2000, 7);
  return relative_errors(b, t, direct_forces_cpu_sample(b, t, softening));
}

// A Plummer sphere cut at x = 0: "this rank" holds the left half, the LET of the right half is
// built for the left's boxes (as a rank sends it). Its own pass and the received tree's walk give
// the left bodies' forces from all bodies; the GPU's are as accurate against the float64 direct
// sum as the CPU's (the same trees, groups and decisions: 10% for float summation order), with
// the geometric test and the relative one (the GPU replays each group's alpha |a| of its pass).
TEST(GpuRemoteTree, WalksAReceivedTreeAsTheCpuDoes) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  const HostBodies all = make_plummer(40000, 9);
  HostBodies left, right;
  for (std::size_t i = 0; i < all.size(); ++i) append(all.x[i] < 0.0f ? left : right, all, i);
  const auto n = static_cast<std::int32_t>(left.size());
  for (const float alpha : {0.0f, 0.004f}) {
    SCOPED_TRACE(testing::Message() << "alpha " << alpha);
    SimParams p;
    p.alpha = alpha;
    // The CPU: this rank's two passes (the relative test needs the first's accelerations), the
    // other rank's tree and its LET for this rank's boxes, the walk of it.
    HostBodies mine = left;
    CpuOctree tree, theirs;
    tree.build(mine, p.leaf_size, p.group_size);
    std::vector<float> alpha_accel;
    tree_forces(tree, mine, walk_params(p, false), alpha_accel);
    const WalkParams w = walk_params(p, true);
    tree_forces(tree, mine, w, alpha_accel);
    theirs.build(right, p.leaf_size, p.group_size);
    const cpu::Let let =
        cpu::build_let(theirs, right, cpu::rank_boxes(tree, mine, w, 16, p.group_size), w);
    const HostBodies local_only = mine;
    cpu::remote_forces(tree, mine, w, alpha_accel, {let.source()}, nullptr);
    // The GPU: its reset's two passes, then the same LET.
    auto gpu = make_cuda_simulation(Solver::BarnesHut, p);
    gpu->reset(left);
    gpu->add_remote_forces(cpu::tree_layout(let, n));
    HostBodies on_gpu = gpu->download();
    HostBodies cpu_all = mine, gpu_all = on_gpu, without = local_only;
    for (std::size_t i = 0; i < right.size(); ++i) {
      append(cpu_all, right, i), append(gpu_all, right, i), append(without, right, i);
    }
    const ErrorStats c = errors_of_first(cpu_all, left.size(), p.softening);
    const ErrorStats g = errors_of_first(gpu_all, left.size(), p.softening);
    const ErrorStats o = errors_of_first(without, left.size(), p.softening);
    std::printf("alpha %g: LET %zu nodes %zu bodies; p99 gpu %.2e cpu %.2e (own half alone %.2e)\n",
                alpha, let.nodes.size(), let.x.size(), g.p99, c.p99, o.p99);
    EXPECT_LE(g.p99, 1.1 * c.p99);
    EXPECT_LE(g.median, 1.1 * c.median);
    EXPECT_LT(g.p99, 0.05 * o.p99) << "the other half's pull is missing";
    // Bodies numbered from anywhere but this rank's count are refused; an empty tree adds nothing.
    EXPECT_THROW(gpu->add_remote_forces(cpu::tree_layout(let, n + 1)), std::invalid_argument);
    EXPECT_NO_THROW(gpu->add_remote_forces(cpu::tree_layout(cpu::Let{}, n)));
  }
#else
  GTEST_SKIP() << "skipped: galaxy was built without CUDA";
#endif
}

}  // namespace
}  // namespace galaxy
