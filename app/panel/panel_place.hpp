// SPDX-License-Identifier: MIT
// Where the panel is and the controls that move it (issue 46, item 4): floating over the view at
// its top left (as tall as what is open), docked to a full-height strip at the left that the view
// leaves free (opaque, resized at its edge or corner between kPanelNarrowest and half the view),
// or collapsed to a bar whose arrow opens it again. The place is the look's (picture/look.hpp).
#pragma once

#include <imgui.h>

#include "picture/look.hpp"

namespace galaxy::app {

// Sets up the panel's next window for its place, `keys` pixels above the bottom of the view left
// for the key help; the flags to begin it with.
ImGuiWindowFlags place_panel(Look& look, float keys);
// Inside the panel, first: the docked strip's width as the user dragged it, and the title bar's
// buttons, right to left: "<" (collapse to the bar), "dock" or "float", and "design" (opens the
// encounter designer). They take no row of the panel.
void panel_title_buttons(Look& look);
// The collapsed panel: a bar down the left edge; its arrow opens the panel again.
void panel_bar(Look& look);
// d and the title bar's button: docks a floating or collapsed panel, floats a docked one.
void toggle_dock(Look& look);
// The width at the left of the view (window pixels) that the picture leaves free for the panel:
// the bar's, the docked strip's, and in the three-view layout the floating panel's too (the x-y
// pane is not under it); 0 where a floating panel lies over a single view, where the panel is
// hidden, and where it is not in the picture (`panel_in_picture`: a window's, --record-panel's).
float view_left(const Look& look, bool panel_in_picture);
// Where the status line starts: right of the panel, the strip or the bar.
float panel_right(const Look& look);

}  // namespace galaxy::app
