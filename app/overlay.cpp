// SPDX-License-Identifier: MIT
#include "overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "camera.hpp"
#include "cuda/cuda_simulation.hpp"
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

#if GALAXY_HAVE_CUDA
// GPU nodes carry no geometry; a child's cell is the octant of its parent that holds its centre
// of mass (which lies among its bodies, so inside the child's cell).
void gpu_boxes(const GpuTree& t, int node, glm::vec3 lo, float size, int depth, int max_depth,
               std::vector<render::Box>& out) {
  out.push_back({lo, lo + glm::vec3(size), depth_color(depth)});
  const GpuTreeNode& n = t.nodes[static_cast<std::size_t>(node)];
  if (n.leaf || depth >= max_depth) return;
  const glm::vec3 c = lo + glm::vec3(0.5f * size);
  for (int k = n.first; k < n.first + n.count; ++k) {
    if (k <= 0 || k >= static_cast<int>(t.nodes.size())) continue;
    const GpuTreeNode& ch = t.nodes[static_cast<std::size_t>(k)];
    const int oct = physics::octant(ch.comx, ch.comy, ch.comz, c.x, c.y, c.z);
    const glm::vec3 clo(oct & 1 ? c.x : lo.x, oct & 2 ? c.y : lo.y, oct & 4 ? c.z : lo.z);
    gpu_boxes(t, k, clo, 0.5f * size, depth + 1, max_depth, out);
  }
}
#endif

}  // namespace

std::vector<render::Box> octree_boxes(const CpuOctree& tree, int max_depth) {
  std::vector<render::Box> boxes;
  for (const CpuNode& n : tree.nodes()) {
    if (n.depth <= max_depth) boxes.push_back(node_box(n, depth_color(n.depth)));
  }
  return boxes;
}

std::vector<render::Box> simulation_tree_boxes(const Simulation& sim, const HostBodies& bodies,
                                               int max_depth) {
#if GALAXY_HAVE_CUDA
  if (sim.backend() == Backend::Cuda && sim.solver() == Solver::BarnesHut) {
    const GpuTree t = download_gpu_tree(sim);
    std::vector<render::Box> boxes;
    if (!t.nodes.empty()) {
      gpu_boxes(t, 0, {t.lox, t.loy, t.loz}, t.size, 0, max_depth, boxes);
    }
    return boxes;
  }
#else
  (void)sim;
#endif
  CpuOctree tree;
  tree.build(bodies);
  return octree_boxes(tree, max_depth);
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
    if (tree.accepts(node, px, py, pz, inv_theta, p.multipole, alpha_accel)) {
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
