// SPDX-License-Identifier: MIT
#include "cli/preflight.hpp"

#include <limits.h>
#include <unistd.h>

#include <cctype>
#include <exception>
#include <filesystem>

#include <fmt/format.h>

#include "io/snapshot.hpp"
#include "picture/camera_path_file.hpp"
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
// A save is written under a temporary name beside it (io/atomic_file.cpp: ".NAME.tmpPID-RANDOM")
// and renamed: a name the folder takes whose temporary name it does not would fail only after
// the run.
void check_save_name(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  const std::size_t most = name_max > 0 ? std::size_t(name_max) : 255;
  // ".", ".tmp", the process id, "-" and a random 32-bit number (at most 10 digits).
  const std::size_t extra = 1 + 4 + std::to_string(::getpid()).size() + 1 + 10;
  const std::size_t name = p.filename().string().size();
  if (name + extra > most) {
    throw std::runtime_error(fmt::format(
        "--save {}: the name is {} bytes and its temporary name beside it {}, past the folder's "
        "limit of {} bytes: give a name of at most {} bytes",
        path, name, name + extra, most, most > extra ? most - extra : 0));
  }
  const std::size_t whole = fs::absolute(p).string().size() + extra;
  if (whole >= PATH_MAX) {
    throw std::runtime_error(fmt::format("--save {}: the temporary file's path would be {} bytes, "
                                         "past the limit of {}",
                                         path, whole, PATH_MAX - 1));
  }
}

// A headless recording ends with --frames, or with a camera path that does not loop (the run
// ends with the path); without either it writes frames until the disk is full.
void check_record_ends(const Options& o) {
  if (o.record.empty() || !o.headless || o.frames) return;
  bool loops = o.kiosk;
  if (!o.camera_path.empty() && !loops) {
    loops = load_camera_path(o.camera_path).loop;
    if (!loops) return;
  }
  throw std::runtime_error(fmt::format(
      "--record {}: a headless recording without --frames would write frames until the disk is "
      "full{}: give --frames N",
      o.record, loops ? (o.kiosk ? " (--kiosk goes on for good)" : " (the camera path loops)")
                      : ""));
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
      check_save_name(o.save);
    }
    if (!o.record.empty()) check_record_target(o.record, o.record_replace);
    check_record_ends(o);
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace galaxy::app
