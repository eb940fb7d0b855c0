// SPDX-License-Identifier: MIT
// The camera's framing as a feature of its own (app/features/view_framing.hpp): a view direction
// asked (1-5, its buttons) is kept and fitted from, a followed galaxy is what a fit frames, a
// screenshot asked is given to one frame's picture; its buttons ask and change nothing themselves.
#include <gtest/gtest.h>
#include <imgui.h>

#include <glm/glm.hpp>

#include "features/view_framing.hpp"
#include "headless_app.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

// The camera looks at `f`'s centre from its direction (the fit's own, not a copy of its maths).
void expect_framed(const render::OrbitCamera& cam, const app::ViewFit& f) {
  EXPECT_LT(glm::length(cam.target() - f.center), 1e-5f);
  ASSERT_TRUE(f.from);
  const glm::vec3 towards_eye = glm::normalize(cam.eye() - cam.target());
  EXPECT_GT(glm::dot(towards_eye, glm::normalize(*f.from)), 0.999f) << "seen from the direction";
}

TEST(CameraViewFeature, ADirectionKeyFitsTheCameraAndAFollowedGalaxyIsWhatItFrames) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(3000), why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  const HostBodies b = a->run().session().simulation().download();
  app::FeatureActions act;
  act.framing.direction = app::ViewDirection::EdgeOn;  // key 2
  a->apply(act);
  EXPECT_EQ(a->features().framing.direction(), app::ViewDirection::EdgeOn) << "kept";
  expect_framed(a->screen().camera(), app::fit_view(b, -1, app::ViewDirection::EdgeOn));
  app::FeatureActions fit;
  fit.follow = {.mode = app::FollowMode::Galaxy, .galaxy = 1};  // the panel's follow, galaxy 1
  fit.framing.fit = true;  // c: galaxy 1, from the kept direction
  a->apply(fit);
  EXPECT_EQ(a->features().follow.what(), std::make_pair(app::FollowMode::Galaxy, 1));
  const app::ViewFit one = app::fit_view(b, 1, app::ViewDirection::EdgeOn);
  EXPECT_GT(glm::length(one.center - app::fit_view(b, -1, app::ViewDirection::EdgeOn).center),
            0.1f) << "the test tells the galaxy from all";
  expect_framed(a->screen().camera(), one);
}

TEST(CameraViewFeature, AimsAtTheChosenGalaxyUnlessOneIsFollowedAndGivesAScreenshotOnce) {
  app::ViewFraming f(app::ViewDirection::Z, 2);
  EXPECT_FALSE(f.apply({})) << "nothing asked: no fit";
  app::FitAim aim = f.aim({app::FollowMode::Everything, 1});
  EXPECT_EQ(aim.galaxy, 2);
  EXPECT_EQ(aim.direction, app::ViewDirection::Z);
  EXPECT_EQ(f.aim({app::FollowMode::Galaxy, 1}).galaxy, 1) << "the followed galaxy";
  EXPECT_TRUE(f.apply({.fit = true}));
  EXPECT_FALSE(f.take_screenshot());
  EXPECT_FALSE(f.apply({.screenshot = true})) << "a screenshot fits nothing";
  EXPECT_TRUE(f.take_screenshot());
  EXPECT_FALSE(f.take_screenshot()) << "once";
}

// f cycles off, everything, a galaxy, the densest and back; a galaxy chosen (a pick) is kept.
TEST(CameraViewFeature, TheFollowKeyCyclesTheModesAndAPickChoosesTheGalaxy) {
  app::FollowCamera f({app::FollowMode::Off, 0});
  app::FollowCamera::Action cycle;
  cycle.cycle = true;
  f.apply(cycle);
  EXPECT_EQ(f.what().first, app::FollowMode::Everything);
  f.apply(cycle);
  EXPECT_EQ(f.what().first, app::FollowMode::Galaxy);
  app::FollowCamera::Action picked;
  picked.galaxy = 3;
  f.apply(picked);
  EXPECT_EQ(f.what(), std::make_pair(app::FollowMode::Galaxy, 3));
  f.apply(cycle);
  f.apply(cycle);
  EXPECT_EQ(f.what(), std::make_pair(app::FollowMode::Off, 3)) << "round to off";
}

TEST(CameraViewFeature, ItsFirstButtonAsksForFaceOnAndLeavesTheDirectionAsItIs) {
  test_support::make_imgui_context(ImVec2(400, 300));
  app::ViewFraming f;
  app::ViewFraming::Action a;
  test_support::click_first_item([&] { f.buttons(a); });
  ImGui::DestroyContext();
  ASSERT_TRUE(a.direction.has_value()) << "the click asked for a direction";
  EXPECT_EQ(*a.direction, app::ViewDirection::FaceOn);
  EXPECT_EQ(f.direction(), app::ViewDirection::Kept) << "changed only when applied";
  EXPECT_TRUE(f.apply(a)) << "a direction is fitted";
  EXPECT_EQ(f.direction(), app::ViewDirection::FaceOn);
}

}  // namespace
}  // namespace galaxy
