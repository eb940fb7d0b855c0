// SPDX-License-Identifier: MIT
// Stage 4 on the CPU: every cell's mass, centre of mass and quadrupole in double over its own
// bodies (the GPU combines its children's moments instead; both are exact sums, so they agree to
// float rounding), and the box around its bodies that the opening test measures. The cells are
// independent, so they are summarized in parallel.
#include <algorithm>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

void CpuOctree::summarize(const HostBodies& b) {
  // Nodes are in pre-order, so a chunk near the front holds the big cells: small chunks keep
  // the threads even.
  cpu::parallel_for(nodes_.size(), 64, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t k = begin; k < end; ++k) summarize_node(b, nodes_[k]);
  });
}

void CpuOctree::summarize_node(const HostBodies& b, CpuNode& node) const {
  if (node.body_end == node.body_begin) {  // the root of no bodies
    node.comx = node.lox + 0.5f * node.size, node.comy = node.loy + 0.5f * node.size;
    node.comz = node.loz + 0.5f * node.size;
    return;
  }
  double m = 0, mx = 0, my = 0, mz = 0;
  const int first = order_[node.body_begin];
  float lo[3] = {b.x[first], b.y[first], b.z[first]};
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
  std::copy(lo, lo + 3, node.box_lo);
  std::copy(hi, hi + 3, node.box_hi);
  physics::box_size_offset(lo, hi, node.comx, node.comy, node.comz, node.open_size,
                           node.open_offset);
}

}  // namespace galaxy
