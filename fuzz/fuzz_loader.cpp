// SPDX-License-Identifier: MIT
// libFuzzer target for one snapshot loader, chosen at compile time: GALAXY_FUZZ_TARGET names
// the format rows (sim/io/formats.cpp, their `fuzz`) whose loader it runs. The input goes into
// an in-memory file (memfd), which is a regular file to the loaders, and is loaded from its
// /proc path. A loader may throw std::runtime_error (the input is bad) but must not crash, leak,
// read out of bounds, hit undefined behaviour or hang; what it returns must pass the checks
// every load promises.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "fuzz_input.hpp"
#include "io/formats.hpp"

namespace {

// The loader of the first row fuzzed by this target; a target no row names is a mistake of the
// build (a seed folder without its row), so it stops at once.
const galaxy::io::Format& the_format() {
  static const galaxy::io::Format& f = []() -> const galaxy::io::Format& {
    for (const galaxy::io::Format& r : galaxy::io::formats()) {
      if (r.fuzz == GALAXY_FUZZ_TARGET) return r;
    }
    std::abort();
  }();
  return f;
}

void check(const galaxy::HostBodies& b) {
  if (b.empty()) std::abort();  // empty snapshots are refused
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!std::isfinite(b.x[i]) || !std::isfinite(b.vx[i]) || !(b.m[i] >= 0.0f)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = galaxy::fuzz::input_file(data, size);
  try {
    check(the_format().load(path, {}).bodies);
  } catch (const std::runtime_error&) {
    // A refused file: what the loaders do with bad input.
  }
  return 0;
}
