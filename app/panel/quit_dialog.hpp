// SPDX-License-Identifier: MIT
// The quit question: a small modal in the middle of the view while Settings::asking_quit, drawn
// with the panel hidden too. Enter (or its Quit button) quits: Changes::quit_confirmed; Esc (or
// Stay) closes it and the run goes on.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

Changes quit_dialog(Settings& s);

}  // namespace galaxy::app
