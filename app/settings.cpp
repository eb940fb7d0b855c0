// SPDX-License-Identifier: MIT
#include "settings.hpp"

namespace galaxy::app {

// The keys' and the panel's changes of one frame, together: flags or'ed, a value given by
// either kept.
Changes& Changes::operator|=(const Changes& o) {
  params |= o.params;
  bodies |= o.bodies;
  if (!o.bodies_typed.empty()) bodies_typed = o.bodies_typed;
  scenario |= o.scenario;
  backend |= o.backend;
  solver |= o.solver;
  measure_accuracy |= o.measure_accuracy;
  return *this;
}

}  // namespace galaxy::app
