// SPDX-License-Identifier: MIT
// galaxy's own snapshot (.gxy): bit-exact round trips, a session resumed exactly, bad input, and
// version 2's units (kept exactly, restored by the session, absent from version 1 files, which
// still load; damaged headers refused saying why).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "cli/run_spec_options.hpp"
#include "io/gxy.hpp"
#include "io/snapshot.hpp"
#include "run/session.hpp"
#include "snapshot_files.hpp"
#include "test_support_sim.hpp"
#include "units.hpp"

namespace galaxy {
namespace {

using namespace test_support;

// ---- .gxy

TEST(Gxy, RoundTripIsBitExact) {
  const fs::path f = temp_dir() / "state.gxy";
  const io::Snapshot s = sample_state();
  io::save_snapshot(f, s);
  EXPECT_EQ(fs::file_size(f), 80 + 46 * s.bodies.size() + 4);
  const io::Snapshot r = io::load_snapshot(f);
  expect_bit_exact(s.bodies, r.bodies);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(r.time), std::bit_cast<std::uint64_t>(s.time));
  EXPECT_EQ(r.steps, 3u);
  ASSERT_TRUE(r.params.has_value());
  EXPECT_EQ(r.params->theta, 0.6f);
  EXPECT_EQ(r.params->dt, 0.01f);
  EXPECT_EQ(r.params->softening, 0.04f);
  // The magic decides, not the name.
  fs::copy_file(f, f.parent_path() / "state.dat");
  expect_bit_exact(s.bodies, io::load_snapshot(f.parent_path() / "state.dat").bodies);
  fs::remove_all(f.parent_path());
}

// The pieces a writer of its own puts together (each MPI rank its block of every array, at
// gxy_offset, the checksum joined from the blocks'; sim/mpi/rank_save.cpp) make the file
// save_gxy writes, byte for byte: here three uneven blocks assembled in memory.
TEST(Gxy, BlocksOfEachArrayMakeTheSameFile) {
  const fs::path f = temp_dir() / "whole.gxy";
  io::Snapshot s = sample_state();
  s.units = {1.0, 1e10};
  io::save_snapshot(f, s);
  std::ifstream in(f, std::ios::binary);
  const std::vector<char> whole((std::istreambuf_iterator<char>(in)), {});
  const std::uint64_t n = s.bodies.size(), cuts[] = {0, n / 5, n / 2 + 1, n};
  const auto header = io::gxy_header(n, s.time, s.steps, *s.params, s.units);
  std::vector<char> made(io::gxy_offset(io::kGxyArrays, n, 0) + 4);
  std::copy(header.begin(), header.end(), made.begin());
  std::uint32_t c = io::gxy_crc(0, header.data(), header.size());
  int array = 0;
  for_each_array(s.bodies, [&](const auto& v) {
    for (int r = 0; r < 3; ++r) {
      const auto* from = reinterpret_cast<const char*>(v.data() + cuts[r]);
      const std::size_t bytes = (cuts[r + 1] - cuts[r]) * sizeof(v[0]);
      std::copy(from, from + bytes,
                made.begin() + std::ptrdiff_t(io::gxy_offset(array, n, cuts[r])));
      c = io::gxy_crc_join(c, io::gxy_crc(0, from, bytes), bytes);
    }
    ++array;
  });
  for (int k = 0; k < 4; ++k) made[made.size() - 4 + std::size_t(k)] = char(c >> (8 * k));
  EXPECT_EQ(made, whole);
  fs::remove_all(f.parent_path());
}

// Saves after 5 steps, runs 5 more; a different session loads the file and runs 5: the two end
// bit for bit equal. The relative opening test reads the last accelerations, which the file
// restores (Simulation::restore_forces).
void resume_exactly(Backend backend) {
  const fs::path f = temp_dir() / "resume.gxy";
  app::Options o;
  o.backend = backend;
  o.scenario = "disk";
  o.bodies = 2000;
  o.params.dt = 0.02f;
  o.params.alpha = 0.003f;  // not the default: the file must bring it
  o.params.alpha_reach = 3.0f;  // also kept in the header's bytes 60-63 (reserved before it)
  app::Session a(app::run_spec(o));
  for (int k = 0; k < 5; ++k) a.simulation().step();
  a.save(f.string());
  for (int k = 0; k < 5; ++k) a.simulation().step();

  app::Options other;  // a different run: the file must bring its own state and parameters
  other.backend = backend;
  other.scenario = "plummer";
  other.bodies = 300;
  app::Session b(app::run_spec(other));
  b.load(f.string());
  EXPECT_EQ(b.simulation().steps_taken(), 5u);
  EXPECT_EQ(b.simulation().params().dt, 0.02f);
  EXPECT_EQ(b.simulation().params().alpha, 0.003f);
  EXPECT_EQ(b.simulation().params().alpha_reach, 3.0f);
  for (int k = 0; k < 5; ++k) b.simulation().step();
  EXPECT_EQ(b.simulation().steps_taken(), 10u);
  EXPECT_EQ(b.simulation().time(), a.simulation().time());
  // Same positions in, same tree, same floats out: the resumed run is the original run.
  expect_bit_exact(a.simulation().download(), b.simulation().download());
  fs::remove_all(f.parent_path());
}

TEST(Gxy, SessionResumesExactly) {
  resume_exactly(Backend::Cpu);
}

TEST(Gxy, CudaSessionResumesExactly) {
  REQUIRE_CUDA();
  resume_exactly(Backend::Cuda);
}

TEST(Gxy, BadInputIsRejectedWithTheFileAndTheProblem) {
  constexpr std::size_t kHeader = 80;  // version 2's
  const fs::path d = temp_dir();
  const fs::path good = d / "good.gxy", bad = d / "bad.gxy";
  const io::Snapshot s = sample_state(200);
  io::save_snapshot(good, s);
  const Bytes bytes = read_bytes(good);
  auto load_bad = [&](const Bytes& b, const std::string& problem) {
    write_bytes(bad, b);
    expect_error([&] { io::load_snapshot(bad); }, bad, problem);
  };
  auto patched = [&](std::size_t at, const void* v, std::size_t len, bool crc) {
    Bytes b = bytes;
    std::memcpy(&b[at], v, len);
    if (crc) fix_crc(b);
    return b;
  };
  load_bad(Bytes(bytes.begin(), bytes.begin() + 40), "truncated");
  load_bad(Bytes(bytes.begin(), bytes.end() - 100), "disagrees with the file size");
  load_bad(Bytes(bytes.begin(), bytes.end() - 100), "truncated");
  load_bad(patched(1, "GXZ", 3, false), "wrong magic");
  const std::uint32_t v7 = 7;
  load_bad(patched(8, &v7, 4, false), "unsupported .gxy version 7");
  const std::uint64_t n_plus = s.bodies.size() + 1;
  load_bad(patched(16, &n_plus, 8, false), "body count 201 disagrees with the file size");
  // A header claiming 2^40 bodies (46 TB) is refused by its size, before any allocation.
  const std::uint64_t huge = 1ull << 40;
  load_bad(patched(16, &huge, 8, false), "body count 1099511627776 disagrees");
  load_bad(patched(kHeader + 10, "\x7f", 1, false), "checksum mismatch");
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = INFINITY, neg = -1.0f;
  load_bad(patched(kHeader + 4 * 7, &nan, 4, true), "body 7: x is NaN");
  load_bad(patched(kHeader + 4 * (200 * 4 + 9), &inf, 4, true), "body 9: vy is infinite");
  load_bad(patched(kHeader + 4 * (200 * 6 + 3), &neg, 4, true), "body 3: negative mass");
  load_bad(patched(kHeader + 44 * 200 + 5, "\x09", 1, true), "body 5: invalid population tag 9");
  // The file is only read: the good one still loads.
  EXPECT_EQ(io::load_snapshot(good).bodies.size(), 200u);
  expect_error([&] { io::load_snapshot(d / "none.gxy"); }, d / "none.gxy", "no such file");
  fs::remove_all(d);
}

// ---- .gxy version 2: the units

// Units that no arithmetic would give back by accident: every bit must survive.
constexpr Units kOddUnits{3.5000000000000004, 158113883008.41888};

TEST(Gxy, Version2KeepsTheUnitsExactly) {
  const fs::path f = temp_dir() / "units.gxy";
  io::Snapshot s = sample_state(300);
  s.units = kOddUnits;
  io::save_snapshot(f, s);
  const Bytes b = read_bytes(f);
  ASSERT_EQ(b.size(), 80 + 46 * 300 + 4u);
  EXPECT_EQ(b[8], 2) << "version 2";
  EXPECT_EQ(b[12], 80) << "its header size";
  const io::Snapshot r = io::load_snapshot(f);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(r.units.length_kpc),
            std::bit_cast<std::uint64_t>(kOddUnits.length_kpc));
  EXPECT_EQ(std::bit_cast<std::uint64_t>(r.units.mass_msun),
            std::bit_cast<std::uint64_t>(kOddUnits.mass_msun));
  expect_bit_exact(s.bodies, r.bodies);
  // A run without units is written with zeros and comes back without them.
  s.units = {};
  io::save_snapshot(f, s);
  EXPECT_FALSE(io::load_snapshot(f).units.physical());
  EXPECT_EQ(io::load_snapshot(f).units, Units{});
  fs::remove_all(f.parent_path());
}

