// SPDX-License-Identifier: MIT
// The drop tool (g): while it is on, a left drag in the view drops a galaxy into the running run
// (press where it goes, drag its velocity, release; an arrow and its speed while dragging), Del
// takes out the picked body's galaxy and u takes the newest drop or removal back; --drop
// FRAME:BODIES drops its galaxy at the view's centre, at rest, on that frame. It owns its mode,
// the galaxy it drops and the script, draws its rows in the panel's Galaxies section, and hands
// its edits to BodyEdits (run/body_edits.hpp), whose outcomes the app lands.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "camera.hpp"
#include "features/feature_context.hpp"
#include "features/ruler.hpp"
#include "panel/drop_gesture.hpp"
#include "panel/input.hpp"
#include "run/body_edits.hpp"
#include "run/report.hpp"
#include "run/run_figures.hpp"
#include "run/status_line.hpp"
#include "units.hpp"

namespace galaxy::app {

class DropTool {
 public:
  // What the keys (g, Del, u), the gesture, the script and the rows ask of it.
  struct Action {
    bool toggle = false;               // drop mode on or off
    std::optional<DropShape> shape;    // the rows changed the galaxy it drops
    std::string bodies_typed;          // its body count as typed ("200k"), applied on Enter
    std::optional<DropSpec> drop;      // drop this galaxy into the run
    bool remove = false;               // take out the galaxy of the picked body
    int undo = 0;                      // take the newest drops or removals back, this many
  };

  DropTool() = default;
  // --drop FRAME:BODIES: on frame `frame`, a galaxy of `bodies` bodies.
  DropTool(std::optional<long> frame, std::size_t bodies)
      : script_frame_(frame), script_bodies_(bodies) {}

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::DropInto;
  void rows(Action& a, const FeatureView& v) const {
    section(a, v.shown.frame.drawn.bodies, v.shown.run, v.shown.status, v.picked);
  }
  void apply(const Action& a, const FeatureTargets& t, std::vector<Report>& said) {
    for (Report& r : apply(a, t.edits, t.picked_body)) said.push_back(std::move(r));
  }

  // Its rows (the Galaxies section's "drop into the run"): what they changed goes into `a`;
  // `picked`: the picked body (-1 none), whose galaxy the take-out button removes; `bodies` the
  // run's drawn count, `run` its units and edits, `st` the newest error.
  void section(Action& a, std::size_t bodies, const RunFigures& run, const StatusText& st,
               int picked) const;
  // The gesture in the view `v` seen by `cam`: while held, the arrow and its label; on release,
  // the galaxy it drops goes into `a`.
  void gesture(const InputActions::Drag& d, const ViewPlane& v, const render::OrbitCamera& cam,
               const Units& u, Action& a) const;
  // The script's drop on frame `frame`, where it has one: its galaxy at the view's centre, at
  // rest (what a click there would drop).
  std::optional<DropSpec> scripted(long frame, const render::OrbitCamera& cam) const;
  // The toggle, the rows' galaxy and typed count, then the drop, the removal of `picked`'s galaxy
  // and the undos, handed to `edits`; what they said at once (their outcomes come from
  // BodyEdits::poll).
  std::vector<Report> apply(const Action& a, BodyEdits& edits, int picked);

  bool active() const { return active_; }
  const DropShape& shape() const { return shape_; }
  // Whether `a` edits the run (a save would keep it): a drop, a removal, an undo.
  static bool edits_the_run(const Action& a) { return a.drop || a.remove || a.undo > 0; }

 private:
  bool active_ = false;
  DropShape shape_;
  std::optional<long> script_frame_;
  std::size_t script_bodies_ = 0;
};

}  // namespace galaxy::app
