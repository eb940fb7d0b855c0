// SPDX-License-Identifier: MIT
// The ImGui panel: edits the look in place (its knobs, the splat, the layout) and draws the
// features' rows, which return what they ask as typed actions; applies nothing itself.
#pragma once

#include <functional>

#include "picture/frame_stats.hpp"
#include "run/run_figures.hpp"
#include "run/status_line.hpp"
#include "picture/look.hpp"

namespace galaxy::app {

// The places in the panel where a feature that owns its state (app/features/) draws its own
// rows: the panel lays out where, the feature what (and what was asked of it is its own typed
// action).
enum class PanelSlot {
  Follow,            // the camera's controls, first: what it follows (the follow camera's)
  ViewDirections,    // the camera's controls, after the follow mode (the view buttons)
  BesideThreeViews,  // on the line of the "three views" checkbox (the ruler's)
  ViewTools,         // after the camera's controls (the separation plot, the record button,
                     // the camera path)
  DropInto,          // the Galaxies section's "drop into the run" (the drop tool's)
  Colour,            // in Rendering, after the auto exposure (the colour field's choice and map)
  Trails,            // in Rendering, after the splat's line (the trails' node)
  Rendering,         // in Rendering, after the camera's controls (the reference image, inspect)
  Legend,            // after the panel and its status line (the colour field's legend)
  Time,              // under the run's line: run, pause, step, speed, timeline
  Runaway,           // below them, while a runaway has stopped the run: the ways on
  Snapshot,          // the Snapshot section, after Galaxies
  DesignEncounter,   // the Galaxies section's "design an encounter" (the designer's)
  Simulation,        // the Simulation section, after the time controls (the run settings')
  Accuracy,          // the Accuracy section, after Performance (the accuracy meter's)
  Screenshot,        // Rendering's last line (the screenshot button)
};
using FeatureRows = std::function<void(PanelSlot)>;

// What the panel shows, each part from its one writer: the status line, the screen (the drawn
// step and the frame's costs) and the run (its thread's figures and the step's measures). The
// panel hands each of its sections only the part it reads.
struct PanelFigures {
  const StatusText& status;
  const FrameStats& frame;
  const RunFigures& run;
  const StepFigures& step;
};

// Draws the panel and the status line; `rows` draws the features' rows at each slot.
void draw_panel(Look& look, const PanelFigures& shown, const FeatureRows& rows);
// The status line alone: the newest action's error or message, wrapped, in a window of its own
// at the bottom of the view from `left` (pixels) on, so it shows even with the panel scrolled or
// hidden (draw_panel calls it beside the panel).
void status_line(const StatusText& st, float left = 10.0f);

}  // namespace galaxy::app
