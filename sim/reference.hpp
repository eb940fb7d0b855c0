// SPDX-License-Identifier: MIT
// The exact reference the accuracy meter and the error field compare with: a float64 direct sum
// for a sample of target bodies against all N. Backend-neutral: declared here so that the
// interface (accuracy.hpp, simulation.cpp) includes no backend header; implemented by the CPU
// backend (cpu/direct.cpp).
#pragma once

#include <vector>

#include "bodies.hpp"

namespace galaxy {

// Acceleration and potential of one target body, summed in double.
struct AccelD {
  double ax, ay, az, pot;
};

// Direct summation for the bodies `targets` (indices into b) against all N sources, with
// double-precision accumulation; multi-threaded, O(targets * N).
std::vector<AccelD> direct_forces_cpu_sample(const HostBodies& b, const std::vector<int>& targets,
                                             float softening);

}  // namespace galaxy
