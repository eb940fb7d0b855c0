// SPDX-License-Identifier: MIT
// The colour maps of issue 14 seen from the app: when each is computed and what the simulation's
// vertex writers draw (Simulation::set_vertex_values). The error map (each body's force error
// against a direct sum) is computed when it is turned on, on request (the panel's button), after
// a change of θ, α, the multipole order or the solver has reached the forces, and for a new run;
// the cost map (interactions a body) while it is shown, after the run stepped, at most five times
// a second, like the walk overlay. The panel's part is colour_bar.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "picture/overlay.hpp"
#include "settings.hpp"

namespace galaxy::app {

// Pair interactions one error map may cost: the CPU backend sums in double (about a second for
// 20,000 bodies on two cores), the CUDA one at ~1.3e12 pairs/s (a million bodies in ~0.8 s on an
// H100). Above the budget a random sample of budget / N bodies is computed (the accuracy meter's
// sample for the same seed) and the others are drawn grey.
inline constexpr double kErrorMapPairsCpu = 4e8, kErrorMapPairsCuda = 1.5e12;
std::size_t error_map_bodies(Backend backend, std::size_t n);

// Values for the vertices: NaN (not computed) becomes -1, which the shader draws grey
// (shaders/common.glsl: a GPU compiler may assume no NaN).
std::vector<float> drawable(std::vector<float> v);

class ColourMaps {
 public:
  using Clock = std::chrono::steady_clock;
  void request_error_map() { error_requested_ = true; }
  // Once a frame: computes the shown map when it is due, hands it to `sim`, and says what it
  // shows (or why it failed) in stats.colour_map_info / colour_map_error. Clears the values when
  // no map is shown.
  void update(Simulation& sim, const Settings& s, PanelStats& stats, Clock::time_point now);
  int computed() const { return computed_; }  // maps computed so far (for the tests)

 private:
  // What the forces were computed with: a change that reached the forces makes the map stale.
  struct Key {
    float theta = 0, alpha = 0;
    int multipole = 0;
    Solver solver = Solver::BarnesHut;
    const Simulation* sim = nullptr;
    bool operator==(const Key&) const = default;
  };
  bool due(Simulation& sim, render::ColorMode mode, Clock::time_point now);
  void compute(Simulation& sim, render::ColorMode mode, PanelStats& stats);

  render::ColorMode shown_ = render::ColorMode::Auto;
  bool error_requested_ = false;
  Key key_;
  std::uint64_t step_ = 0;  // the step the shown map was computed at
  std::optional<std::uint64_t> change_step_;  // the step at which key_ was seen to change
  OverlayRefresh cost_refresh_;
  int computed_ = 0;
};

// The line the panel shows under an error map or a cost map.
std::string error_map_info(const std::vector<float>& errors, std::uint64_t step, float theta,
                           float alpha, double seconds);
std::string cost_map_info(const std::vector<float>& costs, std::uint64_t step);

}  // namespace galaxy::app
