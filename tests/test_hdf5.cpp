// SPDX-License-Identifier: MIT
// HDF5 snapshots: galaxy's round trip, GADGET (two files, a MassTable-only type, double
// datasets, cosmological) and SWIFT layouts written here through the HDF5 C library, units in
// and out, the particle-type choice, the progress callback. Damaged files: test_hdf5_damaged.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

#include "hdf5_files.hpp"
#include "io/hdf5.hpp"
#include "io/snapshot.hpp"
#include "snapshot_files.hpp"

namespace galaxy {
namespace {

using namespace test_support;

// `b` grouped as the HDF5 writer groups it: halo, disk, bulge, stars, each in galaxy's order.
HostBodies grouped_by_type(const HostBodies& b) {
  std::vector<std::size_t> order(b.size());
  std::iota(order.begin(), order.end(), 0);
  const int rank[4] = {3, 1, 2, 0};  // Star, Disk, Bulge, Halo -> types 4, 2, 3, 1
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    return rank[b.population[i]] < rank[b.population[j]];
  });
  HostBodies out;
  out.resize(b.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t i = order[k];
    out.x[k] = b.x[i], out.y[k] = b.y[i], out.z[k] = b.z[i];
    out.vx[k] = b.vx[i], out.vy[k] = b.vy[i], out.vz[k] = b.vz[i], out.m[k] = b.m[i];
    out.population[k] = b.population[i], out.galaxy[k] = b.galaxy[i];
  }
  return out;
}

// Units through cm and grams and back: equal to the last bit or two.
void expect_units(const Units& want, const Units& got) {
  EXPECT_NEAR(got.length_kpc, want.length_kpc, 1e-14 * want.length_kpc);
  EXPECT_NEAR(got.mass_msun, want.mass_msun, 1e-14 * want.mass_msun);
}

void expect_same_bodies(const HostBodies& want, const HostBodies& got) {
  ASSERT_EQ(want.size(), got.size());
  for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
                 &HostBodies::vz, &HostBodies::m}) {
    EXPECT_TRUE(same_bits(want.*m, got.*m));
  }
  EXPECT_EQ(want.population, got.population);
  EXPECT_EQ(want.galaxy, got.galaxy);
}

TEST(Hdf5, RoundTripKeepsBodiesTagsTimeAndUnits) {
  const fs::path d = temp_dir();
  io::Snapshot s = sample_state();
  s.units = kDiskGalaxyUnits;
  s.time = 1.25;
  const fs::path f = d / "state.hdf5";
  io::save_snapshot(f, s);
  EXPECT_TRUE(io::has_hdf5_signature(f));
  const io::Snapshot r = io::load_snapshot(f);
  expect_same_bodies(grouped_by_type(s.bodies), r.bodies);
  EXPECT_EQ(r.time, 1.25);
  expect_units(kDiskGalaxyUnits, r.units);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  // Recognised by its signature whatever the name; no temporary file is left behind.
  fs::copy_file(f, d / "state.dat");
  expect_same_bodies(r.bodies, io::load_snapshot(d / "state.dat").bodies);
  for (const auto& e : fs::directory_iterator(d)) {
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  }
  fs::remove_all(d);
}

TEST(Hdf5, ARunWithoutUnitsLoadsWithoutUnitsAndSaysSo) {
  const fs::path d = temp_dir();
  const io::Snapshot s = sample_state(300);
  io::save_snapshot(d / "plain.h5", s);
  const io::Snapshot r = io::load_snapshot(d / "plain.h5");
  EXPECT_FALSE(r.units.physical());
  expect_same_bodies(grouped_by_type(s.bodies), r.bodies);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("states no units"), std::string::npos) << r.warnings[0];
  fs::remove_all(d);
}

