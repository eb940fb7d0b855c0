// SPDX-License-Identifier: MIT
// Inspect as a feature of its own (app/features/inspect.hpp): the octree overlay's switch and
// depth and the picked body are its state, changed only through its action; a click is handed to
// the run (InspectTarget) and what the run found comes back through found(); what the overlays
// show changing asks them again; its checkbox asks for a toggle and changes nothing itself.
#include <gtest/gtest.h>
#include <imgui.h>

#include "features/inspect.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

// The run as the feature sees it: what it was asked.
struct FakeRun final : app::InspectTarget {
  void pick(const glm::mat4& vp, glm::vec2 window, glm::vec2 cursor, bool skip_halo) override {
    ++picks;
    last_cursor = cursor;
    last_window = window;
    last_skip_halo = skip_halo;
    last_view_proj = vp;
  }
  void invalidate_overlays() override { ++asked_again; }
  int picks = 0, asked_again = 0;
  glm::vec2 last_cursor{0.0f}, last_window{0.0f};
  bool last_skip_halo = false;
  glm::mat4 last_view_proj{0.0f};
};

TEST(InspectFeature, TheOctreeSwitchAndDepthChangeThroughItsActionAndAskTheOverlaysAgain) {
  app::Inspect in;
  FakeRun run;
  EXPECT_FALSE(in.octree());
  EXPECT_FALSE(in.overlays().shown()) << "nothing shown at the start";
  in.apply({.toggle_octree = true}, run, true);
  EXPECT_TRUE(in.octree());
  EXPECT_EQ(in.overlays().octree_depth, app::Inspect::kDefaultDepth);
  EXPECT_EQ(run.asked_again, 1);
  in.apply({.octree_depth = 6}, run, true);
  EXPECT_EQ(in.overlays().octree_depth, 6);
  EXPECT_EQ(run.asked_again, 2);
  in.apply({.octree_depth = 6}, run, true);
  EXPECT_EQ(run.asked_again, 2) << "the same depth again: the overlays stand";
  in.apply({.toggle_octree = true}, run, true);
  EXPECT_EQ(in.overlays().octree_depth, -1) << "off: no cells asked";
  EXPECT_EQ(in.octree_depth(), 6) << "the depth is kept for the next time";
  const app::Inspect from_options(3);  // --octree 3
  EXPECT_TRUE(from_options.octree());
  EXPECT_EQ(from_options.overlays().octree_depth, 3);
}

TEST(InspectFeature, AClickIsHandedToTheRunAndWhatItFoundBecomesThePick) {
  app::Inspect in;
  FakeRun run;
  const glm::mat4 vp(2.0f);
  in.apply({.pick = app::Inspect::Click{vp, {640, 360}, {100, 50}}}, run, true);
  EXPECT_EQ(run.picks, 1);
  EXPECT_EQ(run.last_cursor, glm::vec2(100, 50));
  EXPECT_EQ(run.last_window, glm::vec2(640, 360));
  EXPECT_EQ(run.last_view_proj, vp);
  EXPECT_TRUE(run.last_skip_halo) << "the halo is hidden: the click passes over it";
  EXPECT_EQ(in.picked(), -1) << "the body is found on the thread, later";
  EXPECT_EQ(run.asked_again, 0);
  app::PickFound p;
  p.index = 12;
  p.inspected.galaxy = 1;
  p.inspected.text = "galaxy 1 (disk)";
  in.found(std::nullopt, p, run);
  EXPECT_EQ(in.picked(), 12);
  EXPECT_EQ(in.overlays().picked, 12);
  EXPECT_EQ(in.inspected(), "galaxy 1 (disk)");
  EXPECT_EQ(run.asked_again, 1) << "another body: its walk is asked at once";
  in.found(std::nullopt, p, run);
  EXPECT_EQ(run.asked_again, 1) << "the same body again: the walk shown stands";
  app::OverlayGeometry g;
  g.info = "body 12: 40 cells accepted";
  g.picked = app::PickedBody{12, {1.0f, 2.0f, 3.0f}, 0.5f};
  in.found(g, std::nullopt, run);
  EXPECT_EQ(in.walk(), g.info);
  ASSERT_TRUE(in.where());
  EXPECT_EQ(in.where()->body, 12);
  in.apply({.select = -1}, run, false);  // Clear pick
  EXPECT_EQ(in.picked(), -1);
  EXPECT_TRUE(in.inspected().empty()) << "what the click found goes with the pick";
  EXPECT_EQ(run.asked_again, 2);
  in.apply({.select = 7}, run, false);  // --pick 7
  EXPECT_EQ(in.picked(), 7);
  in.run_changed();
  EXPECT_EQ(in.picked(), -1) << "a new run: the index names another body";
}

TEST(InspectFeature, ItsCheckboxAsksForAToggleAndLeavesTheOverlayAsItIs) {
  test_support::make_imgui_context(ImVec2(400, 300));
  app::Inspect in;
  app::Inspect::Action a;
  const Units model;
  test_support::click_first_item([&] { in.section(a, model); });
  ImGui::DestroyContext();
  EXPECT_TRUE(a.toggle_octree) << "the click asked for the octree overlay";
  EXPECT_FALSE(in.octree()) << "and the overlay changes only when the action is applied";
  FakeRun run;
  in.apply(a, run, true);
  EXPECT_TRUE(in.octree());
  EXPECT_EQ(run.asked_again, 1);
}

}  // namespace
}  // namespace galaxy
