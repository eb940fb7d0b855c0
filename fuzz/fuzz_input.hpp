// SPDX-License-Identifier: MIT
// The fuzz targets' input as a file: an in-memory file (memfd), a regular file to the readers,
// rewritten with each input and read from its /proc path.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace galaxy::fuzz {

// Writes `data` into the target's one file, replacing the last input; its path.
inline std::string input_file(const std::uint8_t* data, std::size_t size) {
  static const int fd = [] {
    const int f = memfd_create("galaxy_fuzz", 0);
    if (f < 0) std::abort();
    return f;
  }();
  if (ftruncate(fd, 0) != 0) std::abort();
  std::size_t done = 0;
  while (done < size) {
    const ssize_t w = pwrite(fd, data + done, size - done, static_cast<off_t>(done));
    if (w <= 0) std::abort();
    done += static_cast<std::size_t>(w);
  }
  return "/proc/self/fd/" + std::to_string(fd);
}

}  // namespace galaxy::fuzz
