// SPDX-License-Identifier: MIT
// Trails (--trails, the Rendering section's "trails"): fading lines behind some of the bodies, to
// follow orbits and tails by eye. It owns what is followed (how many bodies, 0: off; the samples
// a trail keeps and the steps between them; which galaxy) and the trails themselves
// (picture/trail_path.hpp: sampled from the drawn step's vertices, on the GPU), draws its rows
// (with the look's trail knobs, render/knobs.cpp's Trails group, which stay in the look: the
// renderer reads them as uniforms) and says whether the vertices must say where each body is
// (vertex_of: a trail follows a body by its index).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "features/feature_context.hpp"
#include "picture/trail_path.hpp"
#include "render_params.hpp"
#include "run/report.hpp"

namespace galaxy::render {
struct Knob;
}

namespace galaxy::app {

class Trails {
 public:
  // What its rows ask: what is followed, and the look's trail knobs' new values.
  struct Action {
    std::optional<render::TrailParams> set;
    std::vector<std::pair<const render::Knob*, float>> knobs;
  };

  Trails() = default;
  explicit Trails(int bodies);  // --trails N: N bodies followed from the start

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::Trails;
  void rows(Action& a, const FeatureView& v) const {
    section(a, v.look.render, cost_line(v.shown.frame, params_.bodies));
  }
  void apply(const Action& a, const FeatureTargets& t, std::vector<Report>&) { apply(a, t.look); }

  // Its tree node ("trails (N bodies)") with rows() inside; `look`: the knobs' values now; `cost`
  // a line under it where the trails cost frame rate (cost_line), drawn even when it is closed.
  void section(Action& a, const render::RenderParams& look, const std::string& cost = {}) const;
  // What trails of `bodies` cost on this frame's OpenGL: on a software renderer (Mesa's llvmpipe)
  // below 20 frames a second, "trails: 9 fps on software OpenGL (llvmpipe); fewer bodies or a
  // shorter length draw faster"; empty otherwise.
  static std::string cost_line(const FrameStats& f, int bodies);
  // The node's rows, as section() draws them once it is open: the followed bodies, and while
  // they are on the length, the steps between samples, the galaxy and the look's trail knobs.
  void rows(Action& a, const render::RenderParams& look) const;
  // Applies `a`: what is followed here (the trails start over at their next update), the knobs
  // into `look` (Look::render).
  void apply(const Action& a, render::RenderParams& look);

  // After the vertex path, each frame: samples the drawn step where it is new (`fresh_step`), or
  // starts over (TrailPath::update); a failure is said once.
  std::optional<Report> update(const render::VertexBuffers& bodies,
                               std::optional<std::uint64_t> fresh_step) {
    return path_.update(bodies, params_, fresh_step);
  }
  // The run changed wholesale: a vertex index may name another body now.
  void run_changed() { path_.reset(); }

  // The vertices must say where each body's vertex is (VertexBuffers::has_vertex_of).
  bool vertex_of() const { return params_.bodies > 0; }
  const render::TrailParams& params() const { return params_; }
  const render::Trails* drawn() const { return path_.trails(); }  // null while off

 private:
  render::TrailParams params_;
  TrailPath path_;  // holds GL objects: Features goes before the GL context (App's member order)
};

}  // namespace galaxy::app
