// SPDX-License-Identifier: MIT
// Framing the bodies (app/picture/view_fit.hpp): face-on looks down the spin, edge-on across it,
// one galaxy alone when chosen, and the dark halo is left out of the sphere.
#include <gtest/gtest.h>

#include <cmath>

#include "camera.hpp"
#include "picture/view_fit.hpp"
#include "scenarios/drop.hpp"
#include "scenarios/encounter.hpp"

namespace galaxy {
namespace {

HostBodies disk_at(Vec3d where, Vec3d spin, std::uint8_t tag, std::size_t n) {
  DropSpec d;
  d.bodies = n;
  d.position = where;
  d.spin = spin;
  HostBodies b = make_drop(d, 3 + tag);
  std::fill(b.galaxy.begin(), b.galaxy.end(), tag);
  return b;
}

TEST(ViewFit, FaceOnEdgeOnAndOneGalaxy) {
  HostBodies b = disk_at({0, 0, 0}, {1, 0, 1}, 0, 6000);
  append(b, disk_at({40, 0, 0}, {0, 1, 0}, 1, 3000));
  const app::ViewFit face = app::fit_view(b, 0, app::ViewDirection::FaceOn);
  ASSERT_TRUE(face.from);
  EXPECT_NEAR(face.from->x, std::sqrt(0.5f), 0.03f);
  EXPECT_NEAR(face.from->z, std::sqrt(0.5f), 0.03f);
  EXPECT_LT(glm::length(face.center), 1.0f) << "galaxy 0 alone";
  EXPECT_LT(face.radius, 10.0f);
  const app::ViewFit edge = app::fit_view(b, 1, app::ViewDirection::EdgeOn);
  ASSERT_TRUE(edge.from);
  EXPECT_NEAR(edge.from->y, 0.0f, 0.05f) << "across galaxy 1's spin (+y)";
  EXPECT_NEAR(edge.center.x, 40.0f, 1.0f);
  const app::ViewFit both = app::fit_view(b, -1, app::ViewDirection::Kept);
  EXPECT_FALSE(both.from);
  EXPECT_GT(both.radius, 15.0f) << "both galaxies";
  // The halo reaches far but is not drawn: the sphere is the stars'.
  std::size_t halo = 0;
  for (auto p : b.population) halo += p == std::uint8_t(Population::Halo);
  ASSERT_GT(halo, 0u);
  const app::ViewFit z = app::fit_view(b, 0, app::ViewDirection::Z);
  EXPECT_EQ(*z.from, glm::vec3(0, 0, 1));
  EXPECT_EQ(app::parse_view("edge-on"), app::ViewDirection::EdgeOn);
  EXPECT_FALSE(app::parse_view("top"));
}

TEST(ViewFit, TheCameraLooksFromTheDirectionGiven) {
  render::OrbitCamera cam;
  cam.fit({1, 2, 3}, 5);
  cam.look_from({0.3f, 0.4f, -0.5f});
  const glm::vec3 d = glm::normalize(cam.eye() - cam.target());
  EXPECT_NEAR(d.x, 0.3f / std::sqrt(0.5f), 1e-4f);
  EXPECT_NEAR(d.y, 0.4f / std::sqrt(0.5f), 1e-4f);
  EXPECT_NEAR(d.z, -0.5f / std::sqrt(0.5f), 1e-4f);
  cam.look_from({0, 1, 0});
  EXPECT_NEAR(cam.pitch, 1.55f, 1e-6f) << "just short of the pole";
}

}  // namespace
}  // namespace galaxy
