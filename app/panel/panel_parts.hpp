// SPDX-License-Identifier: MIT
// Pieces of the panel (panel.cpp) that stand on their own: the accuracy chart, the key help, and
// an action's error where its control is.
#pragma once

#include "panel/accuracy_chart.hpp"
#include "settings.hpp"

namespace galaxy::app {

// p99 error (log scale) against step time, a dot per measurement coloured by theta, joined in
// the order of theta; the newest ringed. Nothing with fewer than one point.
void accuracy_chart(std::span<const AccuracyPoint> points);

// The keys, in a window of their own below the panel's left edge (never scrolled away or cut
// off); returns the height it takes from the bottom of the view, margin included.
float key_help(float width);

// The error of the action named `where`, right below the control the user touched.
void error_here(const PanelStats& st, Place where);

// The tooltip of the control just drawn, saying what it does; shown on a disabled control too,
// where it says what the control would do.
void tip(const char* text);

}  // namespace galaxy::app
