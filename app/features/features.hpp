// SPDX-License-Identifier: MIT
// The features that own their state (Polyscope's quantities, applied to the app): each is a class
// that keeps what it needs, draws its own rows at its panel slot, returns what was asked of it as
// its own typed action, applies that action to what it acts on (the camera, the presenter)
// through a narrow interface, and reports what the panel shows of it. App keeps them here, one
// member each, and App::frame wires them.
#pragma once

#include <memory>
#include <tuple>
#include <vector>

#include "features/accuracy_meter.hpp"
#include "features/camera_path_tool.hpp"
#include "features/colour_field.hpp"
#include "features/drop_tool.hpp"
#include "features/encounter_designer.hpp"
#include "features/feature_context.hpp"
#include "features/follow_camera.hpp"
#include "features/inspect.hpp"
#include "features/kiosk.hpp"
#include "features/recording.hpp"
#include "features/reference_photo.hpp"
#include "features/ruler.hpp"
#include "features/run_settings.hpp"
#include "features/separation_plot.hpp"
#include "features/snapshots.hpp"
#include "features/three_view.hpp"
#include "features/time_controls.hpp"
#include "features/trails.hpp"
#include "features/view_framing.hpp"
#include "panel/panel.hpp"
#include "picture/record_target.hpp"
#include "run/report.hpp"
#include "run/run_control.hpp"

namespace galaxy::app {

struct Features {
  Ruler ruler;
  Recording recording;
  CameraPathTool camera_path;
  FollowCamera follow;
  ViewFraming framing;  // the fit, the view direction, the screenshot key
  DropTool drop;
  ReferencePhoto reference;
  TimeControls time;
  Snapshots snapshots;
  EncounterDesigner encounter;
  Inspect inspect;  // the pick and the octree overlay
  SeparationPlot separation;
  Trails trails;  // holds GL objects: goes before the GL context
  ColourField colour;
  AccuracyMeter accuracy;  // the force error measured, and its chart
  std::unique_ptr<Kiosk> kiosk;  // --kiosk: a show for a screen nobody tends
};

// One frame's actions for the features, from the keys and their rows: each feature's own type.
struct FeatureActions {
  RunSettings::Action run_settings;  // the Simulation section's: parameters, count, kind of run
  Ruler::Action ruler;  // applied at once where the frame reads the click (App::input_and_panel)
  Recording::Action recording;
  CameraPathTool::Action camera_path;
  ViewFraming::Action framing;
  FollowCamera::Action follow;
  DropTool::Action drop;
  ReferencePhoto::Action reference;
  TimeControls::Action time;
  Snapshots::Action snapshots;
  EncounterDesigner::Action encounter;
  Inspect::Action inspect;
  SeparationPlot::Action separation;
  Trails::Action trails;
  ColourField::Action colour;
  AccuracyMeter::Action accuracy;  // its measure asked of the measurements by App::apply
};

// The features that keep the features' protocol: a PanelSlot of their own (kSlot), their rows
// drawn from the FeatureView (rows) and their action applied with the FeatureTargets (apply).
// feature_rows draws them at their slot, in this order, and apply_features applies them in this
// order. A new feature is its own files (app/features/ is globbed), its member and action above
// and its entry here: nothing else in the app changes.
template <class F, class A>
struct Slotted {
  F Features::*feature;
  A FeatureActions::*action;
};
inline constexpr std::tuple kSlotted{
    Slotted{&Features::reference, &FeatureActions::reference},
    Slotted{&Features::accuracy, &FeatureActions::accuracy},
    Slotted{&Features::inspect, &FeatureActions::inspect},
    Slotted{&Features::separation, &FeatureActions::separation},
    Slotted{&Features::trails, &FeatureActions::trails},
    Slotted{&Features::recording, &FeatureActions::recording},
    Slotted{&Features::camera_path, &FeatureActions::camera_path},
    Slotted{&Features::drop, &FeatureActions::drop},
};

// Applies `a` to the features, each to what it acts on (the ruler's aside: it is taken where its
// click is read); what they said, in order.
std::vector<Report> apply_features(Features& f, const FeatureActions& a, const FeatureTargets& t);

// The features that act on the run (the run settings, the time controls, snapshots, the
// encounter designer): `a` applied through `run`'s typed requests; what the run did, for the app
// to land (a run changed wholesale, moved, resumed).
RunControl::Applied apply_run_features(Features& f, const FeatureActions& a, RunControl& run);

// The features' rows at `at` in the panel (the panel's FeatureRows); what they were asked to do
// is added to `a`; `v`: what the panel shows, the wanted values, the look and the picked body, of
// which each feature gets the part it reads.
void feature_rows(const Features& f, PanelSlot at, FeatureActions& a, const FeatureView& v);

}  // namespace galaxy::app
