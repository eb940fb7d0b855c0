// SPDX-License-Identifier: MIT
// The encounter designer (inside the panel's Galaxies section): the galaxies of a draft encounter
// with their models, shares and Toomre & Toomre angles, a pair's orbit, the units; started at the
// current body count, saved to and loaded from a TOML file (sim/io/encounter_file.hpp). The view
// draws the pair's predicted orbit meanwhile (panel/view_marks.hpp).
#pragma once

#include "settings.hpp"

namespace galaxy::app {

void encounter_section(Settings& s, Changes& c, const PanelStats& st);

}  // namespace galaxy::app
