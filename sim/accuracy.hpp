// SPDX-License-Identifier: MIT
// Relative acceleration error statistics against an exact reference: used by the tests, the
// bench and the panel's accuracy meter.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "median.hpp"
#include "reference.hpp"

namespace galaxy {

struct ErrorStats {
  double median = 0, p99 = 0, max = 0;
  std::size_t samples = 0;
};

// |a - a_ref| / |a_ref| of one body whose float acceleration is (ax, ay, az): the meter's number,
// which the force error field (BodyFields::show_field, body_field_table.hpp) computes the same way.
inline double relative_error(float ax, float ay, float az, const AccelD& ref) {
  const double dx = ax - ref.ax, dy = ay - ref.ay, dz = az - ref.az;
  const double norm = std::sqrt(ref.ax * ref.ax + ref.ay * ref.ay + ref.az * ref.az);
  return std::sqrt(dx * dx + dy * dy + dz * dz) / norm;
}

// Median, p99 and largest of per-body errors.
inline ErrorStats error_stats(std::vector<double> e) {
  std::sort(e.begin(), e.end());
  ErrorStats s;
  if (e.empty()) return s;
  s.median = median(e);
  s.p99 = quantile_sorted(e, 0.99);
  s.max = e.back();
  s.samples = e.size();
  return s;
}

// The errors of the bodies `targets`, whose float accelerations are in `b`.
inline ErrorStats relative_errors(const HostBodies& b, const std::vector<int>& targets,
                                  const std::vector<AccelD>& ref) {
  std::vector<double> e(targets.size());
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const int i = targets[k];
    e[k] = relative_error(b.ax[i], b.ay[i], b.az[i], ref[k]);
  }
  return error_stats(std::move(e));
}

// `count` distinct body indices in [0, n), drawn uniformly with a fixed seed (all of them when
// count >= n), sorted.
std::vector<int> random_sample(std::size_t n, std::size_t count, std::uint64_t seed);

}  // namespace galaxy
