// SPDX-License-Identifier: MIT
// What the hostile-input tests (test_hostile_*.cpp, issue 12) share: the program run with
// arguments as a user types them, files in the temp folder, and the skip where no GL context can
// be made.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.hpp"

namespace galaxy::hostile {

using test_support::CommandResult;

inline CommandResult run(const std::string& args) {
  return test_support::run_command(test_support::galaxy_command() + " " + args);
}

inline std::filesystem::path temp(const std::string& name) {
  return std::filesystem::temp_directory_path() / name;
}

inline void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
}

inline bool no_gl(const CommandResult& r) {
  return r.output.find("no headless OpenGL") != std::string::npos;
}

}  // namespace galaxy::hostile
