// SPDX-License-Identifier: MIT
#include "run/quit_guard.hpp"

namespace galaxy::app {

void QuitGuard::applied(bool saved) {
  if (saved) edited_ = false;  // the save ran after the frame's edits (App::apply)
}

}  // namespace galaxy::app
