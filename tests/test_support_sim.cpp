// SPDX-License-Identifier: MIT
#include "test_support_sim.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics.hpp"
#include "reference.hpp"

#if GALAXY_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "cuda_error.hpp"
#endif

namespace galaxy::test_support {

ErrorStats errors_vs_direct(const HostBodies& b, float softening, std::size_t samples,
                            std::uint64_t seed) {
  const std::vector<int> t = random_sample(b.size(), samples, seed);
  return relative_errors(b, t, direct_forces_cpu_sample(b, t, softening));
}

std::array<double, 3> centre_of(const HostBodies& b, Population p, int g) {
  double c[3] = {0, 0, 0}, m = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.population[i] != static_cast<std::uint8_t>(p) || b.galaxy[i] != g) continue;
    c[0] += b.m[i] * b.x[i];
    c[1] += b.m[i] * b.y[i];
    c[2] += b.m[i] * b.z[i];
    m += b.m[i];
  }
  return {c[0] / m, c[1] / m, c[2] / m};
}

double lagrangian_radius(const HostBodies& b, double fraction) {
  const Diagnostics d = compute_diagnostics(b);
  std::vector<std::pair<double, double>> rm(b.size());
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double dx = b.x[i] - d.com[0], dy = b.y[i] - d.com[1], dz = b.z[i] - d.com[2];
    rm[i] = {std::sqrt(dx * dx + dy * dy + dz * dz), b.m[i]};
  }
  std::sort(rm.begin(), rm.end());
  const double target = fraction * d.mass;
  double acc = 0;
  for (const auto& [r, m] : rm) {
    acc += m;
    if (acc >= target) return r;
  }
  return rm.empty() ? 0.0 : rm.back().first;
}
std::size_t cuda_device_memory_used() {
#if GALAXY_HAVE_CUDA
  std::size_t free = 0, total = 0;
  if (const cudaError_t e = cudaMemGetInfo(&free, &total); e != cudaSuccess) {
    throw std::runtime_error(cuda_error_message("cudaMemGetInfo", e));
  }
  return total - free;
#else
  return 0;
#endif
}

}  // namespace galaxy::test_support
