// SPDX-License-Identifier: MIT
// The follow camera as a feature of its own (app/features/follow_camera.hpp): it moves the
// camera's target towards the followed centre, leaves the camera alone when off or while a
// camera path plays, and forgets a centre's motion when another is chosen.
#include <gtest/gtest.h>

#include "features/follow_camera.hpp"

namespace galaxy {
namespace {

using What = app::FollowCamera::What;
constexpr What kEverything{app::FollowMode::Everything, 0};

app::Centres centres(glm::vec3 everything, glm::vec3 galaxy1, double time) {
  app::Centres c;
  c.everything = everything;
  c.galaxy[1] = galaxy1;
  c.densest = everything;
  c.time = time;
  return c;
}

TEST(FollowCameraFeature, GlidesTowardsTheFollowedCentreUnlessOffOrAPathPlays) {
  app::FollowCamera f;
  render::OrbitCamera camera;  // its target at the origin
  f.advance(camera, kEverything, 0.1f, 0.0, false);  // chosen: nothing measured yet
  EXPECT_EQ(camera.target(), glm::vec3(0.0f));
  f.measured(centres({10, 0, 0}, {0, 5, 0}, 0.0), kEverything);
  f.advance(camera, kEverything, 0.1f, 0.0, true);
  EXPECT_EQ(camera.target(), glm::vec3(0.0f)) << "a camera path sets the view";
  f.advance(camera, {app::FollowMode::Off, 0}, 0.1f, 0.0, false);
  EXPECT_EQ(camera.target(), glm::vec3(0.0f)) << "off";
  f.advance(camera, kEverything, 0.1f, 0.0, false);
  EXPECT_EQ(camera.target(), glm::vec3(0.0f)) << "switched back on: the old centre forgotten";
  f.measured(centres({10, 0, 0}, {0, 5, 0}, 0.0), kEverything);
  f.advance(camera, kEverything, 0.1f, 0.0, false);
  const float x = camera.target().x;
  EXPECT_GT(x, 1.0f) << "a tenth of a second closes about 40% of the gap";
  EXPECT_LT(x, 10.0f);
  const What galaxy1{app::FollowMode::Galaxy, 1};
  f.advance(camera, galaxy1, 0.1f, 0.0, false);
  EXPECT_EQ(camera.target().x, x) << "another centre: nothing of it measured yet";
  f.measured(centres({10, 0, 0}, {0, 5, 0}, 0.0), galaxy1);
  f.advance(camera, galaxy1, 0.1f, 0.0, false);
  EXPECT_GT(camera.target().y, 1.0f) << "towards galaxy 1's centre";
  EXPECT_LT(camera.target().x, x);
}

TEST(FollowCameraFeature, ANewRunForgetsTheOldBodiesCentre) {
  app::FollowCamera f;
  render::OrbitCamera camera;
  f.advance(camera, kEverything, 0.1f, 0.0, false);
  f.measured(centres({10, 0, 0}, {0, 5, 0}, 0.0), kEverything);
  f.reset();
  f.advance(camera, kEverything, 0.1f, 0.0, false);
  EXPECT_EQ(camera.target(), glm::vec3(0.0f)) << "nothing measured of the new bodies yet";
  f.measured(centres({10, 0, 0}, {0, 5, 0}, 0.0), kEverything);
  f.advance(camera, kEverything, 0.1f, 0.0, false);
  EXPECT_GT(camera.target().x, 1.0f);
}

// Issue 46, item 1: a merger's remnant shrinks while the view stays where it was. The camera's
// distance keeps its proportion to the followed centre's half-count radius; the wheel (or a fit)
// sets a new proportion, which holds from then on.
TEST(FollowCameraFeature, TheDistanceKeepsItsProportionToTheFollowedExtent) {
  app::FollowCamera f;
  render::OrbitCamera camera;
  camera.set_distance(5.0f);
  const auto frames = [&](app::Centres c, float radius, What what) {
    c.everything_radius = radius;
    c.galaxy_radius[1] = radius;
    for (int k = 0; k < 30; ++k) {
      f.measured(c, what);
      f.advance(camera, what, 0.1f, 0.0, false);
    }
  };
  const app::Centres at = centres({0, 0, 0}, {0, 0, 0}, 0.0);
  frames(at, 2.0f, kEverything);
  EXPECT_NEAR(camera.distance(), 5.0f, 1e-3f) << "the view's own proportion to begin with";
  frames(at, 1.0f, kEverything);
  EXPECT_NEAR(camera.distance(), 2.5f, 0.01f) << "the remnant half as large: half as far";
  camera.zoom(-3.0f);  // the wheel: farther
  const float chosen = camera.distance();
  ASSERT_GT(chosen, 3.0f);
  frames(at, 1.0f, kEverything);
  EXPECT_NEAR(camera.distance(), chosen, 1e-3f * chosen) << "the hand's choice holds";
  frames(at, 0.5f, kEverything);
  EXPECT_NEAR(camera.distance(), 0.5f * chosen, 0.01f * chosen) << "in its proportion";
  const float before = camera.distance();
  frames(at, 0.1f, {app::FollowMode::Densest, 0});  // a point to look at: no extent
  EXPECT_EQ(camera.distance(), before);
  frames(at, 0.1f, {app::FollowMode::Off, 0});
  EXPECT_EQ(camera.distance(), before) << "off";
}

}  // namespace
}  // namespace galaxy
