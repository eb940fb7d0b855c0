// SPDX-License-Identifier: MIT
// The disk galaxy's gas (scenarios/disk_galaxy.hpp's gas_fraction): its share of the disk, its
// temperature, its thin cold layer, and an encounter file's keys for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "scenarios/disk_galaxy.hpp"
#include "scenarios/encounter.hpp"

namespace galaxy {
namespace {

double rms_z(const HostBodies& b, Population p) {
  double s = 0;
  int n = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.population[i] != static_cast<std::uint8_t>(p)) continue;
    s += double(b.z[i]) * b.z[i], ++n;
  }
  return std::sqrt(s / n);
}

TEST(GasDisk, AGalaxyWithoutGasHasNoGasArrays) {
  const HostBodies b = make_disk_galaxy(5000, 3);
  EXPECT_FALSE(b.has_gas());
  EXPECT_EQ(std::count(b.population.begin(), b.population.end(),
                       static_cast<std::uint8_t>(Population::Gas)),
            0);
}

// 15% of the disk's mass in gas bodies of the star bodies' mass, at 10^4 K (u of the model's
// 440 km/s unit speed), in a layer half the stars' thickness, rotating at the circular velocity.
TEST(GasDisk, HasItsShareItsTemperatureAndItsThinColdLayer) {
  DiskGalaxyParams p;
  p.gas_fraction = 0.15;
  const HostBodies b = make_disk_galaxy(40000, 5, p);
  ASSERT_TRUE(b.has_gas());
  double m_gas = 0, m_stars = 0, m_all = 0;
  float m_star_body = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    m_all += b.m[i];
    if (b.is_gas(i)) m_gas += b.m[i];
    if (b.population[i] == static_cast<std::uint8_t>(Population::Disk)) {
      m_stars += b.m[i], m_star_body = b.m[i];
    }
  }
  EXPECT_NEAR(m_gas / (m_gas + m_stars), 0.15, 1e-3);
  EXPECT_NEAR(m_all, 1.0, 1e-4);
  const double u = gas_u_of_temperature(1e4, kDiskGalaxyUnits);
  EXPECT_NEAR(u * 440.0 * 440.0, 101.4, 0.5);  // (km/s)^2: 10.6 km/s of sound speed
  double vphi = 0, vc = 0;
  int ring = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!b.is_gas(i)) {
      EXPECT_EQ(b.u[i], 0.0f);
      continue;
    }
    EXPECT_EQ(b.m[i], m_star_body);
    EXPECT_FLOAT_EQ(b.u[i], static_cast<float>(u));
    const double R = std::hypot(b.x[i], b.y[i]);
    if (R < 1.5 || R > 2.5) continue;
    vphi += (b.x[i] * b.vy[i] - b.y[i] * b.vx[i]) / R;
    vc += disk_galaxy_circular_velocity(p, R);
    ++ring;
  }
  EXPECT_NEAR(vphi / vc, 1.0, 0.01);  // the pressure's support is 0.3% of v_c^2 at R = 2
  EXPECT_LT(rms_z(b, Population::Gas), 0.6 * rms_z(b, Population::Disk));
}

// An encounter's galaxies get gas from their [galaxy.disk] keys, and with physical units its
// temperature is that of the file's units, whatever the galaxy's mass and size.
TEST(GasDisk, AnEncounterGalaxyIsAtItsTemperatureInTheFilesUnits) {
  Encounter e;
  GalaxySpec g;
  g.mass = 4.0, g.scale = 0.5;
  g.disk.gas_fraction = 0.2;
  e.galaxies = {g};
  e.units = {1.0, 1e10};
  const HostBodies b = make_encounter(e, 8000, 9);
  const double u = gas_u_of_temperature(1e4, e.units);
  int gas = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!b.is_gas(i)) continue;
    ++gas;
    EXPECT_FLOAT_EQ(b.u[i], static_cast<float>(u));
  }
  EXPECT_GT(gas, 100);
  e.galaxies[0].disk.gas_fraction = 1.0;
  EXPECT_THROW(check_encounter(e), std::invalid_argument);
  e.galaxies[0].disk.gas_fraction = NAN;
  EXPECT_THROW(check_encounter(e), std::invalid_argument);
}

}  // namespace
}  // namespace galaxy
