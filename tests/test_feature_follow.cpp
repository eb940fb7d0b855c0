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

}  // namespace
}  // namespace galaxy
