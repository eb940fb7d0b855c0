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

// The pull of every body of `sources` at the points (xyz[3 k], xyz[3 k + 1], xyz[3 k + 2]),
// summed in double, the same way. A point at a source (a body's own place) gets that pair's
// softened potential -m / eps and no force: a caller summing a body's own pull takes it back out
// (a run over MPI ranks sums each rank's share of the sources and adds the shares).
std::vector<AccelD> direct_sums_at(const HostBodies& sources, const std::vector<float>& xyz,
                                   float softening);

// Bodies of a run as they are now, with their exact accelerations and potentials (float64 direct
// sums over all bodies): Meters::exact_sample, the accuracy meter's reference and a clicked
// body's.
struct ExactSample {
  HostBodies bodies;
  std::vector<AccelD> exact;
};

}  // namespace galaxy
