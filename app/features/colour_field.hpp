// SPDX-License-Identifier: MIT
// The colour field (the Rendering section's "colour", --colour-map): what colours the bodies
// (population, speed, or a body field of sim/body_field_table.hpp such as the force error or the
// walk's cost), the field's range, the "Recompute" button and the legend (a colour bar with its
// values and what the shown map holds, or why it could not be made). It owns what the map holds
// (the measurements' newest word on it) and asks for the error map through a narrow handle
// (ColourMapTarget: the measurements); the colour mode and the field's map stay in the look
// (Look::render), which the renderer reads as one struct, and its action writes them there.
#pragma once

#include <optional>
#include <string>

#include "picture/shown_field.hpp"
#include "render_params.hpp"
#include "units.hpp"

namespace galaxy::app {

class ColourField {
 public:
  // What its rows ask: another colouring (its mode and the field's map, range included) and the
  // shown field computed again.
  struct Action {
    std::optional<render::ColorMode> color;
    std::optional<render::FieldMap> field;
    bool recompute = false;
  };

  // Its rows: the colour choice, and where a field is shown the "Recompute" button and its range;
  // `look`: the look now.
  void section(Action& a, const render::RenderParams& look) const;
  // The legend in a window of its own at the bottom right of the view (panel/colour_bar.hpp).
  void legend(const render::RenderParams& look, const Units& u) const;
  // Applies `a`: the colouring into `look` (Look::render), a recompute asked of `t`.
  static void apply(const Action& a, render::RenderParams& look, ColourMapTarget& t);
  // What the measurements said of the shown map (Measurements::Arrived::colour_map).
  void arrived(const FieldReport& r) { report_ = r; }
  const FieldReport& report() const { return report_; }

 private:
  FieldReport report_;
};

}  // namespace galaxy::app
