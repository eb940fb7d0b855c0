// SPDX-License-Identifier: MIT
// Reset to default for the panel's parameters, made from their tables: the simulation's
// (sim_params(), defaults SimParams{}) and the look's (render::knobs(), defaults RenderParams{})
// (the overlay's depth is the inspect feature's: features/inspect.hpp). No second copy of any default. The panel's reset buttons and tests call
// the same functions.
#pragma once

#include <string>

#include "knobs.hpp"
#include "params.hpp"
#include "settings.hpp"

namespace galaxy::app {

bool at_default(const Settings& s, const ParamInfo& p);
bool at_default(const Settings& s, const render::Knob& k);
// The default as the panel writes it, for the reset button's tooltip.
std::string default_text(const ParamInfo& p);
std::string default_text(const render::Knob& k);
// Put the default back and return what the slider would have reported for the same edit:
// `params` for a simulation parameter (applied at the next step), nothing for the look (the renderer reads it every frame).
Changes reset_to_default(Settings& s, const ParamInfo& p);
Changes reset_to_default(Settings& s, const render::Knob& k);

}  // namespace galaxy::app
