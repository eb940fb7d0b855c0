// SPDX-License-Identifier: MIT
// The force walk's order by cost (cuda/walk_order.cu): where each resident warp walks few groups
// (800k bodies on an H100: about 5 a warp) the groups dearer than kHeavyShare times the mean of
// their last walks go first, the rest after them in curve order. The order is the only thing it
// may change: every group is walked once (the pass's interaction count is the count mode's replay
// of its decisions, summed over the bodies: a group skipped or walked twice would show), and two
// runs from one state step to the same bits (the heavy groups are listed by atomics, in a
// different order each time). The test skips, saying why, without a CUDA device.
#include <gtest/gtest.h>

#include <cstddef>

#include "scenarios/plummer.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

TEST(GpuWalkOrder, DearestGroupsFirstWalkEveryGroupOnceAndChangeNoBit) {
  REQUIRE_CUDA();
  const HostBodies init = make_plummer(800'000, 9);
  const auto run = [&] {
    auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
    sim->reset(init);
    for (int k = 0; k < 3; ++k) sim->step();  // the passes after the first take the dear first
    sim->synchronize();
    return sim;
  };
  auto a = run();
  auto b = run();
  const HostBodies ha = a->download(), hb = b->download();
  for (const auto member : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx,
                            &HostBodies::ax, &HostBodies::ay, &HostBodies::az, &HostBodies::pot}) {
    ASSERT_EQ(ha.*member, hb.*member);
  }
  const InteractionCounts n = a->meters()->interactions();
  const FieldStats cost = a->fields()->show_field(BodyField::WalkCost);
  EXPECT_EQ(cost.total, static_cast<double>(n.body_body + n.body_cell));
  EXPECT_GT(n.body_cell, 0u);
}

}  // namespace
}  // namespace galaxy
