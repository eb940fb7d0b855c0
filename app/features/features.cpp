// SPDX-License-Identifier: MIT
#include "features/features.hpp"

#include <utility>

namespace galaxy::app {

void feature_rows(const Features& f, PanelSlot at, FeatureActions& a, const PanelStats& st,
                  int picked, const Settings& s) {
  const render::RenderParams& look = s.render;
  switch (at) {
    case PanelSlot::Accuracy:
      f.accuracy.section(a.accuracy, st);
      return;
    case PanelSlot::Simulation:
      RunSettings::section(a.run_settings, s, st);
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
    case PanelSlot::ViewTools:
      f.separation.section(a.separation, st);
      f.recording.section(a.recording);
      f.camera_path.section(a.camera_path, st);
      return;
    case PanelSlot::DropInto:
      f.drop.section(a.drop, st, picked);
      return;
    case PanelSlot::Colour:
      f.colour.section(a.colour, look);
      return;
    case PanelSlot::Legend:
      f.colour.legend(look, st.units);
      return;
    case PanelSlot::Trails:
      f.trails.section(a.trails, look);
      return;
    case PanelSlot::Rendering:
      f.reference.section(a.reference, st);
      f.inspect.section(a.inspect, st);
      return;
    case PanelSlot::Time:
      f.time.section(a.time, st);
      return;
    case PanelSlot::Runaway:
      f.time.runaway_rows(a.time, st);
      return;
    case PanelSlot::Snapshot:
      f.snapshots.section(a.snapshots, st);
      return;
    case PanelSlot::DesignEncounter:
      f.encounter.section(a.encounter, st);
      return;
  }
}

std::vector<Report> apply_features(Features& f, const FeatureActions& a, const FeatureTargets& t) {
  std::vector<Report> said;
  f.reference.apply(a.reference);
  f.accuracy.apply(a.accuracy);
  f.inspect.apply(a.inspect, t.inspect, t.skip_halo);
  f.separation.apply(a.separation, t.follow_galaxy);
  f.trails.apply(a.trails, t.look);
  ColourField::apply(a.colour, t.look, t.colour_map);
  if (auto r = f.recording.apply(a.recording, t.recorder, t.display_hz, t.now)) said.push_back(*r);
  for (Report& r : f.camera_path.apply(a.camera_path, t.camera)) said.push_back(std::move(r));
  for (Report& r : f.drop.apply(a.drop, t.edits, t.picked_body)) said.push_back(std::move(r));
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
