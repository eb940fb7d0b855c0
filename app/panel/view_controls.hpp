// SPDX-License-Identifier: MIT
// The camera's controls at the end of the panel's Rendering section: what it follows, the views
// (face-on, edge-on, along an axis; keys 1-5: features/view_framing), and the features' rows at their slots (the ruler,
// the separation plot, the record button, the camera path: app/features/).
#pragma once

#include "panel/panel.hpp"
#include "picture/look.hpp"

namespace galaxy::app {

void view_controls(Look& look, const FeatureRows& rows);

}  // namespace galaxy::app
