// SPDX-License-Identifier: MIT
// The encounter designer (in the panel's Galaxies section): a draft encounter (its galaxies with
// their models, shares and Toomre & Toomre angles, a pair's orbit, the units), started at the
// body count chosen in it (the run's unless typed), following the running encounter until it is
// edited, taken from the running encounter, saved to and loaded from a TOML file
// (sim/io/encounter_file.hpp); while its rows are open the view draws the pair's predicted orbit.
// It owns the draft, its file and the preview switch, and starts the draft through
// RunControl::start_encounter.
#pragma once

#include <glm/glm.hpp>

#include <cstddef>
#include <optional>
#include <string>

#include "run/run_control.hpp"
#include "run/status_line.hpp"
#include "scenarios/encounter.hpp"

namespace galaxy::app {

class EncounterDesigner {
 public:
  struct Action {
    std::optional<Encounter> draft;    // the rows' edit (or the kiosk's show) as the draft
    std::optional<std::string> path;   // the draft's file, as typed
    std::optional<bool> show_orbit;    // draw the predicted orbit
    bool from_run = false;             // take the running encounter as the draft
    bool start = false;                // run the draft at the current count
    bool save = false, load = false;   // write it to or read it from the file
    bool preview = false;              // its rows are open: the view draws the orbit this frame
    std::optional<std::string> bodies;  // the count Start runs, as typed ("250k"; "" the run's)
  };

  EncounterDesigner() = default;
  explicit EncounterDesigner(Encounter first) : draft_(std::move(first)) {}

  // Its rows (PanelSlot::DesignEncounter); `bodies`: the run's count, `st` the newest error.
  void section(Action& a, std::size_t bodies, const StatusText& st) const;
  // The draft, file and switch, then taking the run's, starting, saving and loading, in that
  // order; what they did (a draft that cannot run is refused and the run goes on).
  RunControl::Applied apply(const Action& a, RunControl& run);
  // The pair on its orbit, to twice the time to pericentre (past the first passage), in a
  // `window` seen through `view_proj`; nothing where the draft has no orbit or it is switched off.
  void preview(const glm::mat4& view_proj, glm::vec2 window) const;
  // Whether `a` edits the run a save would keep (an encounter started).
  static bool edits_the_run(const Action& a) { return a.start; }
  // A new run landed: the draft follows the encounter that runs (`running`, none for a plain
  // scenario or a snapshot) unless the draft was edited or loaded since it last followed.
  void run_changed(const std::optional<Encounter>& running);

  const Encounter& draft() const { return draft_; }
  const std::string& path() const { return path_; }
  std::size_t bodies() const { return bodies_; }  // 0: the run's count
  bool edited() const { return edited_; }
  bool show_orbit() const { return show_orbit_; }

 private:
  bool take_bodies(const std::string& typed, RunControl::Applied& out);

  Encounter draft_;
  std::string path_ = "encounter.toml";
  bool show_orbit_ = true;
  std::size_t bodies_ = 0;  // the count Start runs; 0: the run's
  bool edited_ = false;     // the draft was edited or loaded: it no longer follows the run
};

}  // namespace galaxy::app
