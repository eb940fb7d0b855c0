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

}  // namespace galaxy
