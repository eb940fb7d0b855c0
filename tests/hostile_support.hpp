// SPDX-License-Identifier: MIT
// What the hostile-input tests (test_hostile_*.cpp, issue 12) share: the program run with
// arguments as a user types them, files in the temp folder, and the skip where no GL context can
// be made.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.hpp"
#include "sanitizer.hpp"

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

// Where no GL context can be made, and in scripts/sanitize's build, where a program that made
// one may end in a leak report from Mesa (status 134 instead of the one the test expects).
inline bool no_gl(const CommandResult& r) {
  const bool made_one = r.output.find("galaxy: OpenGL ") != std::string::npos;
  return r.output.find("no headless OpenGL") != std::string::npos ||
         (test_support::kUnderAddressSanitizer && made_one);
}

inline std::string no_gl_reason(const CommandResult& r) {
  if (r.output.find("no headless OpenGL") != std::string::npos) return r.output;
  return std::string(test_support::kNoGlUnderAsan) + "\n" + r.output;
}

}  // namespace galaxy::hostile
