// SPDX-License-Identifier: MIT
// Issue 12, loads say what they do: options that override a snapshot say so; empty, damaged,
// odd and implausible files are refused or warned about with a message that says what is wrong.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "hostile_support.hpp"
#include "io/csv.hpp"
#include "io/gxy.hpp"
#include "io/snapshot.hpp"
#include "io/tipsy.hpp"
#include "scenarios/scenarios.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

// --- Loading says what it does ------------------------------------------------------------

TEST(Hostile, CommandLinePhysicsOverridesASnapshotWithANote) {
  const fs::path f = temp("galaxy_override.gxy");
  const CommandResult w =
      run("--headless --backend cpu --bodies 200 --steps 1 --dt 0.01 --save " + f.string());
  ASSERT_EQ(w.status, 0) << w.output;
  const CommandResult r =
      run("--headless --backend cpu --steps 1 --load " + f.string() + " --dt 0.002");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("--dt 0.002 overrides the snapshot's dt = 0.01"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("dt = 0.002"), std::string::npos) << r.output;
  const CommandResult same = run("--headless --backend cpu --steps 1 --load " + f.string());
  EXPECT_EQ(same.output.find("overrides"), std::string::npos) << same.output;
  EXPECT_NE(same.output.find("dt = 0.01"), std::string::npos) << same.output;
  const CommandResult n =
      run("--headless --backend cpu --steps 1 --bodies 50 --load " + f.string());
  EXPECT_EQ(n.status, 2) << n.output;
  EXPECT_NE(n.output.find("cannot be combined with --load"), std::string::npos) << n.output;
  fs::remove(f);
}

std::string tipsy_header(std::int32_t n) {
  // Native little-endian: time, nbodies, ndim, nsph, ndark, nstar, pad.
  std::string h(32, '\0');
  const double t = 0;
  const std::int32_t v[6] = {n, 3, 0, n, 0, 0};
  std::memcpy(&h[0], &t, 8);
  std::memcpy(&h[8], v, 24);
  return h;
}

TEST(Hostile, EmptySnapshotsAreRefused) {
  write_file(temp("galaxy_empty.tipsy"), tipsy_header(0));
  write_file(temp("galaxy_empty.csv"), "x,y,z,vx,vy,vz,m,ax,ay,az\n");
  write_file(temp("galaxy_blank.csv"), "");
  for (const char* name : {"galaxy_empty.tipsy", "galaxy_empty.csv", "galaxy_blank.csv"}) {
    try {
      io::load_snapshot(temp(name));
      ADD_FAILURE() << name << " loaded";
    } catch (const std::runtime_error& e) {
      const std::string m = e.what();
      EXPECT_TRUE(m.find("no bodies") != std::string::npos || m.find("empty") != std::string::npos)
          << m;
    }
  }
  EXPECT_THROW(io::save_snapshot(temp("galaxy_empty.gxy"),
                                 {HostBodies{}, 0, 0, SimParams{}, {}, {}}),
               std::runtime_error);
}

TEST(Hostile, GxyChecksumCoversTheHeaderWhateverN) {
  // A 0-body file written as version 1 would be, with a valid checksum over its header...
  std::string h(64, '\0');
  std::memcpy(&h[0], io::kGxyMagic.data(), 8);
  const std::uint32_t version = 1, header = 64;
  std::memcpy(&h[8], &version, 4);
  std::memcpy(&h[12], &header, 4);
  const float params[3] = {0.5f, 0.0125f, 0.05f};
  std::memcpy(&h[40], params, 12);
  const std::uint32_t crc =
      static_cast<std::uint32_t>(crc32_z(0, reinterpret_cast<const Bytef*>(h.data()), 64));
  std::string file = h + std::string(reinterpret_cast<const char*>(&crc), 4);
  write_file(temp("galaxy_zero.gxy"), file);
  try {
    io::load_gxy(temp("galaxy_zero.gxy"));
    ADD_FAILURE() << "an empty .gxy loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no bodies"), std::string::npos) << e.what();
  }
  // ...and with its header damaged the checksum says so (it used to be 0 for N = 0).
  file[24] ^= 0x40;  // the time
  write_file(temp("galaxy_zero.gxy"), file);
  try {
    io::load_gxy(temp("galaxy_zero.gxy"));
    ADD_FAILURE() << "a damaged .gxy loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("checksum mismatch"), std::string::npos) << e.what();
  }
}

