// SPDX-License-Identifier: MIT
// The body fields (sim/body_field_table.hpp) seen from the app: which one the picture shows, and
// when it is computed again (Simulation::show_field), made from its descriptor's FieldRefresh
// alone, so a new field needs nothing here. OnChange fields (the force error: each body's error
// against a direct sum) are computed when turned on, on request (the panel's button), after a
// change of θ, α, the multipole order or the solver has reached the forces, and for a new run;
// EachStep fields (the walk cost) while shown, after the run stepped, at most five times a
// second, like the walk overlay; the live speed is the vertex writers'. The panel's part is
// colour_bar.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "body_field_table.hpp"
#include "picture/overlay.hpp"
#include "render_params.hpp"
#include "simulation.hpp"

namespace galaxy::app {

// What the shown map holds (field_info_line below), or why it could not be made; both empty
// while no field is shown.
struct FieldReport {
  std::string info, error;
};

// What the colour field (features/colour_field.hpp) asks of the run: the shown field computed
// again (its "Recompute" button). The measurements (run/measurements.hpp) are one.
class ColourMapTarget {
 public:
  virtual void request_error_map() = 0;

 protected:
  ~ColourMapTarget() = default;
};

// The field the look shows, or null when it shows none (speed, population, auto).
const BodyFieldInfo* shown_field(const render::RenderParams& r);

class ShownField {
 public:
  using Clock = std::chrono::steady_clock;
  // Compute the shown field again (the panel's "recompute" button).
  void request_error_map() { requested_ = true; }
  // Once a frame: computes the field `look` shows when it is due, draws it through `sim`, and
  // says what it shows (or why it failed) in `said`. Goes back to the speed when no field is
  // shown.
  void update(Simulation& sim, const render::RenderParams& look, FieldReport& said,
              Clock::time_point now);
  int computed() const { return computed_; }  // fields computed so far (for the tests)

 private:
  // What the forces were computed with: a change that reached the forces makes a field stale.
  struct Key {
    float theta = 0, alpha = 0;
    int multipole = 0;
    Solver solver = Solver::BarnesHut;
    const Simulation* sim = nullptr;
    bool operator==(const Key&) const = default;
  };
  bool due(Simulation& sim, const BodyFieldInfo& f, Clock::time_point now);
  void compute(Simulation& sim, const BodyFieldInfo& f, FieldReport& said);

  std::optional<BodyField> shown_;
  bool requested_ = false;
  Key key_;
  std::uint64_t step_ = 0;  // the step the shown field was computed at
  std::optional<std::uint64_t> change_step_;  // the step at which key_ was seen to change
  OverlayRefresh step_refresh_;
  int computed_ = 0;
};

// The line the panel shows under a field: what it holds, at which step, over which bodies.
std::string field_info_line(const BodyFieldInfo& f, const FieldStats& s, std::uint64_t step,
                            float theta, float alpha);

}  // namespace galaxy::app
