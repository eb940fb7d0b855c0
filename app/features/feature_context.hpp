// SPDX-License-Identifier: MIT
// What a feature is handed: FeatureView, read-only, when it draws its rows (what the panel shows,
// from its writers; the run's wanted values; the look; the picked body), and FeatureTargets when
// its action is applied (narrow handles on what features act on, not the App).
#pragma once

#include <chrono>

#include "panel/panel.hpp"
#include "picture/look.hpp"
#include "run/run_wanted.hpp"

namespace galaxy::render {
class OrbitCamera;
}

namespace galaxy::app {

class BodyEdits;
class ColourMapTarget;
class InspectTarget;
class RecordTarget;

struct FeatureView {
  const PanelFigures& shown;
  const RunWanted& wanted;
  const Look& look;
  int picked;  // the picked body, -1 none
};

struct FeatureTargets {
  render::OrbitCamera& camera;
  RecordTarget& recorder;  // the presenter
  double display_hz;       // 0 where not known
  BodyEdits& edits;        // the drop tool's: drops, removals, undos
  int picked_body;         // -1 none
  std::chrono::steady_clock::time_point now;
  InspectTarget& inspect;       // the measurements: picks, overlays asked again
  bool skip_halo;               // the halo is not drawn: a click passes over its bodies
  int follow_galaxy;            // the followed galaxy: the separation plot's first
  render::RenderParams& look;   // Look::render: the trails' knobs, the colouring
  ColourMapTarget& colour_map;  // the measurements: the shown field computed again
};

}  // namespace galaxy::app
