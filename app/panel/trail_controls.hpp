// SPDX-License-Identifier: MIT
// The trails' controls in the panel's Rendering section, folded under "trails": how many bodies
// are followed (0: off), the samples a trail keeps and the steps between them, which galaxy, and
// the opacity (a knob, render/knobs.cpp). Render settings: the frame applies them itself.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

void trail_controls(Settings& s, Changes& c);

}  // namespace galaxy::app