// A session's save keeps the scenario's units and a load into another session restores them,
// where the panel reads them (Running::units); a Tipsy load has none.
TEST(Gxy, TheSessionSavesAndRestoresTheUnits) {
  const fs::path d = temp_dir();
  app::Options o;
  o.backend = Backend::Cpu;
  o.scenario = "antennae";
  o.bodies = 400;
  app::Session a(app::run_spec(o));
  ASSERT_TRUE(a.units().physical());
  a.save((d / "run.gxy").string());
  a.save((d / "run.tipsy").string());
  app::Options other = o;
  other.scenario = "plummer";
  app::Session b(app::run_spec(other));
  ASSERT_FALSE(b.units().physical());
  b.load((d / "run.gxy").string());
  EXPECT_EQ(b.units(), a.units());
  EXPECT_EQ(b.running().units, a.units());
  b.save((d / "again.gxy").string());
  EXPECT_EQ(io::load_snapshot(d / "again.gxy").units, a.units()) << "a save keeps them";
  b.load((d / "run.tipsy").string());
  EXPECT_FALSE(b.units().physical()) << "Tipsy has no place for units";
  fs::remove_all(d);
}

// The layout galaxy wrote before the units (version 1, a 64-byte header), byte by byte.
Bytes version1_file(const io::Snapshot& s) {
  static_assert(std::endian::native == std::endian::little, "the test writes native floats");
  const HostBodies& b = s.bodies;
  const std::uint64_t n = b.size();
  Bytes f(64, 0);
  std::memcpy(&f[0], io::kGxyMagic.data(), 8);
  const std::uint32_t version = 1, header = 64;
  std::memcpy(&f[8], &version, 4);
  std::memcpy(&f[12], &header, 4);
  std::memcpy(&f[16], &n, 8);
  std::memcpy(&f[24], &s.time, 8);
  std::memcpy(&f[32], &s.steps, 8);
  const SimParams& p = *s.params;
  const float floats[4] = {p.theta, p.dt, p.softening, p.alpha};
  std::memcpy(&f[40], floats, 16);
  f[56] = static_cast<unsigned char>(p.multipole);
  f[57] = static_cast<unsigned char>(p.leaf_size);
  f[58] = static_cast<unsigned char>(p.group_size);
  f[59] = 1;  // the four fields above are recorded
  auto append = [&](const void* data, std::size_t bytes) {
    const auto* c = static_cast<const unsigned char*>(data);
    f.insert(f.end(), c, c + bytes);
  };
  for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
                 &HostBodies::vz, &HostBodies::m, &HostBodies::ax, &HostBodies::ay, &HostBodies::az,
                 &HostBodies::pot}) {
    append((b.*m).data(), n * sizeof(float));
  }
  append(b.population.data(), n);
  append(b.galaxy.data(), n);
  f.resize(f.size() + 4);
  fix_crc(f);
  return f;
}

