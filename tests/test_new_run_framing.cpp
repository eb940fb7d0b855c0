// SPDX-License-Identifier: MIT
// A new run frames itself (issue 46): after a body count, a scenario, an encounter or a load the
// camera glides to the new bodies' framing (features/view_framing.hpp decides,
// picture/camera_glide.hpp moves), unless the hand moved the view in the last three seconds; c and
// 1-5 still fit at once.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/glm.hpp>

#include "features/view_framing.hpp"
#include "headless_app.hpp"
#include "picture/camera_glide.hpp"
#include "picture/view_fit.hpp"

namespace galaxy {
namespace {

using Clock = app::ViewFraming::Clock;

TEST(NewRunFraming, ANewRunFramesItselfUnlessTheHandMovedTheViewInTheLastThreeSeconds) {
  app::ViewFraming f;
  const Clock::time_point t0 = Clock::now();
  EXPECT_TRUE(f.reframes(t0)) << "never moved by hand";
  EXPECT_FALSE(f.apply({.by_hand = true}, t0)) << "a drag fits nothing";
  EXPECT_FALSE(f.reframes(t0 + std::chrono::milliseconds(2900)));
  EXPECT_TRUE(f.reframes(t0 + std::chrono::seconds(3)));
}

TEST(NewRunFraming, AGlideEasesFromWhereTheCameraWasToTheFramingTheShortWayRound) {
  render::OrbitCamera from, to;
  from.yaw = 3.0f;
  to.yaw = -3.0f;  // 0.28 rad away across +-pi, not 6 rad back
  to.fit(glm::vec3(10, 0, 0), 40.0f);
  app::CameraGlide g;
  render::OrbitCamera cam = from;
  g.start(from, to);
  g.advance(cam, 0.5f * app::CameraGlide::kSeconds);
  EXPECT_TRUE(g.active());
  EXPECT_NEAR(cam.target().x, 5.0f, 1e-4f) << "halfway in time is halfway (smoothstep)";
  EXPECT_NEAR(cam.distance(), std::sqrt(from.distance() * to.distance()), 1e-3f) << "log scale";
  EXPECT_GT(std::cos(cam.yaw - 3.14159f), 0.999f) << "through pi, the short way";
  g.advance(cam, app::CameraGlide::kSeconds);
  EXPECT_FALSE(g.active());
  EXPECT_EQ(cam.target(), to.target());
  EXPECT_EQ(cam.distance(), to.distance());
  EXPECT_EQ(cam.yaw, to.yaw) << "there, and no further";
}

// Frames until the app's glide ends (each advances it by the frame's wall-clock time).
void until_framed(app::App& a) {
  for (int k = 0; k < 5000 && a.screen().gliding(); ++k) ASSERT_TRUE(a.frame());
  ASSERT_FALSE(a.screen().gliding());
}

// On be4b4bf a scenario switch left the camera where the old run had put it.
TEST(NewRunFraming, AScenarioSwitchGlidesToTheNewBodiesAndAHandJustBeforeKeepsTheView) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(1000), why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  app::FeatureActions plummer;
  plummer.run_settings.scenario = "plummer";
  a->apply(plummer);
  const app::ViewFit f = app::fit_view(a->run().session().simulation().download(), -1,
                                       app::ViewDirection::Kept);
  render::OrbitCamera framed = a->screen().camera();
  framed.fit(f.center, f.radius);
  EXPECT_TRUE(a->screen().gliding());
  until_framed(*a);
  EXPECT_LT(glm::length(a->screen().camera().target() - f.center), 1e-4f * f.radius);
  EXPECT_NEAR(a->screen().camera().distance(), framed.distance(), 1e-4f * framed.distance());

  app::FeatureActions hand;
  hand.framing.by_hand = true;  // a drag this frame
  a->apply(hand);
  const render::OrbitCamera kept = a->screen().camera();
  app::FeatureActions collision;
  collision.run_settings.scenario = "collision";
  a->apply(collision);
  EXPECT_FALSE(a->screen().gliding()) << "the hand moved the view just before";
  ASSERT_TRUE(a->frame());
  EXPECT_EQ(a->screen().camera().distance(), kept.distance());
  EXPECT_EQ(a->screen().camera().target(), kept.target());
}

// A body count typed into the panel is a new run too; c fits at once, stopping a glide.
TEST(NewRunFraming, ABodyCountGlidesAndCFitsAtOnce) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(1000), why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  a->screen().camera().zoom(-20.0f);  // far out, as a user might have left it
  const float far = a->screen().camera().distance();
  app::FeatureActions more;
  more.run_settings.bodies = 2000;
  a->apply(more);
  ASSERT_TRUE(a->screen().gliding());
  app::FeatureActions c;
  c.framing.fit = true;
  a->apply(c);
  EXPECT_FALSE(a->screen().gliding()) << "c fits at once";
  EXPECT_LT(a->screen().camera().distance(), 0.5f * far);
}

}  // namespace
}  // namespace galaxy
