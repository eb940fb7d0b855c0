// SPDX-License-Identifier: MIT
// The CPU tree's four build stages in order, each timed for the panel and the bench, and the
// force walk's groups (timed with the tree build, as on the GPU).
#include <algorithm>
#include <chrono>

#include "cpu/octree.hpp"

namespace galaxy {

CpuOctree::BuildTimes CpuOctree::build(const HostBodies& b, int leaf_capacity, int group_size,
                                       const Domain* domain) {
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  auto lap = [&t0] {
    const auto t1 = Clock::now();
    const float ms = std::chrono::duration<float, std::milli>(t1 - t0).count();
    t0 = t1;
    return ms;
  };
  BuildTimes times;
  const Domain whole;
  const Domain& d = domain ? *domain : whole;
  if (domain) {
    std::copy(d.lo, d.lo + 3, root_lo_);
    root_size_ = d.size;
  } else {
    bound(b);
  }
  key_lo_ = d.key_lo, key_hi_ = d.key_hi;
  times.bounding_box = lap();
  sort(b);
  times.sort = lap();
  build_nodes(leaf_capacity);
  build_groups(group_size);
  times.tree_build = lap();
  summarize(b);
  times.summarize = lap();
  return times;
}

bool CpuOctree::in_range(const CpuNode& n) const {
  if (n.body_end == n.body_begin) return true;
  return physics::cell_in_keys(keys_[static_cast<std::size_t>(n.body_begin)], n.depth, key_lo_,
                               key_hi_);
}

int CpuOctree::group_of_slot(int slot) const {
  const auto it = std::upper_bound(groups_.begin(), groups_.end(), slot,
                                   [](int s, const Group& g) { return s < g.begin; });
  return static_cast<int>(it - groups_.begin()) - 1;
}

}  // namespace galaxy