TEST(Gxy, Version1FilesLoadAsBeforeWithoutUnits) {
  const fs::path f = temp_dir() / "old.gxy";
  io::Snapshot s = sample_state(250);
  s.params->alpha = 0.003f;
  s.params->leaf_size = 8;
  write_bytes(f, version1_file(s));
  const io::Snapshot r = io::load_snapshot(f);
  expect_bit_exact(s.bodies, r.bodies);
  EXPECT_EQ(r.time, s.time);
  EXPECT_EQ(r.steps, s.steps);
  ASSERT_TRUE(r.params.has_value());
  EXPECT_TRUE(*r.params == *s.params);
  EXPECT_EQ(r.units, Units{}) << "version 1 has no units";
  // The session resumes it as a run without units.
  app::Options o;
  o.backend = Backend::Cpu;
  o.scenario = "antennae";
  o.bodies = 300;
  app::Session session(app::run_spec(o));
  session.load(f.string());
  EXPECT_FALSE(session.units().physical());
  fs::remove_all(f.parent_path());
}

TEST(Gxy, ADamagedVersion2HeaderIsRefusedSayingWhy) {
  const fs::path d = temp_dir();
  const fs::path good = d / "good.gxy", bad = d / "bad.gxy";
  io::Snapshot s = sample_state(100);
  s.units = kDiskGalaxyUnits;
  io::save_snapshot(good, s);
  const Bytes bytes = read_bytes(good);
  auto load_bad = [&](Bytes b, std::size_t at, const void* v, std::size_t len,
                      const std::string& problem) {
    std::memcpy(&b[at], v, len);
    fix_crc(b);  // past the checksum: the header's own check must catch it
    write_bytes(bad, b);
    expect_error([&] { io::load_snapshot(bad); }, bad, problem);
  };
  const std::uint32_t v3 = 3, v1 = 1, small = 64, tiny = 16, big = 96;
  load_bad(bytes, 8, &v3, 4, "unsupported .gxy version 3 (this build reads versions 1 and 2)");
  load_bad(bytes, 12, &small, 4, "corrupt header: header size 64, version 2 has 80");
  load_bad(bytes, 12, &tiny, 4, "corrupt header: header size 16, version 2 has 80");
  load_bad(bytes, 12, &big, 4, "corrupt header: header size 96, version 2 has 80");
  load_bad(bytes, 8, &v1, 4, "corrupt header: header size 80, version 1 has 64");
  const double nan = std::numeric_limits<double>::quiet_NaN(), neg = -3.5;
  load_bad(bytes, 64, &nan, 8, "invalid units: a length unit of nan kpc");
  load_bad(bytes, 72, &neg, 8, "a mass unit of -3.5 solar masses");
  // Shorter than version 2's header, though longer than version 1's.
  write_bytes(bad, Bytes(bytes.begin(), bytes.begin() + 72));
  expect_error([&] { io::load_snapshot(bad); }, bad,
               "truncated: 72 bytes, less than version 2's 80-byte header and the checksum");
  // A damaged unit without a fixed checksum is still caught: the checksum covers them.
  Bytes flipped = bytes;
  flipped[70] ^= 0x01;
  write_bytes(bad, flipped);
  expect_error([&] { io::load_snapshot(bad); }, bad, "checksum mismatch");
  // A save never writes what a load refuses.
  s.units.mass_msun = -1;
  expect_error([&] { io::save_snapshot(d / "refused.gxy", s); }, d / "refused.gxy",
               "invalid units");
  EXPECT_FALSE(fs::exists(d / "refused.gxy"));
  EXPECT_EQ(io::load_snapshot(good).units, kDiskGalaxyUnits);
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
