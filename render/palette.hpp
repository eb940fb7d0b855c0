// SPDX-License-Identifier: MIT
// The palette the picture is coloured by: the renderer bakes it into its 1D texture (the speed and
// the body fields run through it in shaders/common.glsl) and the panel's colour bar draws it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace galaxy::render {

// The inferno colormap at t in [0, 1], from Matt Zucconi's published degree-6 polynomial fit
// (CC0), clamped to [0, 1]. Perceptually ordered: dark purple (slow) to pale yellow (fast).
std::array<float, 3> inferno(float t);

// `n` RGBA8 texels of inferno, baked into the renderer's 1D colormap texture.
std::vector<std::uint8_t> inferno_table(int n);

}  // namespace galaxy::render
