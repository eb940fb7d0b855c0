// SPDX-License-Identifier: MIT
// Issue 12 in the window: short key presses survive to the next frame, and the window's paths,
// driven through App::apply as the panel does: a runaway pauses and offers the way back, an
// error is shown where the user acted, a failed load is reported as failed.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "app.hpp"
#include "cli/headless_run.hpp"
#include "headless_app.hpp"
#include "hostile_support.hpp"
#include "panel/key_queue.hpp"
#include "run/session.hpp"
#include "simulation.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

// --- Keys ----------------------------------------------------------------------------------

TEST(Hostile, KeyPressesShorterThanAFrameReachTheNextFrameDown) {
  app::KeyQueue q;
  constexpr int kEnter = 257, kEsc = 256, kA = 65, kPress = 1, kRelease = 0;
  // Between two slow frames: Enter tapped, Esc tapped, A pressed.
  q.push({kEnter, 0, kPress, 0});
  q.push({kEnter, 0, kRelease, 0});
  q.push({kEsc, 0, kPress, 0});
  q.push({kEsc, 0, kRelease, 0});
  q.push({kA, 0, kPress, 0});
  auto f1 = q.take_frame();
  ASSERT_EQ(f1.size(), 1u);  // Enter down for this frame; its release waits
  EXPECT_EQ(f1[0].key, kEnter);
  EXPECT_EQ(f1[0].action, kPress);
  auto f2 = q.take_frame();
  ASSERT_EQ(f2.size(), 2u);
  EXPECT_EQ(f2[0].key, kEnter);
  EXPECT_EQ(f2[0].action, kRelease);
  EXPECT_EQ(f2[1].key, kEsc);
  EXPECT_EQ(f2[1].action, kPress);
  auto f3 = q.take_frame();
  ASSERT_EQ(f3.size(), 2u);
  EXPECT_EQ(f3[0].action, kRelease);
  EXPECT_EQ(f3[1].key, kA);
  EXPECT_TRUE(q.take_frame().empty());
  EXPECT_EQ(q.pending(), 0u);
}

// --- The window's paths, driven through App::apply as the panel does ----------------------

std::unique_ptr<app::App> make_headless_app(int bodies, std::string& why) {
  app::Options o = test_support::small_options(bodies);
  o.frames = 1000;
  return test_support::make_app(o, why);
}

