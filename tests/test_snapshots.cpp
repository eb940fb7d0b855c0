// SPDX-License-Identifier: MIT
// Snapshots in every format: failed saves and loads keeping files and runs intact, Tipsy round
// trips, Tipsy files from an independent writer, bad Tipsy input. The .gxy format's own tests are
// test_gxy.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/binary.hpp"
#include "io/snapshot.hpp"
#include "io/tipsy.hpp"
#include "scenarios/plummer.hpp"
#include "run/session.hpp"
#include "snapshot_files.hpp"

namespace galaxy {
namespace {

using namespace test_support;

TEST(Snapshot, AllocationFailureBecomesAMessage) {
  // Headers are checked against the file size first, so only a file really this large gets
  // here; then the machine's limits turn into a message instead of std::bad_alloc. 2^45 floats
  // per array are 128 TiB, beyond any x86-64 or AArch64 user address space, so the allocation
  // fails at once whatever the overcommit setting.
  const fs::path f = "huge.gxy";
  expect_error([&] { io::allocate_bodies(std::size_t(1) << 45, f); }, f,
               "not enough memory for 35184372088832 bodies");
  expect_error([&] { io::allocate_bodies(std::numeric_limits<std::size_t>::max() / 2, f); }, f,
               "more than this machine can hold");
}

TEST(Snapshot, FailedSavesKeepTheOlderFile) {
  const fs::path d = temp_dir();
  const fs::path f = d / "keep.gxy";
  const io::Snapshot s = sample_state(100);
  io::save_snapshot(f, s);
  const Bytes before = read_bytes(f);
  // A writer that fails half way (disk full, an exception in the serialiser).
  EXPECT_THROW(io::atomic_write(f,
                                [](std::ostream& out) {
                                  out << "partial";
                                  throw std::runtime_error("disk full");
                                }),
               std::runtime_error);
  EXPECT_EQ(read_bytes(f), before);
  // No temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
  // A folder that does not exist, and an extension no format claims.
  expect_error([&] { io::save_snapshot(d / "missing" / "x.gxy", s); }, d / "missing" / "x.gxy",
               "does not exist");
  expect_error([&] { io::save_snapshot(d / "x.vtk", s); }, d / "x.vtk", "unknown snapshot format");
  // Bodies the loader would refuse are not written either.
  io::Snapshot nan = s;
  nan.bodies.vz[4] = NAN;
  expect_error([&] { io::save_snapshot(f, nan); }, f, "body 4: vz is NaN");
  EXPECT_EQ(read_bytes(f), before);
  expect_bit_exact(io::load_snapshot(f).bodies, s.bodies);
  fs::remove_all(d);
}

// Issue 27: a save through a symbolic link writes the link's target and keeps the link; a file
// that is replaced keeps its mode.
TEST(Snapshot, ASaveWritesThroughALinkAndKeepsTheFilesMode) {
  const fs::path d = temp_dir();
  const fs::path target = d / "real.gxy", link = d / "latest.gxy";
  const io::Snapshot s = sample_state(100);
  io::save_snapshot(target, s);
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  fs::create_symlink("real.gxy", link);
  io::Snapshot later = s;
  later.steps = 99;
  io::save_snapshot(link, later);
  EXPECT_TRUE(fs::is_symlink(link)) << "the link stays a link";
  EXPECT_EQ(io::load_snapshot(target).steps, 99u) << "its target got the save";
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2) << "no temporary";
  fs::remove_all(d);
}

TEST(Snapshot, FailedLoadKeepsTheRunningSimulation) {
  const fs::path d = temp_dir();
  SteppedSession run;
  const fs::path bad = d / "bad.tipsy";
  write_bytes(bad, Bytes(100, 0x42));
  expect_error([&] { run.session.load(bad.string()); }, bad, "not a Tipsy file");
  run.expect_kept();
  fs::remove_all(d);
}

// ---- Tipsy

// The order Tipsy returns our bodies in: dark (halo) of galaxy 0, dark of galaxy 1, then the rest
// (stars) in their original order.
std::vector<std::size_t> tipsy_order(const HostBodies& b) {
  std::vector<std::size_t> order;
  for (int pass = 0; pass < 3; ++pass) {
    for (std::size_t i = 0; i < b.size(); ++i) {
      const bool dark = b.population[i] == static_cast<std::uint8_t>(Population::Halo);
      if ((pass < 2 && dark && b.galaxy[i] == pass) || (pass == 2 && !dark)) order.push_back(i);
    }
  }
  return order;
}

TEST(Tipsy, RoundTripInBothByteOrdersKeepsValuesAndTags) {
  const fs::path d = temp_dir();
  const io::Snapshot s = sample_state();
  const auto order = tipsy_order(s.bodies);
  for (const char* name : {"state.tipsy", "state.std", "state.tipsy-le"}) {
    SCOPED_TRACE(name);
    const fs::path f = d / name;
    io::save_snapshot(f, s);
    const Bytes raw = read_bytes(f);
    // Read back after the published layout, independently of the project's reader.
    const bool big = !std::string(name).ends_with("-le");
    auto u32 = [&](std::size_t at) {
      std::uint32_t v = 0;
      for (int k = 0; k < 4; ++k) v |= std::uint32_t(raw[at + k]) << (big ? 24 - 8 * k : 8 * k);
      return v;
    };
    auto f32 = [&](std::size_t at) { return std::bit_cast<float>(u32(at)); };
    std::size_t ndark = 0;
    for (std::uint8_t p : s.bodies.population) ndark += p == std::uint8_t(Population::Halo);
    const std::size_t nstar = s.bodies.size() - ndark;
    EXPECT_EQ(u32(8), s.bodies.size());
    EXPECT_EQ(u32(12), 3u);
    EXPECT_EQ(u32(16), 0u);
    EXPECT_EQ(u32(20), ndark);
    EXPECT_EQ(u32(24), nstar);
    ASSERT_EQ(raw.size(), 32 + 36 * ndark + 44 * nstar);
    const std::size_t d0 = order[0], s0 = order[ndark], star = 32 + 36 * ndark;
    EXPECT_EQ(f32(32), s.bodies.m[d0]);
    EXPECT_EQ(f32(32 + 4), s.bodies.x[d0]);
    EXPECT_EQ(f32(32 + 28), 0.04f);  // eps: the run's softening
    EXPECT_EQ(f32(32 + 32), s.bodies.pot[d0]);
    EXPECT_EQ(f32(star + 24), s.bodies.vz[s0]);
    EXPECT_EQ(f32(star + 28), -1.0f - (s.bodies.population[s0] | s.bodies.galaxy[s0] << 2));
    EXPECT_EQ(f32(star + 40), s.bodies.pot[s0]);
    const io::Snapshot r = io::load_snapshot(f);
    ASSERT_EQ(r.bodies.size(), s.bodies.size());
    EXPECT_EQ(r.time, s.time);
    for (std::size_t k = 0; k < order.size(); ++k) {
      const std::size_t i = order[k];
      // Tipsy stores the same 32-bit floats, so values come back exactly.
      ASSERT_EQ(r.bodies.x[k], s.bodies.x[i]) << k;
      ASSERT_EQ(r.bodies.vz[k], s.bodies.vz[i]) << k;
      ASSERT_EQ(r.bodies.m[k], s.bodies.m[i]) << k;
      ASSERT_EQ(r.bodies.pot[k], s.bodies.pot[i]) << k;
      ASSERT_EQ(r.bodies.population[k], s.bodies.population[i]) << k;
      ASSERT_EQ(r.bodies.galaxy[k], s.bodies.galaxy[i]) << k;
      ASSERT_EQ(r.bodies.ax[k], 0.0f);  // Tipsy has no accelerations; reset() computes them
    }
  }
  fs::remove_all(d);
}

// An independent Tipsy writer, byte by byte after the published layout (not the project's
// writer): header time, nbodies, ndim, nsph, ndark, nstar[, pad], then gas, dark, star records.
struct TipsyWriter {
  bool big;
  Bytes out;
  void u32(std::uint32_t v) {
    for (int k = 0; k < 4; ++k)
      out.push_back(static_cast<unsigned char>(v >> (big ? 24 - 8 * k : 8 * k)));
  }
  void f32(float f) {
    std::uint32_t v;
    std::memcpy(&v, &f, 4);
    u32(v);
  }
  void f64(double f) {
    std::uint64_t v;
    std::memcpy(&v, &f, 8);
    const std::uint32_t hi = v >> 32, lo = static_cast<std::uint32_t>(v);
    u32(big ? hi : lo);
    u32(big ? lo : hi);
  }
};

// One gas, two dark and three star particles, with a foreign star's metallicity 0.02 and a pad
// word of garbage (a native writer's uninitialised struct padding).
Bytes foreign_tipsy(bool big, bool padded) {
  TipsyWriter w{big, {}};
  w.f64(2.5);
  for (std::uint32_t v : {6u, 3u, 1u, 2u, 3u}) w.u32(v);
  if (padded) w.u32(1);
  for (float v : {0.5f, 1.f, 2.f, 3.f, 0.1f, 0.2f, 0.3f, 1.f, 1e4f, 0.05f, 0.f, -1.f}) w.f32(v);
  for (int k = 0; k < 2; ++k) {
    for (float v : {2.f, -1.f - k, 0.f, 0.f, 0.f, 0.5f, 0.f, 0.05f, -2.f}) w.f32(v);
  }
  for (int k = 0; k < 3; ++k) {
    for (float v : {0.25f, 4.f + k, 5.f, 6.f, 0.f, 0.f, -0.5f, 0.02f, 1.5f, 0.05f, -3.f}) w.f32(v);
  }
  return w.out;
}

TEST(Tipsy, ForeignFilesLoadInBothByteOrdersAndBothHeaderForms) {
  const fs::path d = temp_dir();
  for (bool big : {true, false}) {
    for (bool padded : {true, false}) {
      SCOPED_TRACE(std::string(big ? "big" : "little") +
                   (padded ? ", padded" : ", 28-byte header"));
      const fs::path f = d / "foreign.bin";
      const Bytes bytes = foreign_tipsy(big, padded);
      ASSERT_EQ(bytes.size(), (padded ? 32u : 28u) + 4 * (12 + 2 * 9 + 3 * 11));
      write_bytes(f, bytes);
      const io::Snapshot s = io::load_snapshot(f);
      const HostBodies& b = s.bodies;
      ASSERT_EQ(b.size(), 6u);
      EXPECT_EQ(s.time, 2.5);
      // Gas -> Disk, dark -> Halo, star -> Star; all galaxy 0 (the pad word is not ours).
      const std::uint8_t pops[] = {1, 3, 3, 0, 0, 0};
      for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(b.population[i], pops[i]) << i;
        EXPECT_EQ(b.galaxy[i], 0) << i;
      }
      EXPECT_EQ(b.m[0], 0.5f);
      EXPECT_EQ(b.x[0], 1.f);
      EXPECT_EQ(b.vz[0], 0.3f);
      EXPECT_EQ(b.pot[0], -1.f);
      EXPECT_EQ(b.x[2], -2.f);
      EXPECT_EQ(b.vy[1], 0.5f);
      EXPECT_EQ(b.pot[1], -2.f);
      EXPECT_EQ(b.m[5], 0.25f);
      EXPECT_EQ(b.x[5], 6.f);
      EXPECT_EQ(b.vz[5], -0.5f);
      EXPECT_EQ(b.pot[5], -3.f);
    }
  }
  fs::remove_all(d);
}

