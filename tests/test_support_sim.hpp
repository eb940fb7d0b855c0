// SPDX-License-Identifier: MIT
// Helpers the simulation tests share and the product does not need: they lived in sim/'s headers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "accuracy.hpp"
#include "bodies.hpp"
#include "simulation.hpp"

// Skips the test, saying why, where galaxy has no CUDA device (or was built without CUDA).
#define REQUIRE_CUDA()                                                          \
  do {                                                                          \
    std::string why_;                                                           \
    if (!::galaxy::cuda_available(&why_)) GTEST_SKIP() << "skipped: " << why_;  \
  } while (0)

namespace galaxy::test_support {

// Radius that encloses `fraction` of the total mass about the centre of mass.
double lagrangian_radius(const HostBodies& b, double fraction);

// Mass-weighted centre of the bodies of population `p` in galaxy `g`.
std::array<double, 3> centre_of(const HostBodies& b, Population p, int g);

// The relative acceleration errors of `samples` bodies of b (drawn with `seed`) against the
// float64 direct sum over all of b.
ErrorStats errors_vs_direct(const HostBodies& b, float softening, std::size_t samples = 2000,
                            std::uint64_t seed = 7);

// Device memory in use (total minus free), for the memory-returns-to-baseline tests; 0 in a
// build without CUDA (the tests that call it skip there).
std::size_t cuda_device_memory_used();

}  // namespace galaxy::test_support
