// SPDX-License-Identifier: MIT
// The panel's reference image, inside Rendering: the photograph drawn behind the bodies to match
// the run to (render/reference_image.hpp), its file, opacity, scale, rotation and offset. The
// presenter reads Settings::reference every frame, so nothing here reports a change.
#pragma once

#include "settings.hpp"

namespace galaxy::app {

void reference_section(Settings& s, const PanelStats& st);

}  // namespace galaxy::app
