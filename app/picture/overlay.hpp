// SPDX-License-Identifier: MIT
// The teaching overlays, asked of the running backend and handed to render/ as plain boxes and
// markers: its tree's cells down to a depth (Simulation::tree_cells) and one body's walk as the
// solver made it (Simulation::trace_walk). Neither downloads the bodies; the picked body's speed
// reads the live speeds (Simulation::field_values: a float a body).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <glm/glm.hpp>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "renderer.hpp"
#include "simulation.hpp"

namespace galaxy::app {

// The picked body as the newest overlay found it: where it is and how fast it goes, in model
// units; the speed NaN where it is not known.
struct PickedBody {
  int body = -1;  // which (the newest pick, features/inspect.hpp's, may not have its overlay yet)
  std::array<float, 3> position{};
  float speed = std::numeric_limits<float>::quiet_NaN();
};

// What the overlays are asked to show (features/inspect.hpp says): the tree's cells to
// `octree_depth` (-1 none) and body `picked`'s walk (-1 none).
struct OverlayAsk {
  int octree_depth = -1;
  int picked = -1;
  bool shown() const { return octree_depth >= 0 || picked >= 0; }
};

struct OverlayGeometry {
  std::vector<render::Box> boxes;
  std::vector<render::Marker> markers;
  std::string info;  // what the picked body's walk did, for the panel; empty without one
  std::optional<PickedBody> picked;  // where it is and how fast, for the panel; none without one
};

// The overlays for the running simulation: the tree's cells to `octree_depth` (none when < 0, or
// while a body is picked), coloured by level, and body `picked`'s walk (none when < 0 or not a
// body): accepted cells green, opened red, bodies summed directly yellow, the body cyan and,
// where a group of bodies walked together (CUDA), the group's box magenta. Readable at any N: the
// cells that the plane z = body.z cuts are drawn as that cut (a flat rectangle, finest levels
// strongest), the others as faint whole boxes; with the walk, the body's position and (where
// the shown colour field is the live speed) its speed. After going back in time it makes this
// moment's tree with a force pass and then puts the run back as it was; with the direct solver
// the pick's info says there is no walk. Throws what the backend throws. Not const: the CUDA
// backend replays the walk on the device.
OverlayGeometry overlay_geometry(Simulation& sim, int octree_depth, int picked);

// The walk's line for the panel: the body, θ and the counts.
std::string walk_info(int body, float theta, const WalkTrace& t);

// When to ask the backend again: at once after a change of what is shown (invalidate), else
// after the run stepped, at most once per `min_interval` of wall-clock time (each ask walks the
// backend's tree, and on CUDA waits for the device).
class OverlayRefresh {
 public:
  using Clock = std::chrono::steady_clock;
  explicit OverlayRefresh(Clock::duration min_interval = std::chrono::milliseconds(200))
      : min_interval_(min_interval) {}
  void invalidate() { dirty_ = true; }
  // True when the overlays should be rebuilt now; `shown`: whether any overlay is on.
  bool due(std::uint64_t step, bool shown, Clock::time_point now);

 private:
  Clock::duration min_interval_;
  bool dirty_ = true;
  std::uint64_t step_ = ~0ull;
  Clock::time_point last_{};
};

// The body whose projection lies nearest to the cursor, within `max_pixels`; -1 for none. With
// `skip_halo` the dark halo's bodies (not drawn) are passed over.
int pick_body(const HostBodies& b, const glm::mat4& view_proj, float width, float height,
              glm::vec2 cursor, float max_pixels, bool skip_halo = false);
// The same among `count` vertices (4 floats, x y z first; tags: body_tag's bytes).
int pick_vertex(const float* xyzs, const std::uint8_t* tags, std::size_t count,
                const glm::mat4& view_proj, float width, float height, glm::vec2 cursor,
                float max_pixels, bool skip_halo = false);

// The centre and radius of the sphere around the centre of mass that holds `fraction` of the
// bodies (1.0 for all): what "fit" frames, without letting a few escapers shrink the galaxy.
void bounding_sphere(const float* xyzs, std::size_t count, float fraction, glm::vec3& center,
                     float& radius);

}  // namespace galaxy::app
