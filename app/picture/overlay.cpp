// SPDX-License-Identifier: MIT
#include "picture/overlay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "camera.hpp"

namespace galaxy::app {

namespace {

// Accepted cells green, from bright yellow-green (finest) to a dimmer sea green (coarsest);
// opened cells red, dimmer.
const glm::vec4 kAccepted{0.45f, 1.0f, 0.25f, 0.7f}, kAcceptedCoarse{0.1f, 0.75f, 0.35f, 0.3f},
    kOpened{1.0f, 0.3f, 0.2f, 0.35f}, kOpenedCoarse{0.8f, 0.15f, 0.15f, 0.2f},
    kDirect{1.0f, 0.9f, 0.2f, 1.0f}, kBody{0.2f, 1.0f, 1.0f, 1.0f}, kGroup{1.0f, 0.3f, 1.0f, 0.9f};

glm::vec4 level_color(int level) {
  const float t = std::min(1.0f, static_cast<float>(level) / 6.0f);
  return {0.35f + 0.3f * t, 0.6f + 0.3f * t, 1.0f, 0.55f - 0.3f * t};
}

glm::vec3 vec(const std::array<float, 3>& a) {
  return {a[0], a[1], a[2]};
}

render::Box box(const TraceBox& b, glm::vec4 color) {
  return {vec(b.lo), vec(b.hi), color};
}

// Readable at any N (at 1M a walk accepts ~800 cells, which drawn whole bury each other): the
// cells that the plane z = body.z cuts are drawn as their cut, a flat rectangle, so the walk reads
// like the textbook quadtree picture, rings of cells growing with their distance from the body;
// the finest levels (nearest the body) strongest and greenest. Cells off that plane stay as faint
// whole boxes, for the depth.
constexpr float kOffSliceAlpha = 0.06f;

bool on_slice(const TraceBox& b, float z) {
  return b.lo[2] <= z && z <= b.hi[2];
}

// `fine` 0 for the coarsest level of the list, 1 for the finest.
glm::vec4 by_level(glm::vec4 fine_color, glm::vec4 coarse_color, float fine) {
  return glm::mix(coarse_color, fine_color, fine);
}

void add_cells(const std::vector<TraceBox>& cells, glm::vec4 fine_color, glm::vec4 coarse_color,
               float z, OverlayGeometry& g) {
  if (cells.empty()) return;
  int coarsest = cells.front().level, finest = coarsest;
  for (const TraceBox& b : cells) {
    coarsest = std::min(coarsest, b.level);
    finest = std::max(finest, b.level);
  }
  const float span = static_cast<float>(std::max(finest - coarsest, 1));
  // Faint whole boxes first, so that the slice's rectangles blend over them.
  for (const TraceBox& b : cells) {
    if (on_slice(b, z)) continue;
    glm::vec4 c = coarse_color;
    c.a = kOffSliceAlpha;
    g.boxes.push_back(box(b, c));
  }
  for (const TraceBox& b : cells) {
    if (!on_slice(b, z)) continue;
    const float fine = static_cast<float>(b.level - coarsest) / span;
    render::Box cut = box(b, by_level(fine_color, coarse_color, fine));
    cut.lo.z = cut.hi.z = z;
    g.boxes.push_back(cut);
  }
}

void add_walk(const WalkTrace& t, OverlayGeometry& g) {
  const float z = t.body[2];
  add_cells(t.opened, kOpened, kOpenedCoarse, z, g);
  add_cells(t.accepted, kAccepted, kAcceptedCoarse, z, g);
  if (t.group_bodies > 1) g.boxes.push_back(box(t.group, kGroup));
  for (const auto& p : t.direct) g.markers.push_back({vec(p), kDirect});
  g.markers.push_back({vec(t.body), kBody});
}

// Where the traced body is, and its speed where the live speeds are what the simulation shows
// (another colour field puts its own values in their place).
PickedBody picked_body(const Simulation& sim, std::size_t i, const WalkTrace& t) {
  PickedBody p{static_cast<int>(i), t.body};
  if (const BodyFields* f = sim.fields(); f && f->shown_field() == BodyField::Speed) {
    const std::vector<float> speeds = f->field_values();
    if (i < speeds.size()) p.speed = speeds[i];
  }
  return p;
}

// The cells and the walk of the tree the last force pass built.
OverlayGeometry tree_geometry(Simulation& sim, Overlays& o, int octree_depth, int picked) {
  OverlayGeometry g;
  if (picked < 0) {
    for (const TraceBox& b : o.tree_cells(octree_depth)) {
      g.boxes.push_back(box(b, level_color(b.level)));
    }
    return g;
  }
  const WalkTrace t = o.trace_walk(static_cast<std::size_t>(picked));
  add_walk(t, g);
  g.picked = picked_body(sim, static_cast<std::size_t>(picked), t);
  g.info = walk_info(picked, t.theta, t);  // the traced pass's theta (a paused run may hold a newer one)
  return g;
}

}  // namespace

OverlayGeometry overlay_geometry(Simulation& sim, int octree_depth, int picked) {
  // While a body is picked its walk shows alone: the tree's cells would bury it.
  const bool walk = picked >= 0 && static_cast<std::size_t>(picked) < sim.size();
  if (!walk && (octree_depth < 0 || picked >= 0)) return {};
  if (sim.solver() != Solver::BarnesHut) {
    OverlayGeometry g;
    if (walk) {
      g.info = fmt::format("body {}: the direct solver sums all {} other bodies, it walks no "
                           "tree (choose Barnes-Hut to see a walk)",
                           picked, sim.size() - 1);
    }
    return g;
  }
  Overlays& o = offered(sim.overlays(), sim, Face::Overlays,
                        walk ? "the walk overlay" : "the tree overlay");
  const int body = walk ? picked : -1;
  if (o.tree_current()) return tree_geometry(sim, o, octree_depth, body);
  // After going back in time the tree is of a later moment: a force pass at this one builds
  // its tree, and the keyframe taken before it puts back the accelerations the next step starts
  // from, so that the run still repeats bit for bit.
  const std::unique_ptr<Keyframe> kept = sim.capture();
  OverlayGeometry g;
  try {
    sim.compute_forces();
    g = tree_geometry(sim, o, octree_depth, body);
  } catch (...) {
    sim.restore(*kept);
    throw;
  }
  sim.restore(*kept);
  return g;
}

std::string walk_info(int body, float theta, const WalkTrace& t) {
  std::string info = fmt::format(
      "body {} at theta {:.2f}: {} cells accepted (green), {} opened (red), {} bodies summed "
      "directly (yellow)",
      body, theta, t.accepted.size(), t.opened.size(), t.direct.size());
  if (t.group_bodies > 1) {
    info += fmt::format("; walked with its group of {} bodies (magenta box)", t.group_bodies);
  }
  if (t.truncated) info += " (lists capped)";
  return info;
}

bool OverlayRefresh::due(std::uint64_t step, bool shown, Clock::time_point now) {
  if (!dirty_ && (!shown || step == step_ || now - last_ < min_interval_)) return false;
  dirty_ = false;
  step_ = step;
  last_ = now;
  return true;
}

namespace {
// The nearest of `count` points (position(i), halo(i)) to the cursor within max_pixels.
template <typename Position, typename Halo>
int nearest(std::size_t count, Position position, Halo halo, const glm::mat4& view_proj,
            float width, float height, glm::vec2 cursor, float max_pixels, bool skip_halo) {
  int best = -1;
  float best_d2 = max_pixels * max_pixels;
  for (std::size_t i = 0; i < count; ++i) {
    if (skip_halo && halo(i)) continue;
    glm::vec2 w;
    if (!render::project_to_window(view_proj, position(i), width, height, w)) continue;
    const glm::vec2 d = w - cursor;
    const float d2 = glm::dot(d, d);
    if (d2 < best_d2) {
      best_d2 = d2;
      best = static_cast<int>(i);
    }
  }
  return best;
}
constexpr auto kHalo = static_cast<std::uint8_t>(Population::Halo);
}  // namespace

int pick_body(const HostBodies& b, const glm::mat4& view_proj, float width, float height,
              glm::vec2 cursor, float max_pixels, bool skip_halo) {
  return nearest(
      b.size(), [&](std::size_t i) { return glm::vec3(b.x[i], b.y[i], b.z[i]); },
      [&](std::size_t i) { return b.population[i] == kHalo; }, view_proj, width, height, cursor,
      max_pixels, skip_halo);
}

int pick_vertex(const float* xyzs, const std::uint8_t* tags, std::size_t count,
                const glm::mat4& view_proj, float width, float height, glm::vec2 cursor,
                float max_pixels, bool skip_halo) {
  return nearest(
      count,
      [&](std::size_t i) { return glm::vec3(xyzs[4 * i], xyzs[4 * i + 1], xyzs[4 * i + 2]); },
      [&](std::size_t i) { return (tags[i] & 3u) == kHalo; }, view_proj, width, height, cursor,
      max_pixels, skip_halo);
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
