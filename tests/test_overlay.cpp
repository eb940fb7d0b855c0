// SPDX-License-Identifier: MIT
// The walk overlay (picture/overlay.hpp): picking the body nearest the cursor, the boxes of a
// picked body's walk from the running backend, far cells fading, the info line, and how often
// the overlay asks the backend again; a pick after going back in time, and with the direct
// solver.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "cpu/cpu_simulation.hpp"
#include "picture/overlay.hpp"
#include "scenarios/plummer.hpp"
#include "simulation.hpp"

namespace galaxy {
namespace {

TEST(Overlay, PickFindsTheBodyNearestTheCursor) {
  HostBodies b;
  b.resize(3);
  const float xs[3] = {-0.5f, 0.0f, 0.5f};
  for (int i = 0; i < 3; ++i) {
    b.x[i] = xs[i];
    b.y[i] = 0.0f;
    b.z[i] = 0.0f;
    b.m[i] = 1.0f;
  }
  const glm::mat4 identity(1.0f);  // window x = (x + 1) / 2 * width
  EXPECT_EQ(app::pick_body(b, identity, 100, 100, {52, 49}, 10), 1);
  EXPECT_EQ(app::pick_body(b, identity, 100, 100, {74, 50}, 10), 2);
  EXPECT_EQ(app::pick_body(b, identity, 100, 100, {40, 90}, 10), -1) << "nothing near";
}

// The overlay asks the running backend: a picked body's walk on the CPU backend gives a box for
// each accepted (green) and opened (red) cell, a yellow marker for each body summed directly and a
// cyan one for the body, and the tree's cells come from the same backend, coloured by level.
// Readable at any N: while a body is picked the tree's cells stay off, and cells far from the body
// for their size fade (to no less than 15% of the colour's opacity) while those beside it keep
// it.
TEST(Overlay, APickedWalkShowsAloneAndFarCellsFade) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(3000, 7));
  const WalkTrace t = sim.trace_walk(42);
  EXPECT_EQ(app::overlay_geometry(sim, 3, -1).boxes.size(), sim.tree_cells(3).size());
  const app::OverlayGeometry g = app::overlay_geometry(sim, 3, 42);
  EXPECT_EQ(g.boxes.size(), t.accepted.size() + t.opened.size() + 1)
      << "no tree cells: the walk and its group's box";
  float lo = 1, hi = 0;
  for (auto it = g.boxes.begin(); it != g.boxes.end() - 1; ++it) {  // the walk; last: its group
    const render::Box& b = *it;
    lo = std::min(lo, b.color.a);
    hi = std::max(hi, b.color.a);
    EXPECT_GE(b.color.a, 0.15f * 0.35f - 1e-6f);
  }
  EXPECT_FLOAT_EQ(hi, 0.7f) << "a cell beside the body keeps the accepted colour's opacity";
  EXPECT_LT(lo, 0.5f * hi) << "far cells fade";
}

TEST(Overlay, APickedBodysWalkComesFromTheRunningBackend) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(3000, 7));
  const WalkTrace t = sim.trace_walk(42);
  const app::OverlayGeometry g = app::overlay_geometry(sim, -1, 42);
  ASSERT_FALSE(t.accepted.empty());
  ASSERT_FALSE(t.opened.empty());
  // The CPU backend walks groups as the GPU does: their box is drawn too (magenta).
  ASSERT_GT(t.group_bodies, 1u);
  ASSERT_LE(t.group_bodies, std::size_t(sim.params().group_size));
  ASSERT_EQ(g.boxes.size(), t.accepted.size() + t.opened.size() + 1);
  const render::Box& group = g.boxes.back();
  EXPECT_GT(group.color.b, 2 * group.color.g) << "magenta";
  ASSERT_EQ(g.markers.size(), t.direct.size() + 1);
  const auto green = [](const render::Box& b) { return b.color.g > 2 * b.color.r; };
  const auto red = [](const render::Box& b) { return b.color.r > 2 * b.color.g; };
  const auto walk_end = g.boxes.end() - 1;
  EXPECT_EQ(std::count_if(g.boxes.begin(), walk_end, green), std::ptrdiff_t(t.accepted.size()));
  EXPECT_EQ(std::count_if(g.boxes.begin(), walk_end, red), std::ptrdiff_t(t.opened.size()));
  const HostBodies b = sim.download();
  EXPECT_EQ(g.markers.back().position, glm::vec3(b.x[42], b.y[42], b.z[42])) << "the body";
  EXPECT_NE(g.info.find("body 42"), std::string::npos) << g.info;
  EXPECT_NE(g.info.find(std::to_string(t.accepted.size()) + " cells accepted"), std::string::npos)
      << g.info;
  EXPECT_NE(g.info.find("walked with its group of " + std::to_string(t.group_bodies)),
            std::string::npos)
      << g.info;

  const app::OverlayGeometry cells = app::overlay_geometry(sim, 3, -1);
  EXPECT_EQ(cells.boxes.size(), sim.tree_cells(3).size());
  EXPECT_FALSE(cells.boxes.empty());
  EXPECT_TRUE(cells.markers.empty());
  EXPECT_TRUE(cells.info.empty());
  EXPECT_TRUE(app::overlay_geometry(sim, -1, 3000).boxes.empty()) << "no such body: no walk";
}

