// SPDX-License-Identifier: MIT
// Inspect: the teaching overlays and the picked body. A click on a body (one the ruler does not
// take) picks it: its tree walk is drawn and what the click found of it (its galaxy, its force
// error against the exact sum: run/inspect.hpp) is shown; the octree overlay (b) draws the
// running backend's cells down to a depth. It owns the pick, the overlay's switch and depth and
// what the panel shows of them, draws their rows (the Rendering section's), and asks the run
// through a narrow handle (InspectTarget: the measurements) for the pick and the overlays.
#pragma once

#include <glm/glm.hpp>

#include <optional>
#include <string>
#include <vector>

#include "features/feature_context.hpp"
#include "picture/overlay.hpp"
#include "run/inspect.hpp"
#include "units.hpp"

namespace galaxy::app {

class Inspect {
 public:
  static constexpr int kDefaultDepth = 4;  // the octree overlay's depth until one is chosen

  // A click on the view: the picture's projection, the window's size and the cursor (window
  // coordinates), as the frame read them.
  struct Click {
    glm::mat4 view_proj{1.0f};
    glm::vec2 window{0.0f}, cursor{0.0f};
  };
  // What the key (b), the rows and a click ask of it.
  struct Action {
    bool toggle_octree = false;       // the octree overlay on or off (b, its checkbox)
    std::optional<int> octree_depth;  // its depth (the slider, its default button)
    std::optional<Click> pick;        // pick the body under this click, found on the thread
    std::optional<int> select;        // pick this body by its index (--pick); -1: clear the pick
    bool refresh = false;             // ask the overlays again though nothing here changed
  };

  Inspect() = default;
  // --octree DEPTH: the overlay on from the start, to that depth; none: off at the default depth.
  explicit Inspect(std::optional<int> octree_depth);

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::Rendering;
  void rows(Action& a, const FeatureView& v) const { section(a, v.shown.run.units); }
  void apply(const Action& a, const FeatureTargets& t, std::vector<Report>&) {
    apply(a, t.inspect, t.skip_halo);
  }

  // Its rows: the overlay's checkbox and depth, the pick's lines and its clear button; what they
  // ask goes into `a`; `units`: the run's, for the picked body's speed.
  void section(Action& a, const Units& units) const;
  // Applies `a`: the switch, the depth and a chosen body at once, then the overlays asked again
  // where what they show changed; a click is handed to `t` (`skip_halo`: the halo is not drawn,
  // so a click passes over its bodies).
  void apply(const Action& a, InspectTarget& t, bool skip_halo);
  // What the measurements brought (Measurements::Arrived): the newest overlays' walk line and
  // where the body is, and what a click found; another body picked asks the overlays again.
  void found(const std::optional<OverlayGeometry>& overlay, const std::optional<PickFound>& pick,
             InspectTarget& t);
  // The bodies changed wholesale: an index names another body now.
  void run_changed();

  // What the overlays are asked to show: the cells (while the overlay is on), the picked walk.
  OverlayAsk overlays() const { return {octree_ ? depth_ : -1, picked_}; }
  int picked() const { return picked_; }  // -1: none
  bool octree() const { return octree_; }
  int octree_depth() const { return depth_; }
  const std::string& walk() const { return walk_; }  // the newest overlay's walk line
  const std::optional<PickedBody>& where() const { return where_; }
  const std::string& inspected() const { return inspected_; }  // what the click found

 private:
  void depth_row(Action& a) const;
  void pick_rows(Action& a, const Units& units) const;

  bool octree_ = false;
  int depth_ = kDefaultDepth;
  int picked_ = -1;
  std::string walk_;                 // OverlayGeometry::info of the newest overlays
  std::optional<PickedBody> where_;  // with walk_
  std::string inspected_;            // Inspected::text of the newest click
};

}  // namespace galaxy::app
