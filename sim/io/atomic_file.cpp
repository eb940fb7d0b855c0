// SPDX-License-Identifier: MIT
#include "atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

namespace galaxy::io {

namespace {

// Where a save through `path` lands: the file a symbolic link points to (a save keeps the link
// and writes its target, as editors do), else `path` itself.
std::filesystem::path save_target(const std::filesystem::path& path, int depth = 0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // 40 links as the kernel follows them; past that (a loop) the path is written as it is, and the
  // rename fails naming it.
  if (depth >= 40 || !fs::is_symlink(path, ec)) return path;
  fs::path target = fs::read_symlink(path, ec);
  if (ec) return path;
  if (target.is_relative()) target = path.parent_path() / target;
  return save_target(target, depth + 1);
}

// Gives `tmp` the mode (and, where allowed, the owner) of the file it replaces.
void keep_mode(const std::filesystem::path& tmp, const std::filesystem::path& old) {
  struct stat st {};
  if (::stat(old.c_str(), &st) != 0) return;  // a new file: the umask's mode
  ::chmod(tmp.c_str(), st.st_mode & 07777);
  if (::chown(tmp.c_str(), st.st_uid, st.st_gid) != 0) {
    // Only root may give a file away; the mode is kept all the same.
  }
}

}  // namespace

void atomic_write_file(const std::filesystem::path& requested,
                       const std::function<void(const std::filesystem::path& tmp)>& write) {
  namespace fs = std::filesystem;
  const fs::path path = save_target(requested);
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  if (!fs::is_directory(dir)) {
    throw std::runtime_error(path.string() + ": folder " + dir.string() + " does not exist");
  }
  std::random_device rd;
  std::string tmp_name = ".";
  tmp_name += path.filename().string();
  tmp_name += ".tmp";
  tmp_name += std::to_string(::getpid());
  tmp_name += '-';
  tmp_name += std::to_string(rd());
  const fs::path tmp = dir / tmp_name;
  try {
    write(tmp);
    keep_mode(tmp, path);
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) throw std::runtime_error(path.string() + ": cannot replace the file: " + ec.message());
  } catch (...) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw;
  }
}

void atomic_write(const std::filesystem::path& requested,
                  const std::function<void(std::ostream&)>& write) {
  const std::filesystem::path path = save_target(requested);
  atomic_write_file(path, [&](const std::filesystem::path& tmp) {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw std::runtime_error(path.string() + ": cannot create " + tmp.string() + ": " +
                               std::strerror(errno));
    }
    write(out);
    out.flush();
    if (!out) throw std::runtime_error(path.string() + ": write failed (disk full?)");
    out.close();  // the last bytes reach the file system here: a failure is a failed save
    if (!out) throw std::runtime_error(path.string() + ": write failed on closing (disk full?)");
  });
}

}  // namespace galaxy::io
