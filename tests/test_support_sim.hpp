// SPDX-License-Identifier: MIT
// Helpers the simulation tests share and the product does not need: they lived in sim/'s headers.
#pragma once

#include <array>
#include <cstddef>

#include "bodies.hpp"

namespace galaxy::test_support {

// Radius that encloses `fraction` of the total mass about the centre of mass.
double lagrangian_radius(const HostBodies& b, double fraction);

// Mass-weighted centre of the bodies of population `p` in galaxy `g`.
std::array<double, 3> centre_of(const HostBodies& b, Population p, int g);

// Device memory in use (total minus free), for the memory-returns-to-baseline tests; 0 in a
// build without CUDA (the tests that call it skip there).
std::size_t cuda_device_memory_used();

}  // namespace galaxy::test_support
