// SPDX-License-Identifier: MIT
// The run's settings as a feature (app/features/run_settings.hpp): its action, applied through
// RunControl's typed requests without a panel, sets the parameters from the next step, refuses a
// bad value and puts the wanted one back to what runs, and makes the scenario again at a new body
// count; its rows ask and change nothing themselves (the x2 button asks for twice the bodies).
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // HoveredIdPreviousFrame: where the x2 button is

#include "features/run_settings.hpp"
#include "headless_app.hpp"
#include "imgui_context.hpp"
#include "run_control_fixture.hpp"

namespace galaxy {
namespace {

bool has_error(const app::RunControl::Applied& out, app::Place where) {
  for (const app::Report& r : out.reports) {
    if (r.kind == app::Report::Kind::Error && r.place == where) return true;
  }
  return false;
}

// The window's wanted values start as what its run is, before the runner has published anything
// (the body count field read 0 and a CUDA run drew through host copies when they were taken from
// the runner's empty status).
TEST(RunSettingsFeature, TheWindowsWantedValuesStartAsWhatRuns) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(300), why);
  if (!a) GTEST_SKIP() << why;
  const app::RunWanted& w = a->run().control().wanted();
  EXPECT_EQ(w.bodies, 300u);
  EXPECT_EQ(w.scenario, "collision");
  EXPECT_EQ(w.backend, Backend::Cpu);
  EXPECT_TRUE(w.params == SimParams{}) << "the defaults run";
}

TEST(RunSettingsFeature, AParameterIsTakenAndABadOneRefusedWithTheControlPutBack) {
  test_support::LockstepRun run(300);
  app::RunSettings::Action a;
  SimParams p = run.control.wanted().params;
  p.theta = 0.5f;
  a.params = p;
  EXPECT_TRUE(app::RunSettings::edits_the_run(a)) << "quitting unsaved would lose it";
  app::RunControl::Applied out = app::RunSettings::apply(a, run.control);
  EXPECT_FALSE(has_error(out, app::Place::Parameters));
  EXPECT_FALSE(out.changed) << "the same bodies, new parameters from the next step";
  EXPECT_EQ(run.control.wanted().params.theta, 0.5f) << "the one owner of the wanted values";
  run.control.advance({.paused = true, .steps = 1}, 16.0f, std::nullopt);
  EXPECT_EQ(run.runner.running().params.theta, 0.5f);
  p.theta = -1.0f;  // refused by check_params
  a.params = p;
  out = app::RunSettings::apply(a, run.control);
  EXPECT_TRUE(has_error(out, app::Place::Parameters));
  EXPECT_EQ(run.control.wanted().params.theta, 0.5f) << "the slider shows what runs again";
  EXPECT_EQ(run.runner.running().params.theta, 0.5f);
}

TEST(RunSettingsFeature, ABodyCountMakesTheScenarioAgainAndABadOneKeepsTheRun) {
  test_support::LockstepRun run(300);
  app::RunSettings::Action a;
  a.bodies = 400;
  app::RunControl::Applied out = app::RunSettings::apply(a, run.control);
  EXPECT_TRUE(out.changed);
  EXPECT_EQ(run.runner.running().bodies, 400u);
  EXPECT_EQ(run.control.wanted().bodies, 400u);
  a = {};
  a.bodies_typed = "lots";
  out = app::RunSettings::apply(a, run.control);
  EXPECT_TRUE(has_error(out, app::Place::BodyCount));
  EXPECT_FALSE(out.changed);
  EXPECT_EQ(run.runner.running().bodies, 400u);
  EXPECT_EQ(run.control.wanted().bodies, 400u);
  a.bodies_typed = "0.5k";
  out = app::RunSettings::apply(a, run.control);
  EXPECT_EQ(run.runner.running().bodies, 500u);
  EXPECT_EQ(run.control.wanted().bodies, 500u);
}

// Clicks the x2 button of the Simulation section: the mouse moves down the window until ImGui
// says the button is under it, then presses and lets go, as a hand would.
TEST(RunSettingsFeature, ItsRowsAskForTwiceTheBodiesAndChangeNothingThemselves) {
  test_support::make_imgui_context(ImVec2(1280, 800));
  app::RunWanted s;
  s.bodies = 1000;
  s.scenario = "collision";
  app::RunFigures run;
  run.source = "collision";
  const app::StatusText status;
  app::RunSettings::Action a;
  ImGuiID x2 = 0;
  const auto frame = [&](ImVec2 mouse, bool down) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 700));
    ImGui::Begin("test");
    x2 = ImGui::GetID("x2");
    app::RunSettings::section(a, s, {run, 1000, status});
    ImGui::End();
    ImGui::EndFrame();
  };
  frame(ImVec2(-1, -1), false);
  const float fh = ImGui::GetFrameHeight(), pad = ImGui::GetStyle().WindowPadding.x;
  const float x = pad + 400.0f * 0.65f - fh / 2;  // the row's width less half the button
  ImVec2 at(-1, -1);
  for (float y = 0; y < 700 && at.x < 0; y += 2) {
    frame(ImVec2(x, y), false);
    frame(ImVec2(x, y), false);
    if (GImGui->HoveredIdPreviousFrame == x2) at = ImVec2(x, y);
  }
  ASSERT_GE(at.x, 0) << "the x2 button is in the section";
  EXPECT_FALSE(a.bodies || a.params || a.scenario || a.backend || a.solver)
      << "hovering asks nothing";
  frame(at, true);
  frame(at, false);
  ASSERT_TRUE(a.bodies);
  EXPECT_EQ(*a.bodies, 2000u);
  EXPECT_EQ(s.bodies, 1000u) << "the rows change nothing: the run settings' apply does";
  EXPECT_FALSE(a.params || a.scenario || a.backend || a.solver);
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// On be4b4bf the body-count field read 1000 while the run held 1300 after a drop (and a count
// asked later started from the stale one): the wanted count follows the drop tool's edits.
TEST(RunSettingsFeature, TheWantedCountFollowsADroppedGalaxy) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(1000), why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  app::FeatureActions act;
  act.drop.drop = a->features().drop.shape().spec;
  act.drop.drop->bodies = 300;
  act.drop.drop->position = {6.0, 0.0, 0.0};
  a->apply(act);
  for (int k = 0; k < 1000 && a->run().edits().busy(); ++k) ASSERT_TRUE(a->frame());
  ASSERT_EQ(a->run().session().simulation().size(), 1300u);
  EXPECT_EQ(a->run().control().wanted().bodies, 1300u);
}

}  // namespace
}  // namespace galaxy
