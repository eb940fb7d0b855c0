// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "../reference.hpp"
#include "bodies.hpp"

namespace galaxy {

// Direct summation over all pairs with double-precision accumulation: the accuracy reference.
// Writes acceleration and potential of every body into b.ax/ay/az/pot. Multi-threaded, O(N^2).
void direct_forces_cpu(HostBodies& b, float softening);

// The same for a subset of target bodies: direct_forces_cpu_sample, declared in ../reference.hpp.

}  // namespace galaxy
