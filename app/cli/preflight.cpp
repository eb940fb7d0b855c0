// SPDX-License-Identifier: MIT
#include "cli/preflight.hpp"

#include <unistd.h>

#include <cctype>
#include <exception>
#include <filesystem>

#include "io/snapshot.hpp"
#include "picture/recorder.hpp"

namespace galaxy::app {

namespace {
std::string lower_extension(const std::string& path) {
  std::string e = std::filesystem::path(path).extension().string();
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e;
}

void check_csv(const std::string& path) {
  namespace fs = std::filesystem;
  if (lower_extension(path) != ".csv") {
    throw std::runtime_error("--csv " + path + ": the file must end in .csv");
  }
  const fs::path p(path);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    throw std::runtime_error("--csv " + path + ": folder " + dir.string() + " does not exist");
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    throw std::runtime_error("--csv " + path + ": folder " + dir.string() + " is not writable");
  }
}
}  // namespace

std::optional<std::string> check_outputs(const Options& o) {
  try {
    if (o.bench) {
      if (!o.bench_options.csv.empty()) check_csv(o.bench_options.csv);
      return std::nullopt;
    }
    if (!o.save.empty()) {
      try {
        io::check_save_path(o.save);
      } catch (const std::exception& e) {
        throw std::runtime_error(std::string("--save ") + e.what());
      }
    }
    if (!o.record.empty()) check_record_target(o.record, o.record_replace);
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace galaxy::app
