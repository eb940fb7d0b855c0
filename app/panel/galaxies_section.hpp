// SPDX-License-Identifier: MIT
// The panel's Galaxies section: the drop tool (a galaxy dropped into the running run with the
// mouse, one taken out, undo) and the encounter designer (features/encounter_designer.hpp), each
// drawing its own rows.
#pragma once

#include "scenarios/encounter.hpp"
#include "panel/panel.hpp"
#include "units.hpp"

namespace galaxy::app {

// `rows` draws the drop tool's rows (PanelSlot::DropInto, features/drop_tool.hpp) and the
// designer's (PanelSlot::DesignEncounter).
// `open_designer` (the e key): both opened this frame and the panel scrolled to the designer.
void galaxies_section(const FeatureRows& rows, bool open_designer = false);

// A galaxy's model, mass and length scale (in the run's physical units where it has them);
// `id` keeps the widgets of several galaxies apart. True when one changed.
bool galaxy_model_controls(GalaxySpec& g, const Units& u, int id);

}  // namespace galaxy::app
