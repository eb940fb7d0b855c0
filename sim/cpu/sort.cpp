// SPDX-License-Identifier: MIT
// Stage 2 on the CPU: Morton keys of the bodies in the root cube, and the bodies' order by key
// (ties by index, so the order is deterministic). Keys and index travel as one 128-bit pair;
// chunks are sorted in parallel and merged pairwise in parallel rounds (the last merge is one
// linear pass).
#include <algorithm>
#include <numeric>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

namespace {
struct KeyIndex {
  std::uint64_t key;
  std::int64_t index;
  bool operator<(const KeyIndex& o) const { return key != o.key ? key < o.key : index < o.index; }
};
}  // namespace

void CpuOctree::sort(const HostBodies& b) {
  const std::size_t n = b.size();
  order_.resize(n);
  keys_.resize(n);
  const float inv_size = 1.0f / root_size_;
  std::vector<KeyIndex> a(n), tmp(n);
  cpu::parallel_for(n, 8192, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      a[i] = {physics::morton_key(b.x[i], b.y[i], b.z[i], root_lo_[0], root_lo_[1], root_lo_[2],
                                  inv_size),
              static_cast<std::int64_t>(i)};
    }
  });
  // Sorted runs of about 4096 (at least four, a power of two), then merge rounds.
  std::size_t runs = 4;
  while (runs < 256 && n / runs > 4096) runs *= 2;
  auto bound = [&](std::size_t r) { return n * r / runs; };
  cpu::parallel_tasks(static_cast<int>(runs), [&](int r, int) {
    std::sort(a.begin() + bound(r), a.begin() + bound(r + 1));
  });
  for (std::size_t width = 1; width < runs; width *= 2) {
    const int merges = static_cast<int>(runs / (2 * width));
    cpu::parallel_tasks(merges, [&](int m, int) {
      const std::size_t lo = bound(2 * width * m), mid = bound(2 * width * m + width),
                        hi = bound(2 * width * (m + 1));
      std::merge(a.begin() + lo, a.begin() + mid, a.begin() + mid, a.begin() + hi,
                 tmp.begin() + lo);
    });
    a.swap(tmp);
  }
  cpu::parallel_for(n, 16384, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      order_[i] = static_cast<std::int32_t>(a[i].index);
      keys_[i] = a[i].key;
    }
  });
}

}  // namespace galaxy
