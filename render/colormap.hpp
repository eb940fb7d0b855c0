// SPDX-License-Identifier: MIT
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
