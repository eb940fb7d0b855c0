// SPDX-License-Identifier: MIT
#include "settings.hpp"

namespace galaxy::app {

// The keys' and the panel's changes of one frame, together: flags or'ed, counts added (two
// presses of a key in one frame are two steps), a value given by either kept.
Changes& Changes::operator|=(const Changes& o) {
  params |= o.params;
  bodies |= o.bodies;
  if (!o.bodies_typed.empty()) bodies_typed = o.bodies_typed;
  scenario |= o.scenario;
  backend |= o.backend;
  solver |= o.solver;
  reset |= o.reset;
  step_once += o.step_once;  // counts: two presses in one frame are two steps
  step_back += o.step_back;
  if (o.seek) seek = o.seek;
  measure_accuracy |= o.measure_accuracy;
  save |= o.save;
  load |= o.load;
  fit_camera |= o.fit_camera;
  screenshot |= o.screenshot;
  resume |= o.resume;
  start_encounter |= o.start_encounter;
  save_encounter |= o.save_encounter;
  load_encounter |= o.load_encounter;
  encounter_from_run |= o.encounter_from_run;
  preview_orbit |= o.preview_orbit;
  quit |= o.quit;
  quit_confirmed |= o.quit_confirmed;
  return *this;
}

}  // namespace galaxy::app
