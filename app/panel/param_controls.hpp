// SPDX-License-Identifier: MIT
// The panel's sliders for the parameter tables (sim/params.hpp, render/knobs.hpp): each row gives
// a slider or a choice with its tooltip and, when off its default, a reset button. A parameter
// added to a table shows here without a line of panel code.
#pragma once

#include "knobs.hpp"
#include "params.hpp"
#include "render_params.hpp"

namespace galaxy::app {

// The simulation parameters of one section (physics, or the folded tuning knobs), edited in
// `params`; true when a slider or a reset button changed them.
bool param_controls(SimParams& params, ParamSection section);
// The look's knobs of `group` that have a slider.
void knob_controls(render::RenderParams& look,
                   render::KnobGroup group = render::KnobGroup::Look);

}  // namespace galaxy::app
