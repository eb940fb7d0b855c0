// SPDX-License-Identifier: MIT
// The camera's controls at the end of the panel's Rendering section: what it follows, the views
// (face-on, edge-on, along an axis; keys 1-5), the picked body's inspection, the record button
// and the camera path (camera_path_section.hpp).
#pragma once

#include "settings.hpp"

namespace galaxy::app {

void view_controls(Settings& s, Changes& c, const PanelStats& st);

}  // namespace galaxy::app