TEST(Hostile, AFifoIsRefusedNotWaitedOn) {
  const fs::path f = temp("galaxy_fifo.gxy");
  fs::remove(f);
  ASSERT_EQ(mkfifo(f.c_str(), 0600), 0);
  const CommandResult r =
      test_support::run_command("timeout -s KILL 120 " + test_support::galaxy_command() +
                                " --headless --backend cpu --load " + f.string());
  EXPECT_EQ(r.status, 1) << "124 would be a hang: " << r.output;
  EXPECT_NE(r.output.find("not a regular file"), std::string::npos) << r.output;
  for (auto load :
       {+[](const fs::path& p) { io::load_csv(p); }, +[](const fs::path& p) { io::load_tipsy(p); },
        +[](const fs::path& p) { io::load_gxy(p); }}) {
    EXPECT_THROW(load(f), std::runtime_error);
  }
  EXPECT_FALSE(io::has_gxy_magic(f));
  fs::remove(f);
}

// A run without mass: HDF5 and Tipsy warn of bodies of zero mass, a CSV said nothing; and a CSV
// without a mass column is refused naming the column (mass is not defaulted).
TEST(Hostile, CsvMassIsRequiredAndZeroMassWarnsAsInTheOtherFormats) {
  write_file(temp("galaxy_massless.csv"), "x,y,z,vx,vy,vz,m\n1,0,0,0,0,0,0\n-1,0,0,0,0,0,0\n");
  const io::Snapshot s = io::load_snapshot(temp("galaxy_massless.csv"));
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("2 bodies (the first: body 0) have zero mass"), std::string::npos)
      << s.warnings[0];
  write_file(temp("galaxy_no_mass.csv"), "x,y,z,vx,vy,vz\n1,0,0,0,0,0\n");
  try {
    io::load_snapshot(temp("galaxy_no_mass.csv"));
    ADD_FAILURE() << "a CSV without masses loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("without the column m "), std::string::npos) << e.what();
  }
  fs::remove(temp("galaxy_massless.csv"));
  fs::remove(temp("galaxy_no_mass.csv"));
}

TEST(Hostile, CrOnlyAndBomCsvsLoad) {
  const std::string rows[] = {"1,2,3,0.5,0,0,1,0,0,0", "-1,2,3,0,0.25,0,2,0,0,0",
                              "0,0,1,0,0,0,1,0,0,0"};
  for (const std::string& eol : {std::string("\r"), std::string("\r\n"), std::string("\n")}) {
    for (const std::string& bom : {std::string(), std::string("\xEF\xBB\xBF")}) {
      std::string text = bom + "x,y,z,vx,vy,vz,m,ax,ay,az" + eol;
      for (const auto& row : rows) text += row + eol;
      write_file(temp("galaxy_eol.csv"), text);
      const HostBodies b = io::load_csv(temp("galaxy_eol.csv")).bodies;
      ASSERT_EQ(b.size(), 3u) << "eol " << int(eol[0]) << " bom " << bom.size();
      EXPECT_EQ(b.x[1], -1.0f);
      EXPECT_EQ(b.m[1], 2.0f);
      EXPECT_EQ(b.vy[1], 0.25f);
    }
  }
}

TEST(Hostile, CsvMessagesSayWhatIsWrong) {
  write_file(temp("galaxy_big.csv"), "x,y,z,vx,vy,vz,m,ax,ay,az\n1,2,1e39,0,0,0,1,0,0,0\n");
  try {
    io::load_csv(temp("galaxy_big.csv"));
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("line 2, column 3 (z): '1e39' is beyond the float range"),
              std::string::npos)
        << e.what();
  }
  write_file(temp("galaxy_utf16.csv"), std::string("\xFF\xFEx\0,\0y\0", 8));
  try {
    io::load_csv(temp("galaxy_utf16.csv"));
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("expected the header"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("found '"), std::string::npos) << e.what();
  }
}

TEST(Hostile, TipsyWithImplausibleValuesLoadsWithAWarning) {
  HostBodies b = make_scenario("plummer", 20, 2);
  b.x[4] = 3e12f;
  b.m[7] = 0.0f;
  const fs::path f = temp("galaxy_implausible.tipsy");
  io::save_snapshot(f, {b, 0, 0, SimParams{}, {}, {}});
  const io::Snapshot s = io::load_snapshot(f);
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_NE(s.warnings[0].find("beyond 1e10"), std::string::npos) << s.warnings[0];
  EXPECT_NE(s.warnings[1].find("zero mass"), std::string::npos) << s.warnings[1];
  const CommandResult r = run("--headless --backend cpu --steps 0 --load " + f.string());
  EXPECT_NE(r.output.find("beyond 1e10"), std::string::npos) << r.output;
  // A plausible file has nothing to say.
  const fs::path g = temp("galaxy_plausible.tipsy");
  io::save_snapshot(g, {make_scenario("plummer", 20, 2), 0, 0, SimParams{}, {}, {}});
  EXPECT_TRUE(io::load_snapshot(g).warnings.empty());
  fs::remove(f);
  fs::remove(g);
}

}  // namespace
}  // namespace galaxy
