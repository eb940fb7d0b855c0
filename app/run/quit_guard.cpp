// SPDX-License-Identifier: MIT
#include "run/quit_guard.hpp"

namespace galaxy::app {

bool edits_the_run(const Changes& c) {
  return c.params || c.bodies || !c.bodies_typed.empty() || c.scenario;
}

void QuitGuard::applied(const Changes& c, bool saved) {
  if (edits_the_run(c)) edited_ = true;
  if (saved) edited_ = false;  // the save ran after the frame's edits (RunControl::apply)
}

}  // namespace galaxy::app
