// SPDX-License-Identifier: MIT
// The galaxy executable's command line, run as a user would.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "accuracy.hpp"
#include "io/csv.hpp"
#include "io/snapshot.hpp"
#include "run_command.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

using test_support::CommandResult;

CommandResult run(const std::string& args) {
  return test_support::run_command(test_support::galaxy_command() + " " + args);
}

TEST(Cli, HelpListsTheOptions) {
  const CommandResult r = run("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* opt : {"--backend", "--scenario", "--bodies", "--seed", "--theta", "--dt",
                          "--softening", "--steps", "--headless", "--save", "--load"}) {
    EXPECT_NE(r.output.find(opt), std::string::npos) << opt;
  }
}

TEST(Cli, BadArgumentsExitWithStatusTwoAndAMessage) {
  const std::pair<const char*, const char*> cases[] = {
      {"--no-such-option", "no-such-option"}, {"--bodies 0", "--bodies"},
      {"--bodies -5", "--bodies"},             {"--theta 0", "--theta"},
      {"--theta -1", "--theta"},               {"--theta nan", "--theta"},
      {"--dt nan", "--dt"},                    {"--softening inf", "--softening"},
      {"--backend gpu", "--backend"},          {"--scenario nosuch", "--scenario"},
      {"--drop 60", "no colon"},               {"--drop x:5k", "'x' is not a frame"},
      {"--drop 60:lots", "--drop"}};
  for (const auto& [args, mention] : cases) {
    const CommandResult r = run(std::string(args) + " --headless --steps 1");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(mention), std::string::npos) << args << "\n" << r.output;
  }
}

// Issue 22: an option given twice is named in galaxy's own words, with both values, not in
// CLI11's ("--bodies: At Most 1 required but received 2"), in a run and in the bench.
TEST(Cli, ARepeatedOptionIsNamedInOneLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"--bodies 5 --bodies 6", "galaxy: --bodies is given twice (5 and 6): give it once\n"},
      {"--theta 0.5 --theta=0.7 --dt 0.01",
       "galaxy: --theta is given twice (0.5 and 0.7): give it once\n"},
      {"--frames 3 --frames 4 --frames 5",
       "galaxy: --frames is given 3 times (3, 4 and 5): give it once\n"}};
  for (const auto& [args, line] : cases) {
    const CommandResult r = run(std::string(args) + " --headless --steps 1");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_EQ(r.output, line) << args;
  }
  const CommandResult bench = run("bench --steps 1 --steps 2 --bodies 100");
  EXPECT_EQ(bench.status, 2) << bench.output;
  EXPECT_EQ(bench.output, "galaxy: --steps is given twice (1 and 2): give it once\n");
}

// Issue 27: every float option is finite-checked, and a value a float holds only as 0 is named
// with its option at once, not found later as a zero.
TEST(Cli, FloatOptionsAreFiniteAndNeverUnderflowSilently) {
  const std::pair<const char*, const char*> cases[] = {
      {"--orbit nan", "--orbit: 'nan' is not a finite number"},
      {"--orbit inf", "--orbit: 'inf' is not a finite number"},
      {"--dt 1e-50", "--dt: '1e-50' is too small for a float"},
      {"--softening 1e-60", "--softening: '1e-60' is too small for a float"},
      {"--sim-rate 1e-50", "--sim-rate: '1e-50' is too small for a float"},
      {"--alpha 1e-300", "--alpha: '1e-300' is too small for a float"}};
  for (const auto& [args, message] : cases) {
    const CommandResult r = run(std::string(args) + " --headless --steps 1");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
  }
}

// Issue 27: an empty path is refused, naming its option, not taken as "not given".
TEST(Cli, EmptyPathsAreRefused) {
  for (const char* option : {"--save", "--load", "--record"}) {
    const CommandResult r = run(std::string(option) + " '' --headless --steps 1");
    EXPECT_EQ(r.status, 2) << option << "\n" << r.output;
    EXPECT_NE(r.output.find(std::string(option) + ": an empty path names no file"),
              std::string::npos)
        << r.output;
  }
  const CommandResult r = run("bench --csv '' --bodies 100 --steps 1");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--csv: an empty path names no file"), std::string::npos) << r.output;
}

