// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "diagnostics.hpp"
#include "cpu/direct.hpp"
#include "scenarios/plummer.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

TEST(Plummer, IsReproducibleAndSeeded) {
  const HostBodies a = make_plummer(1000, 7), b = make_plummer(1000, 7), c = make_plummer(1000, 8);
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.vz, b.vz);
  EXPECT_NE(a.x, c.x);
}

TEST(Plummer, HenonUnitsVirialEquilibriumAndHalfMassRadius) {
  HostBodies b = make_plummer(20000, 1);
  direct_forces_cpu(b, 0.0f);  // unsoftened potential energy
  const Diagnostics d = compute_diagnostics(b);
  EXPECT_NEAR(d.mass, 1.0, 1e-5);
  // Finite N: both K and W fluctuate by ~1/sqrt(N) ~ 1%; the expected values are 0.25 and -0.5.
  EXPECT_NEAR(d.kinetic, 0.25, 0.01);
  EXPECT_NEAR(d.potential, -0.5, 0.02);
  EXPECT_NEAR(d.total(), -0.25, 0.015);
  EXPECT_NEAR(d.virial_ratio(), 1.0, 0.04);
  // Half-mass radius of a Plummer sphere in Hénon units: (3π/16) / sqrt(2^(2/3) - 1) = 0.769.
  EXPECT_NEAR(test_support::lagrangian_radius(b, 0.5), 0.769, 0.02);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(d.com[k], 0.0, 1e-6);
    EXPECT_NEAR(d.momentum[k], 0.0, 1e-6);
  }
}

}  // namespace
}  // namespace galaxy
