// SPDX-License-Identifier: MIT
// Reset to default for the panel's parameters, made from their tables: the simulation's
// (sim_params(), defaults SimParams{}), the look's (render::knobs(), defaults RenderParams{}) and
// the overlay's depth. No second copy of any default. The panel's reset buttons and tests call
// the same functions.
#pragma once

#include <string>

#include "knobs.hpp"
#include "params.hpp"
#include "settings.hpp"

namespace galaxy::app {

bool at_default(const Settings& s, const ParamInfo& p);
bool at_default(const Settings& s, const render::Knob& k);
bool octree_depth_at_default(const Settings& s);
// The default as the panel writes it, for the reset button's tooltip.
std::string default_text(const ParamInfo& p);
std::string default_text(const render::Knob& k);
// Put the default back and return what the slider would have reported for the same edit:
// `params` for a simulation parameter (applied at the next step), `overlay` for the octree depth,
// nothing for the look (the renderer reads it every frame).
Changes reset_to_default(Settings& s, const ParamInfo& p);
Changes reset_to_default(Settings& s, const render::Knob& k);
Changes reset_octree_depth(Settings& s);

}  // namespace galaxy::app
