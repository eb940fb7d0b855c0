// SPDX-License-Identifier: MIT
// The camera path's controls, a tree under the camera's in the Rendering section: add the view as
// a key (i), play or stop (l), loop, each key's time with a button that goes to it and one that
// takes it out, and the file the path is saved to and loaded from.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

void camera_path_section(Settings& s, Changes& c, const PanelStats& st);

}  // namespace galaxy::app
