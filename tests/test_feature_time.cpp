// SPDX-License-Identifier: MIT
// The time controls as a feature of their own (app/features/time_controls.hpp): their action
// pauses, runs and changes the speed, and what a frame may step follows (RunControl::Grant);
// going to a step or a step back pauses and moves the run through RunControl's requests; a reset
// changes the run wholesale; resume with nothing to resume does nothing; their rows ask and change
// nothing themselves.
#include <gtest/gtest.h>
#include <imgui.h>

#include "features/time_controls.hpp"
#include "imgui_context.hpp"
#include "run_control_fixture.hpp"

namespace galaxy {
namespace {

TEST(TimeControlsFeature, PauseSpeedAndSingleStepsSayWhatAFrameSteps) {
  test_support::LockstepRun run(500);
  app::TimeControls time(app::Speed{app::Speed::Mode::StepsPerFrame, 2.0f, 1.0f});
  EXPECT_FALSE(time.paused());
  app::TimeControls::Action a;
  a.speed_change = -1;  // [: half as fast
  time.apply(a, run.control);
  EXPECT_EQ(time.speed().steps_per_frame, 1.0f);
  run.control.advance(time.grant(a), 16.0f, std::nullopt);
  EXPECT_EQ(run.runner.status().steps, 1u) << "a step a frame";
  a = {};
  a.toggle_pause = true;
  time.apply(a, run.control);
  EXPECT_TRUE(time.paused());
  a = {};
  run.control.advance(time.grant(a), 16.0f, std::nullopt);
  EXPECT_EQ(run.runner.status().steps, 1u) << "paused: none";
  a.step = 2;  // . twice
  const app::RunControl::Grant g = time.grant(a);
  EXPECT_TRUE(g.paused);
  EXPECT_EQ(g.steps, 2);
  run.control.advance(g, 16.0f, std::nullopt);
  EXPECT_EQ(run.runner.status().steps, 3u) << "two single steps";
  a = {};
  a.paused = false;
  a.toggle_pause = true;  // the key, then the set value: set wins
  time.apply(a, run.control);
  EXPECT_FALSE(time.paused());
}

TEST(TimeControlsFeature, GoingBackPausesAndMovesTheRun) {
  test_support::LockstepRun run(500);
  app::TimeControls time;
  app::TimeControls::Action a;
  for (int f = 0; f < 12; ++f) run.control.advance(time.grant(a), 16.0f, std::nullopt);
  ASSERT_EQ(run.runner.status().steps, 12u);
  a.seek = 8;
  app::RunControl::Applied out = time.apply(a, run.control);
  EXPECT_TRUE(time.paused()) << "a seek pauses";
  EXPECT_TRUE(out.moved);
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].kind, app::Report::Kind::Done) << out.reports[0].text;
  EXPECT_TRUE(time.grant(a).moved) << "the frame of a seek grants no step";
  EXPECT_EQ(run.runner.status().steps, 8u);
  a = {};
  a.back = 3;
  out = time.apply(a, run.control);
  EXPECT_EQ(run.runner.status().steps, 5u);
  a.back = 100;
  out = time.apply(a, run.control);
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].kind, app::Report::Kind::Error);
  EXPECT_EQ(out.reports[0].place, app::Place::Timeline);
}

TEST(TimeControlsFeature, AResetChangesTheRunAndResumeNeedsSomethingToResume) {
  test_support::LockstepRun run(500);
  app::TimeControls time;
  app::TimeControls::Action a;
  for (int f = 0; f < 4; ++f) run.control.advance(time.grant(a), 16.0f, std::nullopt);
  a.resume = true;
  app::RunControl::Applied out = time.apply(a, run.control);
  EXPECT_FALSE(out.resumed) << "nothing ran away";
  EXPECT_TRUE(out.reports.empty());
  a = {};
  a.reset = true;
  EXPECT_TRUE(app::TimeControls::edits_the_run(a));
  out = time.apply(a, run.control);
  EXPECT_TRUE(out.changed);
  EXPECT_EQ(run.runner.status().steps, 0u) << "the scenario from its start";
  EXPECT_EQ(run.runner.running().bodies, 500u);
}

TEST(TimeControlsFeature, ItsRowsAskForAToggleAndChangeNothingThemselves) {
  test_support::make_imgui_context(ImVec2(400, 600));
  const app::TimeControls time;
  const app::RunFigures st;
  app::TimeControls::Action a;
  test_support::click_first_item([&] { time.section(a, st, 0); });  // Pause
  EXPECT_TRUE(a.toggle_pause) << "the click asked";
  EXPECT_FALSE(time.paused()) << "the rows change nothing themselves";
  EXPECT_FALSE(a.speed || a.seek || a.reset || a.step || a.back);
  app::TimeControls::Action none;
  test_support::click_first_item([&] { time.runaway_rows(none, st); });
  EXPECT_FALSE(none.resume || none.reset || none.seek) << "no runaway: no rows";
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy
