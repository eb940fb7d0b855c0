// SPDX-License-Identifier: MIT
// Issue 45, runs: an encounter run says it is one; the energy table shows physical units where
// the run has them; runs that cannot end or cannot save, and a --pick past the last body, are
// refused before the first step.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "fresh_dir.hpp"
#include "hostile_support.hpp"
#include "units.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

// On a92d789 the first line said "collision scenario" for any --encounter run.
TEST(HostileRuns, AnEncounterRunIsAnnouncedAsTheEncounterFile) {
  const fs::path f = temp("galaxy_announced.toml");
  write_file(f, "[[galaxy]]\nmodel = \"plummer\"\n");
  const CommandResult r =
      run("--headless --backend cpu --threads 1 --steps 1 --bodies 200 --encounter " + f.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(", encounter " + f.string() + ", N = 200"), std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("collision scenario"), std::string::npos) << r.output;
  fs::remove(f);
}

// The time of the table's row for `step`, or -1.
double row_time(const std::string& out, int step) {
  const std::string key = "\n" + std::string(8 - std::to_string(step).size(), ' ') +
                          std::to_string(step) + " ";
  const auto at = out.find(key);
  double t = -1;
  if (at != std::string::npos) std::sscanf(out.c_str() + at + key.size(), "%lf", &t);
  return t;
}

// On a92d789 the collision (3.5 kpc, 1.58e11 Msun) printed time in model units, its header none.
TEST(HostileRuns, TheEnergyTableShowsPhysicalUnitsWhereTheRunHasThem) {
  const CommandResult r = run("--headless --backend cpu --threads 1 --steps 2 --bodies 400");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("galaxy: units: length 3.5 kpc, mass 1.58e+11 Msun"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("time[Myr]   energy[MV^2]"), std::string::npos) << r.output;
  EXPECT_NEAR(row_time(r.output, 2), 2 * 0.0125 * kDiskGalaxyUnits.time_myr(), 1e-4) << r.output;
  // A run in G = 1 units keeps its model units, and says nothing of physical ones.
  const CommandResult g =
      run("--headless --backend cpu --threads 1 --steps 2 --bodies 400 --scenario plummer");
  ASSERT_EQ(g.status, 0) << g.output;
  EXPECT_EQ(g.output.find("time[Myr]"), std::string::npos) << g.output;
  EXPECT_EQ(g.output.find("galaxy: units:"), std::string::npos) << g.output;
}

// On a92d789 this wrote frames until the disk was full (here: until the timeout, status 124).
TEST(HostileRuns, AHeadlessRecordingWithoutAnEndIsRefusedBeforeTheFirstFrame) {
  const fs::path dir = test_support::fresh_dir("galaxy_unbounded_recording");
  const CommandResult r = test_support::run_command(
      "timeout 60 " + test_support::galaxy_command() +
      " --headless --backend cpu --bodies 100 --steps 0 --no-ui --width 64 --height 48 --record " +
      dir.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--record " + dir.string() +
                          ": a headless recording without --frames would write frames until "
                          "the disk is full"),
            std::string::npos)
      << r.output;
  EXPECT_TRUE(!fs::exists(dir) || fs::is_empty(dir));
}

// On a92d789 the 240-byte name passed the checks, the run ran, and the save failed at its end
// (the temporary name beside it, 263 bytes, is past the folder's 255).
TEST(HostileRuns, ASaveNameIsCheckedWithItsTemporaryNameBeforeTheFirstStep) {
  const std::string name = temp(std::string(236, 's') + ".gxy").string();
  const CommandResult r =
      run("--headless --backend cpu --threads 1 --steps 20 --bodies 200 --save " + name);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("its temporary name beside it"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("ms/step"), std::string::npos) << "refused before the run\n"
                                                         << r.output;
  EXPECT_FALSE(fs::exists(name));
}

// On a92d789 the pick was ignored without a word.
TEST(HostileRuns, APickPastTheLastBodyIsRefusedWithTheCount) {
  const CommandResult r = run(
      "--headless --backend cpu --bodies 100 --frames 1 --no-ui --width 64 --height 48 --pick 100");
  if (no_gl(r)) GTEST_SKIP() << no_gl_reason(r);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("--pick 100: the run has 100 bodies (0 to 99)"), std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace galaxy
