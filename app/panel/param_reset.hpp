// SPDX-License-Identifier: MIT
// Reset to default for the panel's run and look parameters. The defaults are those of a
// default-made Settings, that is SimParams{} and render::RenderParams{}: no second copy of any
// number. The panel's reset buttons and tests call the same functions.
#pragma once

#include <string>
#include <string_view>

#include "settings.hpp"

namespace galaxy::app {

// Every parameter the panel edits with a slider or a choice that has a default.
enum class Param : int {
  Theta, Alpha, Multipole, Dt, Softening, LeafSize, GroupSize,  // SimParams: the next step
  PointSize, Brightness, Exposure, ExposureKey, Bloom, Stretch, SpeedRange,  // RenderParams
  OctreeDepth,  // the overlay
  Count
};
inline constexpr int kParamCount = static_cast<int>(Param::Count);

std::string_view param_name(Param p);
// True when `s` holds the default value of `p`.
bool at_default(const Settings& s, Param p);
// The default value as the panel writes it, for the reset button's tooltip.
std::string default_text(Param p);
// Puts the default of `p` back into `s` and returns what the slider would have reported for the
// same edit: `params` for a simulation parameter (applied at the next step), `overlay` for the
// octree depth, nothing for the look (the renderer reads it every frame).
Changes reset_to_default(Settings& s, Param p);

}  // namespace galaxy::app
