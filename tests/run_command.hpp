// SPDX-License-Identifier: MIT
// Runs a shell command as a user would and keeps its exit status and output (stdout and stderr).
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace galaxy::test_support {

// The program under test: the one this build made, or $GALAXY_EXE (a command line, such as the GPU
// machine's `.gpu/run galaxy`, where the build folder does not exist).
inline std::string galaxy_command() {
  const char* env = std::getenv("GALAXY_EXE");
  return env && *env ? env : GALAXY_EXE;
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