// Issue 27: an option a load makes meaningless is named, not dropped without a word.
TEST(Cli, OptionsALoadIgnoresAreNamed) {
  const auto f = std::filesystem::temp_directory_path() / "galaxy_cli_ignored.gxy";
  ASSERT_EQ(run("--backend cpu --headless --bodies 200 --steps 1 --save " + f.string()).status, 0);
  const CommandResult r =
      run("--backend cpu --headless --steps 1 --scenario plummer --seed 5 --load " + f.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("--scenario is ignored with --load"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--seed is ignored with --load"), std::string::npos) << r.output;
  std::filesystem::remove(f);
}

// A --pick in a run that draws nothing (the energy table) was dropped without a word.
TEST(Cli, APickInARunThatDrawsNothingIsNamedAsIgnored) {
  const CommandResult r = run("--backend cpu --headless --bodies 200 --steps 1 --pick 5");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("--pick is ignored: a headless run without --frames or --record draws "
                          "nothing"),
            std::string::npos)
      << r.output;
}

// An encounter file runs from the command line; a bad one stops the start naming its line and
// key; a --scenario beside it (which it would replace) is refused, not dropped.
TEST(Cli, EncounterFilesRunAndBadOnesAreNamed) {
  const auto f = std::filesystem::temp_directory_path() / "galaxy_cli_encounter.toml";
  std::ofstream(f) << "[orbit]\npericentre = 1.5\n[[galaxy]]\n[[galaxy]]\nmodel = \"plummer\"\n";
  CommandResult r = run("--backend cpu --headless --bodies 300 --steps 2 --encounter " + f.string());
  EXPECT_EQ(r.status, 0) << r.output;
  r = run("--backend cpu --headless --steps 2 --scenario disk --encounter " + f.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--scenario"), std::string::npos) << r.output;
  std::ofstream(f) << "[orbit]\npericentre = 0\n[[galaxy]]\n[[galaxy]]\n";
  r = run("--backend cpu --headless --bodies 300 --steps 2 --encounter " + f.string());
  EXPECT_NE(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(f.string() + ":2: orbit.pericentre: must be above 0"), std::string::npos)
      << r.output;
  std::filesystem::remove(f);
}

// Issue 27: the memory preflight counts what this process may take, not only what the machine has
// free: an address-space limit (RLIMIT_AS, set by util-linux's prlimit) refuses 30M bodies (about
// 9 GiB) at once, with the preflight's message, instead of failing half way.
TEST(Cli, ThePreflightRespectsTheAddressSpaceLimit) {
  const CommandResult r = test_support::run_command(
      "prlimit --as=2147483648 " + test_support::galaxy_command() +
      " --backend cpu --headless --bodies 30M --steps 1");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("30,000,000 bodies need"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" available; at most about"), std::string::npos) << r.output;
}

TEST(Cli, HeadlessCpuRunSavesCsvWithSolverAccelerations) {
  const auto f = std::filesystem::temp_directory_path() / "galaxy_cli_state.csv";
  std::filesystem::remove(f);
  const CommandResult r = run("--backend cpu --headless --bodies 300 --steps 3 --save " + f.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("energy"), std::string::npos);
  const HostBodies b = io::load_csv(f).bodies;
  EXPECT_EQ(b.size(), 300u);
  double a2 = 0;
  for (std::size_t i = 0; i < b.size(); ++i) a2 += b.ax[i] * b.ax[i];
  EXPECT_GT(a2, 0.0);
  std::filesystem::remove(f);
}

// Issue 22: the format that keeps everything (colours, the exact resume) is the default: a
// --save FILE without an extension writes FILE.gxy, and the help says so.
TEST(Cli, SaveWithoutAnExtensionWritesGxy) {
  const auto dir = std::filesystem::temp_directory_path() / "galaxy_cli_default_format";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const CommandResult r =
      run("--backend cpu --headless --bodies 200 --steps 2 --save " + (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.output;
  ASSERT_TRUE(std::filesystem::exists(dir / "run.gxy")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "run"));
  const io::Snapshot s = io::load_snapshot(dir / "run.gxy");
  EXPECT_EQ(s.bodies.size(), 200u);
  EXPECT_EQ(s.steps, 2u) << "a .gxy keeps the step count: the exact resume";
  std::filesystem::remove_all(dir);
  const std::string help = run("--help").output;
  EXPECT_NE(help.find(".gxy (the default"), std::string::npos) << help;
}

// Splits one CSV line (the bench writes no commas inside quotes except in the note, the last column).
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ',' && out.size() < 25) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

TEST(Cli, BenchWritesTimedRowsWithAccuracy) {
  const auto f = std::filesystem::temp_directory_path() / "galaxy_cli_bench.csv";
  std::filesystem::remove(f);
  const CommandResult r =
      run("bench --backend cpu --bodies 1500,3000 --theta 0.4,0.6 --alpha 0 --steps 2 --warmup 1 "
          "--samples 300 --csv " +
          f.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("ms/step"), std::string::npos) << r.output;
  std::ifstream in(f);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  const std::vector<std::string> header = split_csv(line);
  ASSERT_EQ(header.size(), 26u) << line;
  auto col = [&](const char* name) {
    const auto it = std::find(header.begin(), header.end(), name);
    EXPECT_NE(it, header.end()) << name;
    return static_cast<std::size_t>(it - header.begin());
  };
  EXPECT_EQ(header[0], "scenario");
  EXPECT_EQ(header[1], "n");
  const std::size_t step_ms = col("step_ms"), per_s = col("interactions_per_s"),
                    per_body = col("interactions_per_body"), p99_col = col("err_p99"),
                    theta = col("theta"), pp = col("body_body_per_body"),
                    pc = col("body_cell_per_body");
  int rows = 0;
  std::map<std::string, double> bh_p99;  // by theta
  while (std::getline(in, line)) {
    const std::vector<std::string> c = split_csv(line);
    ASSERT_EQ(c.size(), 26u) << line;
    ++rows;
    EXPECT_EQ(c[0], "collision");  // the default scenario
    EXPECT_TRUE(c[1] == "1500" || c[1] == "3000") << line;
    EXPECT_EQ(c[2], "cpu");
    EXPECT_GT(std::stod(c[step_ms]), 0.0) << line;
    EXPECT_GT(std::stod(c[per_s]), 0.0) << line;
    const double p99 = std::stod(c[p99_col]);
    if (c[3] == "direct") {
      // Double accumulation stored in float: ~1e-7; an error here means the wrong reference.
      EXPECT_LT(p99, 1e-6) << line;
      EXPECT_DOUBLE_EQ(std::stod(c[per_body]), std::stod(c[1]) - 1);  // N - 1 interactions a body
    } else {
      // Barnes-Hut at theta 0.4 and 0.6 (the tree tests measure a few 1e-3 at p99).
      EXPECT_GT(p99, 1e-6) << line;
      EXPECT_LT(p99, 0.05) << line;
      EXPECT_LT(std::stod(c[per_body]), std::stod(c[1]) - 1);  // fewer interactions than direct
      EXPECT_NEAR(std::stod(c[pp]) + std::stod(c[pc]), std::stod(c[per_body]),
                  1e-5 * std::stod(c[per_body]));  // 6 digits in the CSV
      if (c[1] == "3000") bh_p99[c[theta]] = p99;
    }
  }
  EXPECT_EQ(rows, 6);  // per size: two theta rows and one direct row
  ASSERT_EQ(bh_p99.size(), 2u);
  EXPECT_LT(bh_p99["0.4"], bh_p99["0.6"]);  // a smaller opening angle is more accurate
  std::filesystem::remove(f);
}

TEST(Cli, BenchRejectsBadListsWithStatusTwo) {
  for (const char* args : {"bench --bodies 100,0", "bench --bodies 100,x", "bench --backend gpu",
                           "bench --solver fmm", "bench --steps 0"}) {
    const CommandResult r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
  }
}

// `--backend cuda` in the run modes of the command line, `--save` included.
TEST(Cli, CudaBackendRunsHeadlessAndSaves) {
  REQUIRE_CUDA();
  const auto f = std::filesystem::temp_directory_path() / "galaxy_cli_cuda.csv";
  std::filesystem::remove(f);
  for (const char* solver : {"bh", "direct"}) {
    const CommandResult r = run(std::string("--backend cuda --solver ") + solver +
                                " --headless --bodies 5000 --steps 5 --save " + f.string());
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("cuda/"), std::string::npos) << r.output;
    const HostBodies b = io::load_csv(f).bodies;
    ASSERT_EQ(b.size(), 5000u);
    // The saved accelerations are the solver's at the saved positions: check against direct.
    const std::vector<int> t = random_sample(b.size(), 200, 3);
    const ErrorStats e = relative_errors(b, t, direct_forces_cpu_sample(b, t, 0.05f));
    EXPECT_LT(e.p99, 0.05) << solver;
  }
  const CommandResult r = run("bench --backend cuda --bodies 20000 --steps 2 --no-direct-kernels");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("cuda/bh"), std::string::npos) << r.output;
  std::filesystem::remove(f);
}

