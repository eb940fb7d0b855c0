// SPDX-License-Identifier: MIT
#include "cpu/octree.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

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

CpuOctree::BuildTimes CpuOctree::build(const HostBodies& b, int leaf_capacity) {
  using Clock = std::chrono::steady_clock;
  auto ms_since = [](Clock::time_point t0) {
    return std::chrono::duration<float, std::milli>(Clock::now() - t0).count();
  };
  BuildTimes times;
  leaf_capacity_ = std::max(1, leaf_capacity);
  const int n = static_cast<int>(b.size());
  nodes_.clear();
  order_.resize(n);
  keys_.resize(n);
  auto t0 = Clock::now();
  float lox, loy, loz, size;
  bounding_cube(b, lox, loy, loz, size);
  times.bounding_box = ms_since(t0);
  t0 = Clock::now();
  const float inv_size = 1.0f / size;
  std::vector<std::uint64_t> key(n);
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    key[i] = physics::morton_key(b.x[i], b.y[i], b.z[i], lox, loy, loz, inv_size);
  }
  std::iota(order_.begin(), order_.end(), 0);
  std::sort(order_.begin(), order_.end(), [&](int a, int c) {
    return key[a] != key[c] ? key[a] < key[c] : a < c;
  });
  for (int i = 0; i < n; ++i) keys_[i] = key[order_[i]];
  times.sort = ms_since(t0);
  t0 = Clock::now();
  nodes_.reserve(2 * static_cast<std::size_t>(n) / leaf_capacity_ + 16);
  build_node(b, 0, n, 0, lox, loy, loz, size);
  times.tree_build = ms_since(t0);
  t0 = Clock::now();
  // Every cell sums its own bodies, so the cells are independent.
  const auto count = static_cast<std::int64_t>(nodes_.size());
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t k = 0; k < count; ++k) summarize(b, nodes_[k]);
  times.summarize = ms_since(t0);
  return times;
}

std::int32_t CpuOctree::build_node(const HostBodies& b, int begin, int end, int depth, float lox,
                                   float loy, float loz, float size) {
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
      const int hi = static_cast<int>(
          std::partition_point(keys_.begin() + lo, keys_.begin() + end,
                               [&](std::uint64_t k) { return physics::key_octant(k, depth + 1) <= oct; }) -
          keys_.begin());
      if (hi > lo) {
        build_node(b, lo, hi, depth + 1, lox + ((oct & 1) ? half : 0.0f),
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

// Mass, centre of mass and quadrupole in double over the cell's bodies (the GPU combines its
// children's moments instead; both are exact sums, so they agree to float rounding), and the box
// around the bodies that the opening criterion measures.
void CpuOctree::summarize(const HostBodies& b, CpuNode& node) const {
  if (node.body_end == node.body_begin) {  // the root of no bodies
    node.comx = node.lox + 0.5f * node.size, node.comy = node.loy + 0.5f * node.size;
    node.comz = node.loz + 0.5f * node.size;
    return;
  }
  double m = 0, mx = 0, my = 0, mz = 0;
  float lo[3] = {b.x[order_[node.body_begin]], b.y[order_[node.body_begin]],
                 b.z[order_[node.body_begin]]};
  float hi[3] = {lo[0], lo[1], lo[2]};
  for (int i = node.body_begin; i < node.body_end; ++i) {
    const int j = order_[i];
    m += b.m[j];
    mx += double(b.m[j]) * b.x[j];
    my += double(b.m[j]) * b.y[j];
    mz += double(b.m[j]) * b.z[j];
    lo[0] = std::min(lo[0], b.x[j]), hi[0] = std::max(hi[0], b.x[j]);
    lo[1] = std::min(lo[1], b.y[j]), hi[1] = std::max(hi[1], b.y[j]);
    lo[2] = std::min(lo[2], b.z[j]), hi[2] = std::max(hi[2], b.z[j]);
  }
  node.mass = static_cast<float>(m);
  double cx, cy, cz;
  if (m > 0) {
    cx = mx / m, cy = my / m, cz = mz / m;
  } else {  // massless cell: the centre of its bodies' box
    cx = 0.5 * (double(lo[0]) + hi[0]), cy = 0.5 * (double(lo[1]) + hi[1]),
    cz = 0.5 * (double(lo[2]) + hi[2]);
  }
  node.comx = static_cast<float>(cx);
  node.comy = static_cast<float>(cy);
  node.comz = static_cast<float>(cz);
  double q[7] = {0, 0, 0, 0, 0, 0, 0};
  for (int i = node.body_begin; i < node.body_end; ++i) {
    const int j = order_[i];
    physics::add_point_quadrupole(q, b.m[j], b.x[j] - cx, b.y[j] - cy, b.z[j] - cz);
  }
  node.quad = {float(q[0]), float(q[1]), float(q[2]), float(q[3]),
               float(q[4]), float(q[5]), float(q[6])};
  physics::box_size_offset(lo, hi, node.comx, node.comy, node.comz, node.open_size,
                           node.open_offset);
}

bool CpuOctree::accepts(const CpuNode& node, float px, float py, float pz, float inv_theta,
                        int multipole, float alpha_accel) const {
  const float dx = node.comx - px, dy = node.comy - py, dz = node.comz - pz;
  const float d2 = dx * dx + dy * dy + dz * dz;
  const float r = physics::open_radius(node.open_size, node.open_offset, inv_theta);
  if (!physics::accept_cell(d2, r * r)) return false;
  return alpha_accel <= 0.0f ||
         physics::accept_relative(d2, node.mass,
                                  physics::cell_extent(node.open_size, node.open_offset), multipole,
                                  alpha_accel, r * r);
}

physics::Accum<float> CpuOctree::walk(const HostBodies& b, float px, float py, float pz, int self,
                                      float theta, float eps2, int multipole, float alpha_accel,
                                      WalkCounts& counts) const {
  physics::Accum<float> acc;
  const float inv_theta = 1.0f / theta;
  const auto count = static_cast<std::int32_t>(nodes_.size());
  std::int32_t i = 0;
  while (i < count) {
    const CpuNode& node = nodes_[i];
    if (accepts(node, px, py, pz, inv_theta, multipole, alpha_accel)) {
      const float dx = node.comx - px, dy = node.comy - py, dz = node.comz - pz;
      // A body never accepts a cell that holds it (physics::open_radius), so `self` is not here.
      if (node.body_end - node.body_begin == 1) {
        ++counts.body_body;
        physics::interact(acc, dx, dy, dz, node.mass, eps2);
      } else {
        ++counts.body_cell;
        if (multipole >= 2) {
          physics::interact_quadrupole(acc, dx, dy, dz, node.mass, node.quad, eps2);
        } else {
          physics::interact(acc, dx, dy, dz, node.mass, eps2);
        }
      }
      i = node.skip;
    } else if (node.leaf()) {
      for (int k = node.body_begin; k < node.body_end; ++k) {
        const int j = order_[k];
        if (j == self) continue;
        physics::interact(acc, b.x[j] - px, b.y[j] - py, b.z[j] - pz, b.m[j], eps2);
        ++counts.body_body;
      }
      i = node.skip;
    } else {
      i = i + 1;  // open: descend to the first child, which follows in pre-order
    }
  }
  return acc;
}

}  // namespace galaxy
