// SPDX-License-Identifier: MIT
// Issue 22, the first hour: what the panel says after an action (the newest outcome, never an
// older error), driven through App::apply as the panel does.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app.hpp"
#include "headless_app.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<app::App> small_app(std::string& why) {
  app::Options o = test_support::small_options(300);
  o.frames = 1000;
  return test_support::make_app(o, why);
}

app::FeatureActions typed_count(const std::string& text) {
  app::FeatureActions c;
  c.run_settings.bodies_typed = text;
  return c;
}

// The wanted parameters with theta at `theta`, asked of the run as the slider asks.
app::FeatureActions theta_changed(app::App& a, float theta) {
  app::FeatureActions c;
  SimParams p = a.run().control().wanted().params;
  p.theta = theta;
  c.run_settings.params = p;
  return c;
}

// A bad body count, then a good one: the error at the body count (and on the status line) goes
// with the success; it said what was wrong with an attempt that is over.
TEST(Outcomes, ASuccessClearsTheErrorOfAnEarlierAttempt) {
  std::string why;
  auto a = small_app(why);
  if (!a) GTEST_SKIP() << why;
  a->apply(typed_count("12q"));
  ASSERT_EQ(a->status().error_place, app::Place::BodyCount);
  ASSERT_FALSE(a->status().error.empty());
  a->apply(typed_count("400"));
  EXPECT_EQ(a->run().session().simulation().size(), 400u);
  EXPECT_TRUE(a->status().error.empty()) << "still shown: " << a->status().error;
  EXPECT_EQ(a->status().error_place, app::Place::None);

  // The same for a parameter: theta 0 refused, theta 0.5 taken.
  a->apply(theta_changed(*a, 0.0f));
  ASSERT_EQ(a->status().error_place, app::Place::Parameters);
  a->apply(theta_changed(*a, 0.5f));
  EXPECT_TRUE(a->status().error.empty()) << "still shown: " << a->status().error;

  // And for another control: a success anywhere is the newest outcome.
  a->apply(typed_count("-3"));
  ASSERT_EQ(a->status().error_place, app::Place::BodyCount);
  a->apply(theta_changed(*a, 0.6f));
  EXPECT_TRUE(a->status().error.empty()) << "still shown: " << a->status().error;
}

// In one frame's changes an error is never hidden by a success beside it, and a success keeps
// the last thing said ("saved ...") while it clears an older error.
TEST(Outcomes, AnErrorBesideASuccessStaysAndMessagesStay) {
  std::string why;
  auto a = small_app(why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions both = typed_count("500");
  both.run_settings.params = theta_changed(*a, -1.0f).run_settings.params;
  a->apply(both);
  EXPECT_EQ(a->status().error_place, app::Place::Parameters) << a->status().error;
  EXPECT_EQ(a->run().session().simulation().size(), 500u);

  const fs::path f = fs::temp_directory_path() / "galaxy_outcomes.gxy";
  app::FeatureActions save;
  save.snapshots.path = f.string();
  save.snapshots.save = true;
  a->apply(save);
  EXPECT_TRUE(a->status().error.empty());
  a->apply(typed_count("600"));
  EXPECT_EQ(a->status().message, "saved " + f.string()) << "a success with nothing to say";
  fs::remove(f);
}

// The panel's snapshot path saves the format that keeps colours and resumes exactly, also when
// the path typed has no extension (the field then shows the file written, which Load finds).
TEST(Outcomes, ThePanelSavesGxyByDefault) {
  EXPECT_EQ(fs::path(app::Snapshots{}.path()).extension(), ".gxy");
  std::string why;
  auto a = small_app(why);
  if (!a) GTEST_SKIP() << why;
  const fs::path f = fs::temp_directory_path() / "galaxy_outcomes_plain";
  app::FeatureActions save;
  save.snapshots.path = f.string();
  save.snapshots.save = true;
  a->apply(save);
  EXPECT_EQ(a->features().snapshots.path(), f.string() + ".gxy");
  EXPECT_TRUE(fs::exists(f.string() + ".gxy")) << a->status().error;
  fs::remove(f.string() + ".gxy");
}

}  // namespace
}  // namespace galaxy
