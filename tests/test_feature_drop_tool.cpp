// SPDX-License-Identifier: MIT
// The drop tool as a feature of its own (app/features/drop_tool.hpp): its gesture draws while
// held and drops on release, at the press with the drag's velocity; the --drop script drops its
// galaxy at the view's centre, at rest, on its frame only; its rows ask and change nothing
// themselves; its action sets the galaxy it drops and hands drops, removals and undos to
// BodyEdits, refusing a bad count and a removal with nothing picked.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>

#include "camera.hpp"
#include "cli/run_spec_options.hpp"
#include "features/drop_tool.hpp"
#include "imgui_context.hpp"
#include "run/runner.hpp"

namespace galaxy {
namespace {

// A 640x360 view of the default camera, looking at the origin.
app::ViewPlane plane(const render::OrbitCamera& c) {
  return {c.view_proj(640.0f / 360.0f), {640.0f, 360.0f}, c.target(), c.eye()};
}

TEST(DropToolFeature, TheGestureDropsOnReleaseAtThePressWithTheDragsVelocity) {
  test_support::make_imgui_context(ImVec2(640, 360));
  ImGui::NewFrame();  // the arrow while held goes to the background draw list
  render::OrbitCamera cam;
  const app::ViewPlane v = plane(cam);
  app::DropTool tool;
  app::DropTool::Action a;
  app::InputActions::Drag drag;
  drag.from = {320, 180};
  drag.to = {420, 180};
  drag.held = true;
  tool.gesture(drag, v, cam, {}, a);
  EXPECT_FALSE(a.drop) << "held: the arrow only";
  drag.held = false;
  drag.released = true;
  tool.gesture(drag, v, cam, {}, a);
  ASSERT_TRUE(a.drop);
  EXPECT_NEAR(a.drop->position[0], cam.target().x, 1e-4) << "at the press: the view's centre";
  const double speed = std::hypot(a.drop->velocity[0], a.drop->velocity[1], a.drop->velocity[2]);
  EXPECT_GT(speed, 0.0) << "dragged: it moves";
  EXPECT_EQ(a.drop->bodies, tool.shape().spec.bodies);
  ImGui::EndFrame();
  ImGui::DestroyContext();
}

TEST(DropToolFeature, TheScriptDropsAtTheViewsCentreAtRestOnItsFrameOnly) {
  render::OrbitCamera cam;
  cam.fit({1.0f, 2.0f, 0.5f}, 4.0f);
  const app::DropTool none;
  EXPECT_FALSE(none.scripted(0, cam)) << "no --drop";
  const app::DropTool tool(60, 5000);
  EXPECT_FALSE(tool.scripted(59, cam));
  EXPECT_FALSE(tool.scripted(61, cam));
  const auto d = tool.scripted(60, cam);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->bodies, 5000u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(d->position[k], cam.target()[k], 1e-5);
    EXPECT_EQ(d->velocity[k], 0.0) << "at rest";
  }
}

TEST(DropToolFeature, ItsRowsAskForAToggleAndChangeNothingThemselves) {
  test_support::make_imgui_context(ImVec2(400, 600));
  const app::DropTool tool;
  const app::RunFigures run;
  const app::StatusText st;
  app::DropTool::Action a;
  test_support::click_first_item([&] { tool.section(a, 1000, run, st, -1); });  // the checkbox
  EXPECT_TRUE(a.toggle) << "the click asked";
  EXPECT_FALSE(tool.active()) << "the rows change nothing themselves";
  EXPECT_FALSE(a.shape) << "the galaxy untouched";
  EXPECT_FALSE(a.remove) << "nothing picked: the take-out button is disabled";
  ImGui::DestroyContext();
}

TEST(DropToolFeature, ItsActionSetsTheGalaxyAndHandsItsEditsToBodyEdits) {
  app::Options o;
  o.backend = Backend::Cpu;
  o.scenario = "collision";
  o.bodies = 1000;
  app::Runner runner(std::make_unique<app::Session>(app::run_spec(o)), false, std::size_t(1) << 30);
  runner.exclusive([&](app::Session& s) { runner.republish(s, true); });
  app::BodyEdits edits(runner, 9);
  app::DropTool tool;
  app::DropTool::Action a;
  a.toggle = true;
  a.shape = app::DropShape{};
  a.shape->arrow_time = 3.0f;
  a.bodies_typed = "0";
  std::vector<app::Report> said = tool.apply(a, edits, -1);
  EXPECT_TRUE(tool.active());
  EXPECT_EQ(tool.shape().arrow_time, 3.0f);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].kind, app::Report::Kind::Error);
  EXPECT_EQ(said[0].place, app::Place::Galaxies) << said[0].text;
  EXPECT_FALSE(app::DropTool::edits_the_run(a)) << "a mode and a galaxy are no edit";
  a = {};
  a.bodies_typed = "300";
  said = tool.apply(a, edits, -1);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].kind, app::Report::Kind::Done);
  EXPECT_EQ(tool.shape().spec.bodies, 300u);
  EXPECT_TRUE(tool.active()) << "no toggle asked";
  a = {};
  a.remove = true;
  said = tool.apply(a, edits, -1);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].text.find("click a body"), std::string::npos) << said[0].text;
  EXPECT_FALSE(edits.busy()) << "nothing handed over";
  a = {};
  a.drop = tool.shape().spec;
  a.drop->position = {6.0, 0.0, 0.0};
  EXPECT_TRUE(app::DropTool::edits_the_run(a));
  EXPECT_TRUE(tool.apply(a, edits, -1).empty());
  app::BodyEdits::Outcome out = edits.finish();
  ASSERT_TRUE(out.edited) << (out.reports.empty() ? "" : out.reports[0].text);
  EXPECT_EQ(runner.running().bodies, 1300u);
  a = {};
  a.undo = 1;
  EXPECT_TRUE(tool.apply(a, edits, -1).empty());
  out = edits.finish();
  EXPECT_EQ(runner.running().bodies, 1000u) << "undo took it back";
}

}  // namespace
}  // namespace galaxy
