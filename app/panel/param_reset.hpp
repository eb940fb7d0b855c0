// SPDX-License-Identifier: MIT
// Reset to default for the panel's parameters, made from their tables: the simulation's
// (sim_params(), defaults SimParams{}) and the look's (render::knobs(), defaults RenderParams{})
// (the overlay's depth is the inspect feature's: features/inspect.hpp). No second copy of any default. The panel's reset buttons and tests call
// the same functions.
#pragma once

#include <string>

#include "knobs.hpp"
#include "params.hpp"
#include "render_params.hpp"

namespace galaxy::app {

bool at_default(const SimParams& params, const ParamInfo& p);
bool at_default(const render::RenderParams& look, const render::Knob& k);
// The default as the panel writes it, for the reset button's tooltip.
std::string default_text(const ParamInfo& p);
std::string default_text(const render::Knob& k);
// Put the default back. A simulation parameter's reset is one more edit of the wanted parameters,
// which the run settings' action carries to the run as a slider's (features/run_settings); the
// look's needs nothing else (the renderer reads it every frame).
void reset_to_default(SimParams& params, const ParamInfo& p);
void reset_to_default(render::RenderParams& look, const render::Knob& k);

}  // namespace galaxy::app