TEST(HostileApp, ARunawayPausesOnTheLastGoodStateAndOffersTheWayBack) {
  std::string why;
  auto a = make_headless_app(500, why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  ASSERT_TRUE(a->frame());
  const std::uint64_t before = a->run().session().simulation().steps_taken();
  app::FeatureActions c;
  c.run_settings.params = a->run().control().wanted().params;
  c.run_settings.params->dt = 1e30f;
  a->apply(c);
  EXPECT_TRUE(a->frame()) << "the frame of the runaway";
  EXPECT_NE(a->run().figures().runaway.find("ran away"), std::string::npos);
  EXPECT_FALSE(a->frame()) << "headless: one frame with the message, then the run ends";
  EXPECT_EQ(a->exit_status(), app::kExitRunaway);
  EXPECT_TRUE(a->features().time.paused());
  EXPECT_NE(a->run().figures().runaway.find("ran away"), std::string::npos) << a->run().figures().runaway;
  EXPECT_EQ(a->status().error, a->run().figures().runaway) << "and in the status line";
  EXPECT_EQ(a->status().error_place, app::Place::Runaway);
  EXPECT_EQ(a->run().figures().runaway_good_step, before);
  EXPECT_EQ(a->run().session().simulation().steps_taken(), before);
  // The panel's "go back and continue", with a sane dt first.
  app::FeatureActions fix;
  fix.run_settings.params = a->run().control().wanted().params;
  fix.run_settings.params->dt = 0.0125f;
  a->apply(fix);
  app::FeatureActions go_on;
  go_on.time.resume = true;
  a->apply(go_on);
  EXPECT_EQ(a->status().error_place, app::Place::None);
  EXPECT_TRUE(a->status().error.empty()) << "the status line said it; now it says what happened";
  EXPECT_EQ(a->status().message, "went back to step " + std::to_string(before) + " and continued");
  EXPECT_FALSE(a->features().time.paused());
  EXPECT_FALSE(a->run().session().simulation().runaway());
  EXPECT_TRUE(a->run().figures().runaway.empty());
}

TEST(HostileApp, AnErrorIsShownWhereTheUserActedAndANewOutcomeClearsIt) {
  std::string why;
  auto a = make_headless_app(300, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions save;
  save.snapshots.path = (temp("galaxy_no_such_folder") / "x.csv").string();
  save.snapshots.save = true;
  a->apply(save);
  EXPECT_EQ(a->status().error_place, app::Place::Save);
  EXPECT_NE(a->status().error.find("does not exist"), std::string::npos) << a->status().error;
  EXPECT_TRUE(a->status().message.empty());
  const fs::path good = temp("galaxy_panel_save.csv");
  save.snapshots.path = good.string();
  a->apply(save);
  EXPECT_TRUE(a->status().error.empty()) << "the stale error is gone: " << a->status().error;
  EXPECT_EQ(a->status().message, "saved " + good.string());
  // A body count beyond memory: the error sits at the body count, the run stays.
  app::FeatureActions n;
  n.run_settings.bodies = 99'999'999'999ull;
  a->apply(n);
  EXPECT_EQ(a->status().error_place, app::Place::BodyCount);
  EXPECT_NE(a->status().error.find("99,999,999,999 bodies need"), std::string::npos)
      << a->status().error;
  EXPECT_TRUE(a->status().message.empty());
  EXPECT_EQ(a->run().session().simulation().size(), 300u);
  EXPECT_EQ(a->run().control().wanted().bodies, 300u);
  fs::remove(good);
}

// A failed load in the same apply as a body count that succeeds: the status line says the load
// failed (never "loaded"), the new count runs. A load that succeeds puts the file's parameters
// and count into the panel's settings, and the scenario field shows the snapshot that runs.
TEST(HostileApp, AFailedLoadBesideASuccessfulChangeIsReportedAsFailed) {
  std::string why;
  auto a = make_headless_app(300, why);
  if (!a) GTEST_SKIP() << why;
  const fs::path saved = temp("galaxy_panel_load.gxy");
  app::FeatureActions save;
  save.snapshots.path = saved.string();
  save.snapshots.save = true;
  a->apply(save);
  ASSERT_TRUE(a->status().error.empty()) << a->status().error;

  // The body count (the run settings' action), then the load (the snapshots' action), in one frame.
  app::FeatureActions count;
  count.run_settings.bodies = 400;
  a->apply(count);
  app::FeatureActions failed;
  failed.snapshots.path = temp("galaxy_no_such_file.gxy").string();
  failed.snapshots.load = true;
  a->apply(failed);
  EXPECT_EQ(a->status().error_place, app::Place::Load);
  EXPECT_TRUE(a->status().message.empty()) << a->status().message;
  EXPECT_EQ(a->run().session().simulation().size(), 400u);
  EXPECT_EQ(a->run().control().wanted().bodies, 400u);
  EXPECT_EQ(a->run().figures().source, "collision");

  app::FeatureActions theta;
  theta.run_settings.params = a->run().control().wanted().params;
  theta.run_settings.params->theta = 0.5f;
  a->apply(theta);
  app::FeatureActions load;
  load.snapshots.path = saved.string();
  load.snapshots.load = true;
  a->apply(load);
  EXPECT_TRUE(a->status().error.empty()) << a->status().error;
  EXPECT_EQ(a->status().message.rfind("loaded " + saved.string(), 0), 0u) << a->status().message;
  EXPECT_EQ(a->run().session().simulation().size(), 300u);
  EXPECT_EQ(a->run().control().wanted().bodies, 300u);
  EXPECT_EQ(a->run().control().wanted().params.theta, SimParams{}.theta) << "the file's theta, now wanted";
  EXPECT_EQ(a->run().session().simulation().params().theta, SimParams{}.theta);
  EXPECT_EQ(a->run().figures().source, "snapshot " + saved.string());
  fs::remove(saved);
}

}  // namespace
}  // namespace galaxy
