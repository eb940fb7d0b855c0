// SPDX-License-Identifier: MIT
// The galaxy executable's command line, run as a user would.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

#include "io/csv.hpp"
#include "run_command.hpp"

namespace galaxy {
namespace {

using test_support::CommandResult;

CommandResult run(const std::string& args) {
  return test_support::run_command(std::string(GALAXY_EXE) + " " + args);
}

TEST(Cli, HelpListsTheOptions) {
  const CommandResult r = run("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* opt : {"--backend", "--scenario", "--bodies", "--seed", "--theta", "--dt",
                          "--softening", "--steps", "--headless", "--save"}) {
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

}  // namespace
}  // namespace galaxy
