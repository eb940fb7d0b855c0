// SPDX-License-Identifier: MIT
#include "overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "camera.hpp"
#include "physics.hpp"

namespace galaxy::app {

namespace {

glm::vec4 depth_color(int depth) {
  const float t = std::min(1.0f, static_cast<float>(depth) / 6.0f);
  return {0.35f + 0.3f * t, 0.6f + 0.3f * t, 1.0f, 0.55f - 0.3f * t};
}

render::Box node_box(const CpuNode& n, glm::vec4 color) {
  const glm::vec3 lo(n.lox, n.loy, n.loz);
  return {lo, lo + glm::vec3(n.size), color};
}


}  // namespace

std::vector<render::Box> octree_boxes(const CpuOctree& tree, int max_depth) {
  std::vector<render::Box> boxes;
  for (const CpuNode& n : tree.nodes()) {
    if (n.depth <= max_depth) boxes.push_back(node_box(n, depth_color(n.depth)));
  }
  return boxes;
}

std::vector<render::Box> simulation_tree_boxes(const Simulation& sim, const HostBodies&,
                                               int max_depth) {
  std::vector<render::Box> boxes;
  for (const TraceBox& c : sim.tree_cells(max_depth)) {
    boxes.push_back({glm::vec3(c.lo[0], c.lo[1], c.lo[2]), glm::vec3(c.hi[0], c.hi[1], c.hi[2]),
                     depth_color(c.level)});
  }
  return boxes;
}

WalkTrace trace_walk(const CpuOctree& tree, const HostBodies& b, int self, const SimParams& p) {
  WalkTrace t;
  const auto& nodes = tree.nodes();
  const auto& order = tree.order();
  const float inv_theta = 1.0f / p.theta;
  const float alpha_accel = p.alpha * std::sqrt(b.ax[self] * b.ax[self] + b.ay[self] * b.ay[self] +
                                                b.az[self] * b.az[self]);
  const float px = b.x[self], py = b.y[self], pz = b.z[self];
  const auto count = static_cast<std::int32_t>(nodes.size());
  std::int32_t i = 0;
  // The same decisions, in the same order, as CpuOctree::walk.
  while (i < count) {
    const CpuNode& node = nodes[static_cast<std::size_t>(i)];
    const float dx = node.comx - px, dy = node.comy - py, dz = node.comz - pz;
    const float d2 = dx * dx + dy * dy + dz * dz;
    const float r = physics::open_radius(node.open_size, node.open_offset, inv_theta);
    const float extent = physics::cell_extent(node.open_size, node.open_offset);
    if (physics::accept(d2, r * r, node.mass, extent, p.multipole, p.alpha > 0, alpha_accel)) {
      if (node.body_end - node.body_begin == 1) {
        t.direct.push_back(order[node.body_begin]);
      } else {
        t.accepted.push_back(i);
      }
      i = node.skip;
    } else if (node.leaf()) {
      t.opened.push_back(i);
      for (int k = node.body_begin; k < node.body_end; ++k) {
        if (order[k] != self) t.direct.push_back(order[k]);
      }
      i = node.skip;
    } else {
      t.opened.push_back(i);
      i = i + 1;
    }
  }
  return t;
}

void walk_overlay(const CpuOctree& tree, const HostBodies& b, int self, const WalkTrace& t,
                  std::vector<render::Box>& boxes, std::vector<render::Marker>& markers) {
  const auto& nodes = tree.nodes();
  for (int k : t.accepted) boxes.push_back(node_box(nodes[k], {0.25f, 1.0f, 0.35f, 0.7f}));
  for (int k : t.opened) boxes.push_back(node_box(nodes[k], {1.0f, 0.25f, 0.2f, 0.35f}));
  for (int j : t.direct) markers.push_back({{b.x[j], b.y[j], b.z[j]}, {1.0f, 0.9f, 0.2f, 1.0f}});
  markers.push_back({{b.x[self], b.y[self], b.z[self]}, {0.2f, 1.0f, 1.0f, 1.0f}});
}

int pick_body(const HostBodies& b, const glm::mat4& view_proj, float width, float height,
              glm::vec2 cursor, float max_pixels) {
  int best = -1;
  float best_d2 = max_pixels * max_pixels;
  for (std::size_t i = 0; i < b.size(); ++i) {
    glm::vec2 w;
    if (!render::project_to_window(view_proj, {b.x[i], b.y[i], b.z[i]}, width, height, w)) continue;
    const glm::vec2 d = w - cursor;
    const float d2 = glm::dot(d, d);
    if (d2 < best_d2) {
      best_d2 = d2;
      best = static_cast<int>(i);
    }
  }
  return best;
}

void bounding_sphere(const float* xyzs, std::size_t count, float fraction, glm::vec3& center,
                     float& radius) {
  center = glm::vec3(0.0f);
  radius = 1.0f;
  if (count == 0) return;
  glm::dvec3 sum(0.0);
  for (std::size_t i = 0; i < count; ++i)
    sum += glm::dvec3(xyzs[4 * i], xyzs[4 * i + 1], xyzs[4 * i + 2]);
  center = glm::vec3(sum / static_cast<double>(count));
  std::vector<float> r2(count);
  for (std::size_t i = 0; i < count; ++i) {
    const glm::vec3 d = glm::vec3(xyzs[4 * i], xyzs[4 * i + 1], xyzs[4 * i + 2]) - center;
    r2[i] = glm::dot(d, d);
  }
  const std::size_t k = std::min(
      count - 1, static_cast<std::size_t>(std::ceil(fraction * static_cast<float>(count))));
  std::nth_element(r2.begin(), r2.begin() + static_cast<std::ptrdiff_t>(k), r2.end());
  radius = std::max(std::sqrt(r2[k]), 1e-3f);
}

}  // namespace galaxy::app
