// SPDX-License-Identifier: MIT
// Stage 1 on the CPU: the root cube around the bodies (a min/max reduction over the pool).
#include <algorithm>
#include <limits>
#include <vector>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"
#include "threads.hpp"

namespace galaxy {

void bounding_cube(const HostBodies& b, float& lox, float& loy, float& loz, float& size) {
  const std::size_t n = b.size();
  if (n == 0) {
    lox = loy = loz = -1.0f;
    size = 2.0f;
    return;
  }
  struct Box {
    float lo[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                   std::numeric_limits<float>::max()};
    float hi[3] = {std::numeric_limits<float>::lowest(), std::numeric_limits<float>::lowest(),
                   std::numeric_limits<float>::lowest()};
  };
  std::vector<Box> part(static_cast<std::size_t>(cpu_threads()));
  cpu::parallel_for(n, 16384, [&](std::size_t begin, std::size_t end, int thread) {
    Box& p = part[static_cast<std::size_t>(thread)];
    for (std::size_t i = begin; i < end; ++i) {
      p.lo[0] = std::min(p.lo[0], b.x[i]), p.hi[0] = std::max(p.hi[0], b.x[i]);
      p.lo[1] = std::min(p.lo[1], b.y[i]), p.hi[1] = std::max(p.hi[1], b.y[i]);
      p.lo[2] = std::min(p.lo[2], b.z[i]), p.hi[2] = std::max(p.hi[2], b.z[i]);
    }
  });
  Box all;
  for (const Box& p : part) {
    for (int k = 0; k < 3; ++k) {
      all.lo[k] = std::min(all.lo[k], p.lo[k]);
      all.hi[k] = std::max(all.hi[k], p.hi[k]);
    }
  }
  physics::cube_from_bounds(all.lo, all.hi, lox, loy, loz, size);
}

void CpuOctree::bound(const HostBodies& b) {
  bounding_cube(b, root_lo_[0], root_lo_[1], root_lo_[2], root_size_);
}

}  // namespace galaxy