// A GADGET-2-style snapshot in two files, in kpc, 1e10 M☉ and km/s (units in GADGET-4's
// Parameters group): 3 + 2 dark matter bodies of MassTable mass 0.5 (no Masses dataset), 2 + 1
// stars with Masses, all in double; 32-bit counts with the high words.
void write_gadget_pair(const fs::path& d) {
  for (int file = 0; file < 2; ++file) {
    H5Writer w(d / ("snap_005." + std::to_string(file) + ".hdf5"));
    const std::vector<std::uint32_t> here = file == 0 ? std::vector<std::uint32_t>{0, 3, 0, 0, 2, 0}
                                                      : std::vector<std::uint32_t>{0, 2, 0, 0, 1, 0};
    w.group("/Header");
    w.attr("/Header", "NumPart_ThisFile", H5T_NATIVE_UINT32, here);
    w.attr("/Header", "NumPart_Total", H5T_NATIVE_UINT32, std::vector<std::uint32_t>{0, 5, 0, 0, 3, 0});
    w.attr("/Header", "NumPart_Total_HighWord", H5T_NATIVE_UINT32, std::vector<std::uint32_t>(6, 0));
    w.attr("/Header", "MassTable", H5T_NATIVE_DOUBLE, std::vector<double>{0, 0.5, 0, 0, 0, 0});
    w.attr("/Header", "NumFilesPerSnapshot", H5T_NATIVE_INT32, std::vector<std::int32_t>{2}, true);
    w.attr("/Header", "Time", 2.0);
    w.attr("/Header", "Redshift", 0.0);
    w.group("/Parameters");
    w.attr("/Parameters", "UnitLength_in_cm", 3.085678e21);
    w.attr("/Parameters", "UnitMass_in_g", 1.989e43);
    w.attr("/Parameters", "UnitVelocity_in_cm_per_s", 1e5);
    for (int type : {1, 4}) {
      const std::string g = "/PartType" + std::to_string(type);
      const std::size_t n = here[type];
      w.group(g);
      std::vector<double> pos(3 * n), vel(3 * n);
      for (std::size_t i = 0; i < 3 * n; ++i) {
        pos[i] = 10.0 * file + type + 0.1 * double(i);
        vel[i] = 100.0 + double(i);
      }
      w.doubles(g + "/Coordinates", pos, 3);
      w.doubles(g + "/Velocities", vel, 3);
      if (type == 4) w.doubles(g + "/Masses", std::vector<double>(n, 0.25 + file), 1);
      w.dataset(g + "/ParticleIDs", std::vector<std::uint64_t>(n, 7), 1, H5T_STD_U64LE,
                H5T_NATIVE_UINT64);
    }
  }
}

TEST(Hdf5, GadgetTwoFilesWithAMassTableType) {
  const fs::path d = temp_dir();
  write_gadget_pair(d);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> progress;
  io::LoadOptions o;
  o.progress = [&](std::uint64_t done, std::uint64_t total) { progress.emplace_back(done, total); };
  // Either file of the set loads them all.
  const io::Snapshot s = io::load_snapshot(d / "snap_005.1.hdf5", o);
  ASSERT_EQ(s.bodies.size(), 8u);
  const Units want{3.085678e21 / io::kCmPerKpc, 1.989e43 / io::kGramsPerMsun};
  EXPECT_NEAR(s.units.length_kpc, want.length_kpc, 1e-12);
  EXPECT_NEAR(s.units.mass_msun, want.mass_msun, 1e-2);
  // File 0's 3 halo and 2 star bodies, then file 1's 2 and 1.
  const Population pops[8] = {Population::Halo, Population::Halo, Population::Halo,
                              Population::Star, Population::Star, Population::Halo,
                              Population::Halo, Population::Star};
  const float masses[8] = {0.5f, 0.5f, 0.5f, 0.25f, 0.25f, 0.5f, 0.5f, 1.25f};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(s.bodies.population[i], static_cast<std::uint8_t>(pops[i])) << i;
    EXPECT_EQ(s.bodies.m[i], masses[i]) << i;
  }
  EXPECT_FLOAT_EQ(s.bodies.x[5], 11.0f);  // file 1's first dark body
  // km/s into units of sqrt(G M / L) = 207.4 km/s; the time (kpc / (km/s)) the other way.
  const double speed = want.speed_kms();
  EXPECT_NEAR(speed, 207.4, 0.1);
  EXPECT_FLOAT_EQ(s.bodies.vx[0], static_cast<float>(100.0 / speed));
  EXPECT_NEAR(s.time, 2.0 * speed, 1e-9);
  // The progress counts the bytes of every dataset read, in order, up to the total.
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.back().first, progress.back().second);
  EXPECT_EQ(progress.back().second, 8u * 6 * 8 + 3 * 8);  // positions, velocities, star masses
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
  fs::remove_all(d);
}

