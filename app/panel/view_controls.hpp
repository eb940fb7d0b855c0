// SPDX-License-Identifier: MIT
// The camera's controls at the end of the panel's Rendering section: what it follows, the views
// (face-on, edge-on, along an axis; keys 1-5) and the picked body's inspection.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

void view_controls(Settings& s, Changes& c, const PanelStats& st);

}  // namespace galaxy::app
