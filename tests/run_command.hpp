// SPDX-License-Identifier: MIT
// Runs a shell command as a user would and keeps its exit status and output (stdout and stderr).
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace galaxy::test_support {

// The program under test: $GALAXY_EXE (a command line) if set; else a `galaxy` beside this test
// program (as packed for the GPU machine, where .gpu/run has set the library path); else the one
// this build made, by the path compiled in.
inline std::string galaxy_command() {
  const char* env = std::getenv("GALAXY_EXE");
  if (env && *env) return env;
  std::error_code ec;
  const std::filesystem::path beside =
      std::filesystem::read_symlink("/proc/self/exe", ec).parent_path() / "galaxy";
  if (!ec && std::filesystem::is_regular_file(beside, ec)) return beside.string();
  return GALAXY_EXE;
}

struct CommandResult {
  int status;
  std::string output;
};

inline CommandResult run_command(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  CommandResult r{-1, {}};
  if (!p) return r;
  std::array<char, 4096> buf;
  while (std::fgets(buf.data(), buf.size(), p)) r.output += buf.data();
  const int s = pclose(p);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
}

}  // namespace galaxy::test_support
