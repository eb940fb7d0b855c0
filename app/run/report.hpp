// SPDX-License-Identifier: MIT
// What an action on the run says back: a message or an error, and the place it belongs (the
// panel shows an error next to the control whose action failed, and on the status line).
#pragma once

#include <string>
#include <string_view>

namespace galaxy::app {

enum class Place {
  None,        // the status line only
  Parameters,  // θ, α, dt, softening, ... (sim/params.hpp)
  Solver,
  Backend,
  Scenario,
  BodyCount,
  Reset,
  Save,
  Load,
  Timeline,  // going back: seek, step back
  Accuracy,
  Runaway,  // a runaway step stopped the run
  Step,     // a step or a posted action failed
  Galaxies,   // a galaxy dropped in or taken out, undo
  Encounter,  // the encounter designer: start, save, load
  Reference,  // the reference image: a file that cannot be read
  CameraPath,  // the camera path: a key, play, save, load
};

// The place's name in messages ("body count").
constexpr std::string_view place_name(Place p) {
  switch (p) {
    case Place::None: return "";
    case Place::Parameters: return "parameters";
    case Place::Solver: return "solver";
    case Place::Backend: return "backend";
    case Place::Scenario: return "scenario";
    case Place::BodyCount: return "body count";
    case Place::Reset: return "reset";
    case Place::Save: return "save";
    case Place::Load: return "load";
    case Place::Timeline: return "timeline";
    case Place::Accuracy: return "accuracy";
    case Place::Runaway: return "runaway";
    case Place::Step: return "step";
    case Place::Galaxies: return "galaxies";
    case Place::Encounter: return "encounter";
    case Place::Reference: return "reference image";
    case Place::CameraPath: return "camera path";
  }
  return "?";
}

// An action's outcome: a message, an error, or a success with nothing to say (Done), which still
// ends an older error: once an action went through, the error of an earlier attempt describes
// a state that is gone (a bad body count, then a good one).
struct Report {
  enum class Kind { Message, Error, Done };
  Kind kind = Kind::Message;
  Place place = Place::None;
  std::string text;
  static Report error(std::string text, Place where = Place::None) {
    return {Kind::Error, where, std::move(text)};
  }
  static Report message(std::string text) { return {Kind::Message, Place::None, std::move(text)}; }
  static Report done(Place where) { return {Kind::Done, where, {}}; }
};

}  // namespace galaxy::app
