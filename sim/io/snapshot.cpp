// SPDX-License-Identifier: MIT
#include "snapshot.hpp"

#include <stdexcept>

#include "csv.hpp"

namespace galaxy::io {

namespace {
std::string extension(const std::filesystem::path& p) {
  std::string e = p.extension().string();
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e;
}
}  // namespace

void save_snapshot(const std::filesystem::path& path, const Snapshot& s) {
  if (extension(path) == ".csv") return save_csv(path, s.bodies);
  throw std::runtime_error(path.string() + ": unknown snapshot format '" + extension(path) +
                           "' (use .csv)");
}

Snapshot load_snapshot(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) throw std::runtime_error(path.string() + ": no such file");
  if (extension(path) == ".csv") return {load_csv(path), 0.0};
  throw std::runtime_error(path.string() + ": unknown snapshot format '" + extension(path) +
                           "' (use .csv)");
}

}  // namespace galaxy::io
