// SPDX-License-Identifier: MIT
// The separation plot (the Rendering section's "distance of galaxy"): the distance between two
// galaxies' centres over the run, the number a merger lesson asks for. The first galaxy is the
// followed one (the follow camera's: a click on a body chooses it), the second is the plot's
// own. It owns its switch, the other galaxy and the points, draws its rows, and takes its points
// from the centres the run's measurements find for the follow camera (Measurements::Arrived).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "features/feature_context.hpp"
#include "picture/follow.hpp"
#include "units.hpp"

namespace galaxy::app {

class SeparationPlot {
 public:
  static constexpr std::size_t kMostPoints = 2000;  // past that every other point goes

  // What its rows ask: the plot on or off, and the other galaxy.
  struct Action {
    std::optional<bool> on;
    std::optional<int> other;  // clamped to the galaxies a tag can name
  };

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::ViewTools;
  void rows(Action& a, const FeatureView& v) const { section(a, v.shown.run.units); }
  void apply(const Action& a, const FeatureTargets& t, std::vector<Report>&) {
    apply(a, t.follow_galaxy);
  }

  // Its rows (a checkbox, the other galaxy, the plot); `units`: the run's.
  void section(Action& a, const Units& units) const;
  // Applies `a`; `followed`: the galaxy followed now (the plot's first), shown in its rows.
  void apply(const Action& a, int followed);
  // The centres the run measured: a point while on, for the followed galaxy and the other. Another
  // pair, or a run that went back in time, starts afresh.
  void measured(const Centres& c, int followed);

  // The measurements find every galaxy's centre while it is on (Measurements::refresh).
  bool on() const { return on_; }
  int other() const { return other_; }
  const std::vector<float>& times() const { return time_; }          // simulated time
  const std::vector<float>& distances() const { return distance_; }  // model units
  std::pair<int, int> of() const { return of_; }  // the galaxies the points belong to

 private:
  bool on_ = false;
  int other_ = 1;
  int followed_ = 0;
  std::vector<float> time_, distance_;
  std::pair<int, int> of_{-1, -1};
};

}  // namespace galaxy::app