TEST(Cli, LoadsASnapshotRunsAndSavesAnother) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "galaxy_cli_load";
  fs::remove_all(dir);
  fs::create_directories(dir);
  io::Snapshot start;
  start.bodies = make_scenario("collision", 400, 5);
  start.time = 1.5;
  start.steps = 120;
  start.params = SimParams{0.6f, 0.02f, 0.04f};
  io::save_snapshot(dir / "start.gxy", start);
  io::save_snapshot(dir / "start.tipsy", start);

  // .gxy: the run continues the saved clock and parameters.
  CommandResult r = run("--backend cpu --headless --steps 2 --load " + (dir / "start.gxy").string() +
                        " --save " + (dir / "end.gxy").string());
  ASSERT_EQ(r.status, 0) << r.output;
  io::Snapshot end = io::load_snapshot(dir / "end.gxy");
  EXPECT_EQ(end.bodies.size(), 400u);
  EXPECT_EQ(end.steps, 122u);
  EXPECT_NEAR(end.time, 1.54, 1e-6);
  EXPECT_EQ(end.params->dt, 0.02f);
  EXPECT_EQ(end.bodies.galaxy, start.bodies.galaxy);  // tags survive the run
  EXPECT_NE(end.bodies.x, start.bodies.x);            // and the bodies moved

  // Tipsy in, CSV out: the time comes from the Tipsy header, the steps from zero.
  r = run("--backend cpu --headless --steps 2 --load " + (dir / "start.tipsy").string() +
          " --save " + (dir / "end.csv").string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(io::load_snapshot(dir / "end.csv").bodies.size(), 400u);

  // A broken file: status 1 and a message naming it.
  fs::resize_file(dir / "start.gxy", 1000);
  r = run("--backend cpu --headless --steps 2 --load " + (dir / "start.gxy").string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("start.gxy: the header's body count 400 disagrees"), std::string::npos)
      << r.output;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace galaxy
