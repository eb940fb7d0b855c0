// SPDX-License-Identifier: MIT
// libFuzzer target for one snapshot loader, chosen at compile time (GALAXY_FUZZ_LOADER: 0 .gxy,
// 1 Tipsy, 2 CSV). The input goes into an in-memory file (memfd), which is a regular file to the
// loaders, and is loaded from its /proc path. A loader may throw std::runtime_error (the input is
// bad) but must not crash, leak, read out of bounds, hit undefined behaviour or hang; what it
// returns must pass the checks every load promises.
#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "io/csv.hpp"
#include "io/gxy.hpp"
#include "io/tipsy.hpp"

namespace {

int the_file() {
  static const int fd = [] {
    const int f = memfd_create("galaxy_fuzz", 0);
    if (f < 0) std::abort();
    return f;
  }();
  return fd;
}

void check(const galaxy::HostBodies& b) {
  if (b.empty()) std::abort();  // empty snapshots are refused
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!std::isfinite(b.x[i]) || !std::isfinite(b.vx[i]) || !(b.m[i] >= 0.0f)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const int fd = the_file();
  if (ftruncate(fd, 0) != 0) std::abort();
  std::size_t done = 0;
  while (done < size) {
    const ssize_t w = pwrite(fd, data + done, size - done, static_cast<off_t>(done));
    if (w <= 0) std::abort();
    done += static_cast<std::size_t>(w);
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  try {
#if GALAXY_FUZZ_LOADER == 0
    check(galaxy::io::load_gxy(path).bodies);
#elif GALAXY_FUZZ_LOADER == 1
    check(galaxy::io::load_tipsy(path).bodies);
#else
    check(galaxy::io::load_csv(path).bodies);
#endif
  } catch (const std::runtime_error&) {
    // A refused file: what the loaders do with bad input.
  }
  return 0;
}