TEST(Tipsy, BadInputIsRejectedWithTheFileAndTheProblem) {
  const fs::path d = temp_dir();
  const fs::path bad = d / "bad.tipsy";
  const Bytes good = foreign_tipsy(true, true);
  auto load_bad = [&](const Bytes& b, const std::string& problem) {
    write_bytes(bad, b);
    expect_error([&] { io::load_snapshot(bad); }, bad, problem);
  };
  auto with_float = [&](std::size_t offset, float v) {
    Bytes b = good;
    TipsyWriter w{true, {}};
    w.f32(v);
    std::copy(w.out.begin(), w.out.end(), b.begin() + offset);
    return b;
  };
  load_bad(Bytes(good.begin(), good.begin() + 20), "truncated");
  load_bad(Bytes(good.begin(), good.end() - 8), "disagrees with the file size");
  load_bad(Bytes(good.begin(), good.end() - 8), "truncated");
  // Issue 27: the layout comes from the header's content. A padded file four bytes short has the
  // size of the unpadded form; read by its size alone it loaded with every value shifted.
  load_bad(Bytes(good.begin(), good.end() - 4), "expected with its 32-byte header");
  load_bad(Bytes(good.begin(), good.end() - 4), "truncated");
  load_bad(Bytes(100, 0x42), "not a Tipsy file");
  // nbodies = 2^31 - 16 with nstar to match: 94 GB of records that the file does not hold,
  // refused by size before anything is allocated.
  TipsyWriter counts{true, {}};
  for (std::uint32_t v : {0x7ffffff0u, 3u, 1u, 2u, 0x7fffffedu}) counts.u32(v);
  Bytes huge = good;
  std::copy(counts.out.begin(), counts.out.end(), huge.begin() + 8);
  load_bad(huge, "body count 2147483632 (1 gas, 2 dark, 2147483629 star) disagrees");
  load_bad(with_float(32 + 48 + 2 * 36 + 4 * 2, NAN), "body 3: y is NaN");
  load_bad(with_float(32 + 4 * 5, INFINITY), "body 0: vy is infinite");
  load_bad(with_float(32 + 48, -2.0f), "body 1: negative mass");
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
