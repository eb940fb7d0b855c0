// SPDX-License-Identifier: MIT
// An empty folder in the temp directory for a test's frames (whatever an earlier run left there
// removed first), shared by the render tests that record.
#pragma once

#include <filesystem>
#include <string>

namespace galaxy::test_support {

inline std::filesystem::path fresh_dir(const std::string& name) {
  const std::filesystem::path d = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(d);
  return d;
}

}  // namespace galaxy::test_support
