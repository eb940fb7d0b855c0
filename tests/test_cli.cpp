// SPDX-License-Identifier: MIT
// The galaxy executable's command line, run as a user would.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

#include "io/csv.hpp"
#include "io/snapshot.hpp"
#include "scenarios.hpp"

namespace galaxy {
namespace {

struct CommandResult {
  int status;
  std::string output;
};

CommandResult run(const std::string& args) {
  const std::string cmd = std::string(GALAXY_EXE) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  CommandResult r{-1, {}};
  if (!p) return r;
  std::array<char, 4096> buf;
  while (std::fgets(buf.data(), buf.size(), p)) r.output += buf.data();
  const int s = pclose(p);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
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
      {"--backend gpu", "--backend"},          {"--scenario nosuch", "--scenario"}};
  for (const auto& [args, mention] : cases) {
    const CommandResult r = run(std::string(args) + " --headless --steps 1");
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(mention), std::string::npos) << args << "\n" << r.output;
  }
}

TEST(Cli, HeadlessCpuRunSavesCsvWithSolverAccelerations) {
  const auto f = std::filesystem::temp_directory_path() / "galaxy_cli_state.csv";
  std::filesystem::remove(f);
  const CommandResult r = run("--backend cpu --headless --bodies 300 --steps 3 --save " + f.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("energy"), std::string::npos);
  const HostBodies b = io::load_csv(f);
  EXPECT_EQ(b.size(), 300u);
  double a2 = 0;
  for (std::size_t i = 0; i < b.size(); ++i) a2 += b.ax[i] * b.ax[i];
  EXPECT_GT(a2, 0.0);
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