// The info line names a group walk (the CUDA backend) and its size.
TEST(Overlay, TheInfoLineSaysWhenABodyWalkedWithItsGroup) {
  WalkTrace t;
  t.accepted.resize(5);
  t.opened.resize(3);
  t.direct.resize(7);
  t.group_bodies = 32;
  const std::string info = app::walk_info(9, 0.75f, t);
  EXPECT_NE(info.find("body 9 at theta 0.75: 5 cells accepted (green), 3 opened (red), 7 bodies"),
            std::string::npos)
      << info;
  EXPECT_NE(info.find("walked with its group of 32 bodies"), std::string::npos) << info;
}

// The overlay asks again at once after a change of what it shows, else only when the run has
// stepped and at most once per interval of wall-clock time.
TEST(Overlay, RefreshFollowsStepsAtMostFiveTimesASecond) {
  using Clock = app::OverlayRefresh::Clock;
  app::OverlayRefresh r;
  const Clock::time_point t0{};
  const auto ms = [&](int k) { return t0 + std::chrono::milliseconds(k); };
  EXPECT_TRUE(r.due(0, false, ms(1000))) << "the first frame draws (or clears) the overlays";
  EXPECT_FALSE(r.due(5, false, ms(2000))) << "nothing shown: nothing to ask";
  EXPECT_FALSE(r.due(0, true, ms(2000))) << "the run has not stepped";
  EXPECT_TRUE(r.due(1, true, ms(2000)));
  EXPECT_FALSE(r.due(2, true, ms(2100))) << "stepped, but too soon";
  EXPECT_FALSE(r.due(3, true, ms(2199)));
  EXPECT_TRUE(r.due(4, true, ms(2200)));
  r.invalidate();
  EXPECT_TRUE(r.due(4, true, ms(2201))) << "a change of what is shown: at once";
  EXPECT_FALSE(r.due(4, true, ms(5000)));
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

class OverlayAfterGoingBack : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    std::string why;
    if (GetParam() == Backend::Cuda && !cuda_available(&why)) GTEST_SKIP() << "skipped: " << why;
  }
};

// On be4b4bf a click after an undo said "overlay: trace_walk: no force pass since going back in
// time: step once". The walk shows at once, and the run repeats bit for bit afterwards: the
// force pass made for it leaves no trace in the state.
TEST_P(OverlayAfterGoingBack, APickAfterAnUndoShowsTheWalkAndTheRunRepeatsExactly) {
  auto sim = make_simulation(GetParam(), Solver::BarnesHut, {});
  sim->reset(make_plummer(3000, 7));
  for (int k = 0; k < 3; ++k) sim->step();
  const std::unique_ptr<Keyframe> back = sim->capture();
  for (int k = 0; k < 4; ++k) sim->step();
  const HostBodies first = [&] {
    sim->restore(*back);
    for (int k = 0; k < 2; ++k) sim->step();
    return sim->download();
  }();
  sim->restore(*back);
  ASSERT_FALSE(sim->overlays()->tree_current()) << "the case this test is about";
  const app::OverlayGeometry g = app::overlay_geometry(*sim, -1, 42);
  EXPECT_FALSE(g.boxes.empty());
  EXPECT_NE(g.info.find("body 42 at theta"), std::string::npos) << g.info;
  EXPECT_FALSE(app::overlay_geometry(*sim, 3, -1).boxes.empty()) << "the tree's cells too";
  for (int k = 0; k < 2; ++k) sim->step();
  const HostBodies again = sim->download();
  ASSERT_EQ(again.size(), first.size());
  EXPECT_EQ(again.x, first.x);
  EXPECT_EQ(again.vx, first.vx);
  EXPECT_EQ(again.ax, first.ax);
}

// The direct solver walks no tree: the pick says so in the panel's words, nothing throws.
TEST_P(OverlayAfterGoingBack, TheDirectSolversPickSaysThereIsNoWalk) {
  auto sim = make_simulation(GetParam(), Solver::Direct, {});
  sim->reset(make_plummer(500, 7));
  const app::OverlayGeometry g = app::overlay_geometry(*sim, -1, 42);
  EXPECT_TRUE(g.boxes.empty());
  EXPECT_NE(g.info.find("body 42: the direct solver sums all 499 other bodies"),
            std::string::npos)
      << g.info;
  EXPECT_EQ(g.info.find("trace_walk"), std::string::npos) << g.info;
}

INSTANTIATE_TEST_SUITE_P(Backends, OverlayAfterGoingBack,
                         ::testing::Values(Backend::Cpu, Backend::Cuda),
                         [](const auto& info) { return std::string(to_string(info.param)); });

}  // namespace
}  // namespace galaxy
