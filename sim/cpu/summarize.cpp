// SPDX-License-Identifier: MIT
// Stage 4 on the CPU: every cell's mass, centre of mass, quadrupole, third moments (the octupole
// order's; the children's shifted by physics::add_child_octupole from their float moments, as on
// the GPU) and the box around its bodies
// (what the opening test measures), bottom up, one depth at a time, the cells of a depth in
// parallel. A leaf sums its bodies in double; a cell combines its children's double moments
// (parallel axis: Q = sum (Q_child + the child's mass as a point at its offset)), as the GPU
// does, so every body is read once instead of once a level.
#include <algorithm>
#include <array>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

namespace {
struct Moments {
  double m = 0, cx = 0, cy = 0, cz = 0;
  double q[7] = {0, 0, 0, 0, 0, 0, 0};
  double o[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
};

void finish(CpuNode& node, const Moments& mo, const float lo[3], const float hi[3]) {
  node.mass = static_cast<float>(mo.m);
  node.comx = static_cast<float>(mo.cx);
  node.comy = static_cast<float>(mo.cy);
  node.comz = static_cast<float>(mo.cz);
  node.quad = {float(mo.q[0]), float(mo.q[1]), float(mo.q[2]), float(mo.q[3]),
               float(mo.q[4]), float(mo.q[5]), float(mo.q[6])};
  const double* o = mo.o;
  node.oct = {float(o[0]), float(o[1]), float(o[2]), float(o[3]), float(o[4]),
              float(o[5]), float(o[6]), float(o[7]), float(o[8]), float(o[9])};
  std::copy(lo, lo + 3, node.box_lo);
  std::copy(hi, hi + 3, node.box_hi);
  physics::box_size_offset(lo, hi, node.comx, node.comy, node.comz, node.open_size,
                           node.open_offset);
}

// Centre of mass from the mass-weighted sums; a massless cell takes the centre of its box.
void centre(Moments& mo, double mx, double my, double mz, const float lo[3], const float hi[3]) {
  if (mo.m > 0) {
    mo.cx = mx / mo.m, mo.cy = my / mo.m, mo.cz = mz / mo.m;
  } else {
    mo.cx = 0.5 * (double(lo[0]) + hi[0]), mo.cy = 0.5 * (double(lo[1]) + hi[1]),
    mo.cz = 0.5 * (double(lo[2]) + hi[2]);
  }
}
}  // namespace

void CpuOctree::summarize(const HostBodies& b) {
  const std::size_t count = nodes_.size();
  std::vector<Moments> moments(count);
  // Nodes by depth (counting sort), then the depths from the deepest up.
  std::array<std::vector<std::int32_t>, physics::kMaxDepth + 1> by_depth;
  for (std::size_t k = 0; k < count; ++k)
    by_depth[static_cast<std::size_t>(nodes_[k].depth)].push_back(static_cast<std::int32_t>(k));
  for (int depth = physics::kMaxDepth; depth >= 0; --depth) {
    const auto& level = by_depth[static_cast<std::size_t>(depth)];
    cpu::parallel_for(level.size(), 128, [&](std::size_t begin, std::size_t end, int) {
      for (std::size_t e = begin; e < end; ++e) {
        const auto k = static_cast<std::size_t>(level[e]);
        CpuNode& node = nodes_[k];
        Moments& mo = moments[k];
        if (node.body_end == node.body_begin) {  // the root of no bodies
          node.comx = node.lox + 0.5f * node.size, node.comy = node.loy + 0.5f * node.size;
          node.comz = node.loz + 0.5f * node.size;
          continue;
        }
        double mx = 0, my = 0, mz = 0;
        float lo[3], hi[3];
        if (node.leaf()) {
          const int first = order_[node.body_begin];
          lo[0] = hi[0] = b.x[first], lo[1] = hi[1] = b.y[first], lo[2] = hi[2] = b.z[first];
          for (int i = node.body_begin; i < node.body_end; ++i) {
            const int j = order_[i];
            mo.m += b.m[j];
            mx += double(b.m[j]) * b.x[j];
            my += double(b.m[j]) * b.y[j];
            mz += double(b.m[j]) * b.z[j];
            lo[0] = std::min(lo[0], b.x[j]), hi[0] = std::max(hi[0], b.x[j]);
            lo[1] = std::min(lo[1], b.y[j]), hi[1] = std::max(hi[1], b.y[j]);
            lo[2] = std::min(lo[2], b.z[j]), hi[2] = std::max(hi[2], b.z[j]);
          }
          centre(mo, mx, my, mz, lo, hi);
          for (int i = node.body_begin; i < node.body_end; ++i) {
            const int j = order_[i];
            physics::add_point_quadrupole(mo.q, b.m[j], b.x[j] - mo.cx, b.y[j] - mo.cy,
                                          b.z[j] - mo.cz);
            physics::add_point_octupole(mo.o, b.m[j], b.x[j] - mo.cx, b.y[j] - mo.cy,
                                        b.z[j] - mo.cz);
          }
        } else {
          const auto first = static_cast<std::size_t>(k + 1);
          std::copy(nodes_[first].box_lo, nodes_[first].box_lo + 3, lo);
          std::copy(nodes_[first].box_hi, nodes_[first].box_hi + 3, hi);
          for (auto c = first; c < static_cast<std::size_t>(node.skip);
               c = static_cast<std::size_t>(nodes_[c].skip)) {
            const Moments& mc = moments[c];
            mo.m += mc.m;
            mx += mc.m * mc.cx, my += mc.m * mc.cy, mz += mc.m * mc.cz;
            for (int a = 0; a < 3; ++a) {
              lo[a] = std::min(lo[a], nodes_[c].box_lo[a]);
              hi[a] = std::max(hi[a], nodes_[c].box_hi[a]);
            }
          }
          centre(mo, mx, my, mz, lo, hi);
          for (auto c = first; c < static_cast<std::size_t>(node.skip);
               c = static_cast<std::size_t>(nodes_[c].skip)) {
            const Moments& mc = moments[c];
            for (int a = 0; a < 7; ++a) mo.q[a] += mc.q[a];
            physics::add_point_quadrupole(mo.q, mc.m, mc.cx - mo.cx, mc.cy - mo.cy, mc.cz - mo.cz);
            physics::add_child_octupole(mo.o, nodes_[c].oct, nodes_[c].quad, mc.m,
                                        mc.cx - mo.cx, mc.cy - mo.cy, mc.cz - mo.cz);
          }
        }
        finish(node, mo, lo, hi);
      }
    });
  }
}

}  // namespace galaxy
