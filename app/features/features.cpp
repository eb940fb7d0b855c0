// SPDX-License-Identifier: MIT
#include "features/features.hpp"

#include <utility>

namespace galaxy::app {

void feature_rows(const Features& f, PanelSlot at, FeatureActions& a, const FeatureView& v) {
  const auto draw = [&](const auto& slotted) {
    const auto& feature = f.*(slotted.feature);
    if (feature.kSlot == at) feature.rows(a.*(slotted.action), v);
  };
  std::apply([&](const auto&... slotted) { (draw(slotted), ...); }, kSlotted);
  const render::RenderParams& look = v.look.render;
  const StatusText& st = v.shown.status;
  const RunFigures& run = v.shown.run;
  const DrawnStep& drawn = v.shown.frame.drawn;
  switch (at) {  // the others, each at its own slots
    case PanelSlot::Simulation:
      RunSettings::section(a.run_settings, v.wanted, {run, drawn.bodies, st});
      return;
    case PanelSlot::Follow:
      f.follow.section(a.follow);
      return;
    case PanelSlot::ViewDirections:
      f.framing.buttons(a.framing);
      return;
    case PanelSlot::Screenshot:
      f.framing.screenshot_button(a.framing);
      return;
    case PanelSlot::BesideThreeViews:
      f.ruler.section(a.ruler);
      return;
    case PanelSlot::Colour:
      f.colour.section(a.colour, look);
      return;
    case PanelSlot::Legend:
      f.colour.legend(look, run.units);
      return;
    case PanelSlot::Time:
      f.time.section(a.time, run, drawn.steps);
      return;
    case PanelSlot::Runaway:
      f.time.runaway_rows(a.time, run);
      return;
    case PanelSlot::Snapshot:
      f.snapshots.section(a.snapshots, st);
      return;
    case PanelSlot::DesignEncounter:
      f.encounter.section(a.encounter, drawn.bodies, st);
      return;
    default:  // a slotted feature's slot: drawn above
      return;
  }
}

std::vector<Report> apply_features(Features& f, const FeatureActions& a, const FeatureTargets& t) {
  std::vector<Report> said;
  const auto apply = [&](const auto& slotted) {
    (f.*(slotted.feature)).apply(a.*(slotted.action), t, said);
  };
  std::apply([&](const auto&... slotted) { (apply(slotted), ...); }, kSlotted);
  ColourField::apply(a.colour, t.look, t.colour_map);
  return said;
}

// The run settings first (as the panel's changes ran before the features'), then the time
// controls: a reset, then a load or save, then the draft started.
RunControl::Applied apply_run_features(Features& f, const FeatureActions& a, RunControl& run) {
  RunControl::Applied out = RunSettings::apply(a.run_settings, run);
  out += f.time.apply(a.time, run);
  out += f.snapshots.apply(a.snapshots, run);
  out += f.encounter.apply(a.encounter, run);
  return out;
}

}  // namespace galaxy::app
