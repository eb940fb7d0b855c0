// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>

#include "physics.hpp"

namespace galaxy {
namespace {

TEST(Physics, PairInteractionIsNewtonianFarAway) {
  physics::Accum<double> a;
  physics::interact<double>(a, 3.0, 4.0, 0.0, 2.0, 0.0);  // r = 5, m = 2
  EXPECT_NEAR(a.ax, 2.0 * 3.0 / 125.0, 1e-15);
  EXPECT_NEAR(a.ay, 2.0 * 4.0 / 125.0, 1e-15);
  EXPECT_DOUBLE_EQ(a.az, 0.0);
  EXPECT_NEAR(a.pot, -2.0 / 5.0, 1e-15);
}

TEST(Physics, SofteningBoundsTheForceAndSelfPairIsZero) {
  physics::Accum<float> a;
  physics::interact<float>(a, 0.0f, 0.0f, 0.0f, 1.0f, 0.01f);
  EXPECT_EQ(a.ax, 0.0f);
  EXPECT_NEAR(a.pot, -10.0f, 1e-5f);  // -m / eps
  physics::Accum<float> b;
  physics::interact<float>(b, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f);
  EXPECT_EQ(b.pot, 0.0f);
  EXPECT_TRUE(std::isfinite(b.ax));
}

TEST(Physics, MortonKeyOctantsMatchGeometricOctants) {
  const float lo = -1.0f, size = 2.0f;
  for (int oct = 0; oct < 8; ++oct) {
    const float px = (oct & 1) ? 0.5f : -0.5f, py = (oct & 2) ? 0.5f : -0.5f,
                pz = (oct & 4) ? 0.5f : -0.5f;
    const auto key = physics::morton_key(px, py, pz, lo, lo, lo, 1.0f / size);
    EXPECT_EQ(physics::key_octant(key, 1), oct);
    EXPECT_EQ(physics::octant(px, py, pz, 0.0f, 0.0f, 0.0f), oct);
  }
}

TEST(Physics, MortonKeysPreserveOrderAlongEachAxis) {
  for (int i = 0; i + 1 < 1000; ++i) {
    const float a = -1.0f + 2.0f * i / 1000.0f, b = -1.0f + 2.0f * (i + 1) / 1000.0f;
    EXPECT_LT(physics::morton_key(a, 0, 0, -1, -1, -1, 0.5f),
              physics::morton_key(b, 0, 0, -1, -1, -1, 0.5f));
  }
}

TEST(Physics, OpeningCriterion) {
  // size 1 at distance 2: size/dist = 0.5, accepted for theta > 0.5, opened below.
  EXPECT_TRUE(physics::accept_cell(4.0f, physics::open_limit2(1.0f, 1.0f / (0.6f * 0.6f))));
  EXPECT_FALSE(physics::accept_cell(4.0f, physics::open_limit2(1.0f, 1.0f / (0.4f * 0.4f))));
}

}  // namespace
}  // namespace galaxy
