// SPDX-License-Identifier: MIT
// Stage 2 on the CPU: Morton keys of the bodies in the root cube, and the bodies' order by key
// (ties by index, so the order is deterministic).
#include <algorithm>
#include <numeric>

#include "cpu/octree.hpp"

namespace galaxy {

void CpuOctree::sort(const HostBodies& b) {
  const int n = static_cast<int>(b.size());
  order_.resize(n);
  keys_.resize(n);
  const float inv_size = 1.0f / root_size_;
  std::vector<std::uint64_t> key(n);
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    key[i] = physics::morton_key(b.x[i], b.y[i], b.z[i], root_lo_[0], root_lo_[1], root_lo_[2],
                                 inv_size);
  }
  std::iota(order_.begin(), order_.end(), 0);
  std::sort(order_.begin(), order_.end(),
            [&](int a, int c) { return key[a] != key[c] ? key[a] < key[c] : a < c; });
  for (int i = 0; i < n; ++i) keys_[i] = key[order_[i]];
}

}  // namespace galaxy
