// SPDX-License-Identifier: MIT
// Relative acceleration error statistics against an exact reference: used by the tests, the
// bench and the panel's accuracy meter.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "cpu/direct.hpp"
#include "median.hpp"

namespace galaxy {

struct ErrorStats {
  double median = 0, p99 = 0, max = 0;
  std::size_t samples = 0;
};

// |a - a_ref| / |a_ref| over the bodies `targets`, whose float accelerations are in `b`.
inline ErrorStats relative_errors(const HostBodies& b, const std::vector<int>& targets,
                                  const std::vector<AccelD>& ref) {
  std::vector<double> e(targets.size());
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const int i = targets[k];
    const double dx = b.ax[i] - ref[k].ax, dy = b.ay[i] - ref[k].ay, dz = b.az[i] - ref[k].az;
    const double norm = std::sqrt(ref[k].ax * ref[k].ax + ref[k].ay * ref[k].ay + ref[k].az * ref[k].az);
    e[k] = std::sqrt(dx * dx + dy * dy + dz * dz) / norm;
  }
  std::sort(e.begin(), e.end());
  ErrorStats s;
  if (e.empty()) return s;
  s.median = median(e);
  s.p99 = e[std::min(e.size() - 1, static_cast<std::size_t>(0.99 * e.size()))];
  s.max = e.back();
  s.samples = e.size();
  return s;
}

// `count` distinct body indices in [0, n), drawn uniformly with a fixed seed (all of them when
// count >= n), sorted.
std::vector<int> random_sample(std::size_t n, std::size_t count, std::uint64_t seed);

}  // namespace galaxy
