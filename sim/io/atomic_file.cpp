// SPDX-License-Identifier: MIT
#include "atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

namespace galaxy::io {

void atomic_write(const std::filesystem::path& path,
                  const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
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
    {
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
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) throw std::runtime_error(path.string() + ": cannot replace the file: " + ec.message());
  } catch (...) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw;
  }
}

}  // namespace galaxy::io
