// SPDX-License-Identifier: MIT
// Stage 3 on the CPU: the nodes in pre-order, each cell's octants found as runs of the sorted keys,
// with skip pointers for the stackless walk.
#include <algorithm>

#include "cpu/octree.hpp"

namespace galaxy {

void CpuOctree::build_nodes(int leaf_capacity) {
  leaf_capacity_ = std::max(1, leaf_capacity);
  const int n = static_cast<int>(order_.size());
  nodes_.clear();
  nodes_.reserve(2 * static_cast<std::size_t>(n) / leaf_capacity_ + 16);
  build_node(0, n, 0, root_lo_[0], root_lo_[1], root_lo_[2], root_size_);
}

std::int32_t CpuOctree::build_node(int begin, int end, int depth, float lox, float loy, float loz,
                                   float size) {
  const auto self = static_cast<std::int32_t>(nodes_.size());
  nodes_.emplace_back();
  {
    CpuNode& node = nodes_[self];
    node.lox = lox;
    node.loy = loy;
    node.loz = loz;
    node.size = size;
    node.body_begin = begin;
    node.body_end = end;
    node.depth = depth;
  }
  if (end - begin > leaf_capacity_ && depth < physics::kMaxDepth) {
    const float half = 0.5f * size;
    int children = 0;
    int lo = begin;
    for (int oct = 0; oct < 8 && lo < end; ++oct) {
      // Keys are sorted, so each octant is a contiguous run.
      const auto in_octant = [&](std::uint64_t k) { return physics::key_octant(k, depth + 1) <= oct; };
      const int hi = static_cast<int>(
          std::partition_point(keys_.begin() + lo, keys_.begin() + end, in_octant) - keys_.begin());
      if (hi > lo) {
        build_node(lo, hi, depth + 1, lox + ((oct & 1) ? half : 0.0f),
                   loy + ((oct & 2) ? half : 0.0f), loz + ((oct & 4) ? half : 0.0f), half);
        ++children;
      }
      lo = hi;
    }
    nodes_[self].children = children;
  }
  nodes_[self].skip = static_cast<std::int32_t>(nodes_.size());
  return self;
}

}  // namespace galaxy
