// SPDX-License-Identifier: MIT
// Runs a shell command as a user would and keeps its exit status and output (stdout and stderr).
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace galaxy::test_support {

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