TEST(Hdf5, ParticleTypesChooseWhatLoads) {
  const fs::path d = temp_dir();
  write_gadget_pair(d);
  io::LoadOptions o;
  o.particle_types = *io::parse_particle_types("stars");
  const io::Snapshot s = io::load_snapshot(d / "snap_005.0.hdf5", o);
  EXPECT_EQ(s.bodies.size(), 3u);
  EXPECT_EQ(std::count(s.bodies.population.begin(), s.bodies.population.end(),
                       static_cast<std::uint8_t>(Population::Star)), 3);
  o.particle_types = *io::parse_particle_types("0,2");
  expect_error([&] { io::load_snapshot(d / "snap_005.0.hdf5", o); }, d / "snap_005.0.hdf5",
               "no bodies of the particle types loaded (0,2)");
  EXPECT_EQ(io::parse_particle_types("gas,dm,disk,bulge,stars,bh,6,7"), 0xffu);
  std::string why;
  EXPECT_FALSE(io::parse_particle_types("1,9", &why));
  EXPECT_NE(why.find("'9' is not a particle type"), std::string::npos) << why;
  fs::remove_all(d);
}

TEST(Hdf5, UnitsOptionFillsInOrOverridesWithANote) {
  std::string why;
  const auto kpc = io::parse_file_units("kpc, 1e10Msun ,km/s");
  ASSERT_TRUE(kpc);
  EXPECT_DOUBLE_EQ(kpc->length_cm, io::kCmPerKpc);
  EXPECT_DOUBLE_EQ(kpc->mass_g, 1e10 * io::kGramsPerMsun);
  EXPECT_DOUBLE_EQ(kpc->velocity_cm_s, 1e5);
  EXPECT_FALSE(io::parse_file_units("kpc,1e10Msun", &why));
  EXPECT_NE(why.find("a length, a mass and a speed"), std::string::npos) << why;
  EXPECT_FALSE(io::parse_file_units("kpc,1e10lb,km/s", &why));
  EXPECT_NE(why.find("the mass '1e10lb' is not one of g, kg, Msun"), std::string::npos) << why;
  EXPECT_FALSE(io::parse_file_units("-2kpc,Msun,km/s", &why));
  EXPECT_NE(why.find("positive factor"), std::string::npos) << why;

  const fs::path d = temp_dir();
  const io::Snapshot plain = sample_state(200);
  io::save_snapshot(d / "plain.hdf5", plain);
  io::LoadOptions o;
  o.units = kpc;
  const io::Snapshot s = io::load_snapshot(d / "plain.hdf5", o);
  expect_units(Units{1, 1e10}, s.units);
  EXPECT_TRUE(s.warnings.empty());
  const HostBodies want = grouped_by_type(plain.bodies);
  EXPECT_FLOAT_EQ(s.bodies.vx[7], static_cast<float>(want.vx[7] * io::velocity_factor(*kpc)));
  EXPECT_EQ(s.bodies.x[7], want.x[7]);
  // Over a file's own units: the option wins, and says so.
  io::Snapshot physical = plain;
  physical.units = kDiskGalaxyUnits;
  io::save_snapshot(d / "physical.hdf5", physical);
  const io::Snapshot over = io::load_snapshot(d / "physical.hdf5", o);
  expect_units(Units{1, 1e10}, over.units);
  ASSERT_EQ(over.warnings.size(), 1u);
  EXPECT_NE(over.warnings[0].find("override the file's own"), std::string::npos);
  // Tipsy has no units: --units gives them, converting the velocities the same way.
  io::save_snapshot(d / "plain.tipsy", plain);
  const io::Snapshot tipsy = io::load_snapshot(d / "plain.tipsy", o);
  expect_units(Units{1, 1e10}, tipsy.units);
  fs::remove_all(d);
}

