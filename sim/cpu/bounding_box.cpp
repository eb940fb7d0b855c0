// SPDX-License-Identifier: MIT
// Stage 1 on the CPU: the root cube around the bodies (an OpenMP min/max reduction).
#include <algorithm>
#include <limits>

#include "cpu/octree.hpp"

namespace galaxy {

void bounding_cube(const HostBodies& b, float& lox, float& loy, float& loz, float& size) {
  const std::size_t n = b.size();
  float lo[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                 std::numeric_limits<float>::max()};
  float hi[3] = {std::numeric_limits<float>::lowest(), std::numeric_limits<float>::lowest(),
                 std::numeric_limits<float>::lowest()};
#pragma omp parallel for reduction(min : lo[:3]) reduction(max : hi[:3]) schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    lo[0] = std::min(lo[0], b.x[i]);
    lo[1] = std::min(lo[1], b.y[i]);
    lo[2] = std::min(lo[2], b.z[i]);
    hi[0] = std::max(hi[0], b.x[i]);
    hi[1] = std::max(hi[1], b.y[i]);
    hi[2] = std::max(hi[2], b.z[i]);
  }
  if (n == 0) {
    lox = loy = loz = -1.0f;
    size = 2.0f;
    return;
  }
  physics::cube_from_bounds(lo, hi, lox, loy, loz, size);
}

void CpuOctree::bound(const HostBodies& b) {
  bounding_cube(b, root_lo_[0], root_lo_[1], root_lo_[2], root_size_);
}

}  // namespace galaxy
