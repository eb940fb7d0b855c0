// SPDX-License-Identifier: MIT
// What the frame loop asks of the simulation's thread besides steps, and owns until it arrives:
// the energy (diagnostics), the accuracy meter, the overlays (the octree, a picked walk), a pick
// and the colour maps. Each is asked when due (Runner::ask), collected when ready (Asked), never
// waited for; results of an older run are dropped.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "features/accuracy_meter.hpp"
#include "picture/follow.hpp"
#include "picture/overlay.hpp"
#include "picture/shown_field.hpp"
#include "run/asked.hpp"
#include "run/inspect.hpp"
#include "run/report.hpp"
#include "run/runner.hpp"
#include "render_params.hpp"

namespace galaxy::app {

class Measurements final : public InspectTarget, public ColourMapTarget {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Measurements(Runner& runner) : runner_(runner), last_accuracy_(Clock::now()) {}

  // The run changed wholesale (generation: the runner's): results asked before are stale, the
  // energy baseline goes and the new run's energy is measured at once.
  void run_changed(std::uint64_t generation);
  void invalidate_overlays() override { overlay_refresh_.invalidate(); }
  void measure_accuracy();
  void request_error_map() override;
  // The body under the cursor (of those drawn: the halo only where it is shown), found on the
  // thread with one download of the bodies, and inspected there (run/inspect.hpp).
  void pick(const glm::mat4& view_proj, glm::vec2 window, glm::vec2 cursor,
            bool skip_halo) override;
  // Inside Runner::exclusive before the thread starts: the first frame's colour map, of the
  // field `look` shows, and what it holds.
  FieldReport first_colour_map(Simulation& sim, const render::RenderParams& look);

  // Once a frame: asks for what is due. Diagnostics sum over every body (on the device for
  // CUDA): once a second, and only while something shows them (`shown`); the overlays that
  // `overlays` names (the inspect feature's); every galaxy's centre while `separation` (the
  // separation plot's) is on, the followed one's while `follow` (the follow camera's) is not off;
  // the accuracy every 3 seconds while `accuracy_auto` (the meter's).
  // `look`: the colour field it shows is the one computed.
  void refresh(const render::RenderParams& look, const OverlayAsk& overlays, FollowMode follow,
               bool separation, bool accuracy_auto, bool shown, std::uint64_t sim_steps);

  struct Arrived {
    std::optional<OverlayGeometry> overlay;  // new overlays for the renderer and the inspect
    std::optional<PickFound> pick;           // what a click found, for the inspect feature
    std::optional<FieldReport> colour_map;   // what a map made or cleared holds (or why not)
    std::optional<Centres> centres;          // the centres the camera may follow
    std::optional<AccuracyFound> accuracy;   // the force error measured, for the meter
    // The energy's drift since the run's first diagnostics, (E - E0) / |E0|, and the total mass.
    struct Energy {
      double drift = 0, mass = 0;
    };
    std::optional<Energy> energy;
    std::vector<Report> reports;
  };
  // What arrived; `error_place`: where the status line's error is (an accuracy measurement that
  // arrives ends one of its own).
  Arrived collect(Place error_place);

 private:
  struct Measured {
    ErrorStats errors;
    SimParams params;  // what ran when it was measured
  };
  using MapInfo = std::optional<FieldReport>;
  void ask_overlays(const OverlayAsk& o, std::uint64_t sim_steps);
  void ask_colour_map(const render::RenderParams& look);
  void collect_overlays(Arrived& out);
  void collect_diagnostics(Arrived& out);
  void collect_accuracy(Arrived& out, Place error_place);
  void collect_colour_map(Arrived& out);

  Runner& runner_;
  std::uint64_t generation_ = 0;  // the run whose results are taken
  Asked<Diagnostics> diagnostics_;
  Asked<Measured> accuracy_;
  Asked<OverlayGeometry> overlay_;
  void ask_centres(FollowMode follow, bool separation);
  void collect_pick(Arrived& out);
  Asked<PickFound> pick_;
  Asked<Centres> centres_;  // for the follow camera, at most ten times a second
  Clock::time_point last_centres_{};
  Clock::duration centres_interval_ = std::chrono::milliseconds(100);
  Asked<MapInfo> colour_map_;  // the map's info line and error, where a map was made or cleared
  ShownField shown_field_;     // used on the runner's thread
  bool map_shown_ = false;
  OverlayRefresh overlay_refresh_;
  std::string overlay_error_;  // said once, not at each refresh while it lasts
  std::optional<double> energy0_;
  std::uint64_t accuracy_seed_ = 1;
  Clock::time_point last_diagnostics_{}, last_accuracy_;
};

}  // namespace galaxy::app