TEST(Hdf5, SwiftLayoutWithItsUnitsGroupAndTypes) {
  const fs::path d = temp_dir();
  const fs::path f = d / "swift_ics.hdf5";
  {
    H5Writer w(f);
    w.group("/Header");
    const std::vector<std::int64_t> n{1, 2, 1, 0, 1, 0, 1};  // SWIFT's seven types
    w.attr("/Header", "NumPart_ThisFile", H5T_NATIVE_INT64, n);
    w.attr("/Header", "NumPart_Total", H5T_NATIVE_INT64, n);
    w.attr("/Header", "MassTable", H5T_NATIVE_DOUBLE, std::vector<double>(7, 3.0));
    w.attr("/Header", "Scale-factor", H5T_NATIVE_DOUBLE, std::vector<double>{1.0});
    w.attr("/Header", "Time", H5T_NATIVE_DOUBLE, std::vector<double>{0.5});
    w.group("/Units");
    const double mpc = 1e3 * io::kCmPerKpc, gyr = 3.15576e16;
    w.attr("/Units", "Unit length in cgs (U_L)", H5T_NATIVE_DOUBLE, std::vector<double>{mpc});
    w.attr("/Units", "Unit mass in cgs (U_M)", H5T_NATIVE_DOUBLE,
           std::vector<double>{1e10 * io::kGramsPerMsun});
    w.attr("/Units", "Unit time in cgs (U_t)", H5T_NATIVE_DOUBLE, std::vector<double>{gyr});
    for (int type : {0, 1, 2, 4, 6}) {
      const std::string g = "/PartType" + std::to_string(type);
      const std::size_t count = static_cast<std::size_t>(n[type]);
      w.group(g);
      w.dataset(g + "/Coordinates", std::vector<float>(3 * count, 0.5f), 3, H5T_IEEE_F32LE,
                H5T_NATIVE_FLOAT);
      w.dataset(g + "/Velocities", std::vector<float>(3 * count, 2.0f), 3, H5T_IEEE_F32LE,
                H5T_NATIVE_FLOAT);
      // The Masses dataset wins over swiftsimio's MassTable of first masses.
      w.doubles(g + "/Masses", std::vector<double>(count, 1.0 + type), 1);
    }
  }
  const io::Snapshot s = io::load_snapshot(f);
  ASSERT_EQ(s.bodies.size(), 6u);
  using P = Population;
  const P pops[6] = {P::Disk, P::Halo, P::Halo, P::Halo, P::Star, P::Halo};
  const float masses[6] = {1, 2, 2, 3, 5, 7};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(s.bodies.population[i], static_cast<std::uint8_t>(pops[i])) << i;
    EXPECT_EQ(s.bodies.m[i], masses[i]) << i;
  }
  expect_units(Units{1e3, 1e10}, s.units);
  // U_L / U_t: 1 Mpc/Gyr = 977.8 km/s, in units of sqrt(G 1e10 M☉ / 1 Mpc) = 6.558 km/s.
  const double v = 1e3 * io::kCmPerKpc / 3.15576e16 / 1e5 / Units{1e3, 1e10}.speed_kms();
  EXPECT_FLOAT_EQ(s.bodies.vz[3], static_cast<float>(2.0 * v));
  fs::remove_all(d);
}

TEST(Hdf5, CosmologicalGadgetLoadsPhysical) {
  const fs::path d = temp_dir();
  const fs::path f = d / "cosmo.hdf5";
  {
    H5Writer w(f);
    w.group("/Header");
    w.attr("/Header", "NumPart_ThisFile", H5T_NATIVE_UINT32, std::vector<std::uint32_t>{0, 2, 0, 0, 0, 0});
    w.attr("/Header", "MassTable", H5T_NATIVE_DOUBLE, std::vector<double>{0, 0.7, 0, 0, 0, 0});
    w.attr("/Header", "Time", 0.25);
    w.attr("/Header", "Redshift", 3.0);
    w.attr("/Header", "HubbleParam", 0.7);
    w.group("/PartType1");
    w.doubles("/PartType1/Coordinates", {7, 14, 21, 28, 35, 42}, 3);
    w.doubles("/PartType1/Velocities", {2, 4, 6, 8, 10, 12}, 3);
  }
  const io::Snapshot s = io::load_snapshot(f);
  ASSERT_EQ(s.bodies.size(), 2u);
  EXPECT_FLOAT_EQ(s.bodies.x[0], 7 * 0.25f / 0.7f);  // comoving kpc/h to physical
  EXPECT_FLOAT_EQ(s.bodies.m[0], 1.0f);              // 1e10 M☉/h to 1e10 M☉
  EXPECT_FLOAT_EQ(s.bodies.vx[1], 8 * 0.5f);         // sqrt(a) dx/dt to peculiar
  EXPECT_EQ(s.time, 0.0);
  ASSERT_EQ(s.warnings.size(), 2u);  // no units, and cosmological
  EXPECT_NE(s.warnings[1].find("cosmological snapshot at a = 0.25"), std::string::npos);
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
