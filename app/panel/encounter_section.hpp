// SPDX-License-Identifier: MIT
// The encounter designer's draft editor (features/encounter_designer.hpp draws it in the panel's
// Galaxies section): the galaxies of a draft encounter with their models, shares and Toomre &
// Toomre angles, a pair's orbit, the units.
#pragma once

#include "scenarios/encounter.hpp"

namespace galaxy::app {

// The draft's title, galaxies, orbit and units, edited in place; true when one changed.
bool draft_controls(Encounter& e);

}  // namespace galaxy::app
