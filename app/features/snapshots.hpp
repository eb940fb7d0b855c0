// SPDX-License-Identifier: MIT
// Snapshots: the file the run is saved to and loaded from, Save and Load (read and written on a
// worker while the run goes on: RunControl's FileJob), and how far a transfer under way is. It
// owns the path, draws the Snapshot section and asks the run through RunControl::save and load.
#pragma once

#include <optional>
#include <string>

#include "run/run_control.hpp"
#include "run/status_line.hpp"

namespace galaxy::app {

class Snapshots {
 public:
  struct Action {
    std::optional<std::string> path;  // the rows' path, as typed
    bool save = false;                // the step shown, to the path
    bool load = false;                // the run from the path
  };
  // A transfer under way, once it has run for a second: "loading PATH: 45% of 1.2 GiB" and how
  // far (0-1); empty text when none shows.
  struct Transfer {
    std::string text;
    float fraction = 0;
  };

  // The Snapshot section (PanelSlot::Snapshot): the path, Save and Load, and what they said.
  void section(Action& a, const StatusText& st) const;
  // The path, then a load and a save through `run` (the path gets the default format's
  // extension where it has none, so a later Load finds the file); what the run did.
  RunControl::Applied apply(const Action& a, RunControl& run);
  // The transfer of `job` (none: nothing under way).
  static Transfer transfer(const FileJob* job);

  // a .csv would drop the tags and the exact resume
  const std::string& path() const { return path_; }

 private:
  std::string path_ = "snapshot.gxy";
};

}  // namespace galaxy::app
