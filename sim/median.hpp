// SPDX-License-Identifier: MIT
// The one median of the project: the bench's tables, the frame loop's per-frame report, the
// accuracy meter and the direct-kernel timings all use it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace galaxy {

// The median of a sample; for an even count, the mean of the two middle values. 0 for none.
template <typename T>
double median(std::vector<T> v) {
  if (v.empty()) return 0.0;
  const std::size_t k = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  const double upper = static_cast<double>(v[k]);
  if (v.size() % 2) return upper;
  const double lower =
      static_cast<double>(*std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k)));
  return 0.5 * (lower + upper);
}

// The value a fraction `q` (0..1) of the way up an ascending sample: element floor(q n), clamped
// to the last (the accuracy meter's p99, the frame summary's and the colour maps'). 0 for none.
template <typename T>
double quantile_sorted(const std::vector<T>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  const auto k = static_cast<std::size_t>(q * static_cast<double>(sorted.size()));
  return static_cast<double>(sorted[std::min(sorted.size() - 1, k)]);
}

}  // namespace galaxy
