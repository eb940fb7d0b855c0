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
  if ((end - begin > leaf_capacity_ || !in_range(nodes_[self])) && depth < physics::kMaxDepth) {
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

namespace galaxy {

namespace {
void add_chunks(std::vector<CpuOctree::Group>& groups, int begin, int end, int group_size) {
  const int len = end - begin;
  const int chunks = (len + group_size - 1) / group_size;
  for (int j = 0; j < chunks; ++j) {
    groups.push_back({begin + static_cast<int>((std::int64_t(j) * len) / chunks),
                      begin + static_cast<int>((std::int64_t(j + 1) * len) / chunks)});
  }
}
}  // namespace

void CpuOctree::build_groups(int group_size) {
  group_size = std::max(1, group_size);
  groups_.clear();
  if (nodes_.empty() || nodes_[0].body_end == nodes_[0].body_begin) return;
  // Cells of more than group_size bodies, from the root down, in pre-order (body order).
  auto visit = [&](auto& self, std::int32_t i) -> void {
    const CpuNode& node = nodes_[static_cast<std::size_t>(i)];
    const bool pure = in_range(node);
    // Only the root gets here with few bodies, or a small cell past the keys.
    if (node.body_end - node.body_begin <= group_size && pure) {
      groups_.push_back({node.body_begin, node.body_end});
      return;
    }
    if (node.leaf()) {  // an oversized leaf: slices of group_size
      for (int k = node.body_begin; k < node.body_end; k += group_size)
        groups_.push_back({k, std::min(k + group_size, node.body_end)});
      return;
    }
    int run_begin = -1, run_end = -1;  // the open run of small children
    int heaviest = 0;  // physics::kHeavyChild
    for (std::int32_t c = i + 1; c < node.skip; c = nodes_[static_cast<std::size_t>(c)].skip) {
      const CpuNode& child = nodes_[static_cast<std::size_t>(c)];
      heaviest = std::max(heaviest, child.body_end - child.body_begin);
    }
    const bool merge = pure && heaviest <= physics::kHeavyChild * group_size;
    for (std::int32_t c = i + 1; c < node.skip; c = nodes_[static_cast<std::size_t>(c)].skip) {
      const CpuNode& child = nodes_[static_cast<std::size_t>(c)];
      const bool small = child.body_end - child.body_begin <= group_size && in_range(child);
      if (small && !merge) {
        add_chunks(groups_, child.body_begin, child.body_end, group_size);
      } else if (small) {
        if (run_begin < 0) run_begin = child.body_begin;
        run_end = child.body_end;
      } else {
        if (run_begin >= 0) add_chunks(groups_, run_begin, run_end, group_size);
        run_begin = -1;
        self(self, c);
      }
    }
    if (run_begin >= 0) add_chunks(groups_, run_begin, run_end, group_size);
  };
  visit(visit, 0);
}

}  // namespace galaxy
