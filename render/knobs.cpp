// SPDX-License-Identifier: MIT
#include "knobs.hpp"

#include <algorithm>

namespace galaxy::render {

namespace {

// In the order the panel shows them.
const Knob kKnobs[] = {
    {.name = "point size", .help = "sprite diameter in pixels at 720 lines (scaled with the height)",
     .field = &RenderParams::point_size, .low = 0.5f, .high = 12.0f, .format = "%.1f px at 720p"},
    {.name = "brightness", .help = "light per body, before the automatic 1/sqrt(N) scaling",
     .field = &RenderParams::brightness, .low = 0.05f, .high = 20.0f, .log_slider = true},
    {.name = "exposure", .help = "multiplies the automatic exposure (alone when that is off)",
     .field = &RenderParams::exposure, .low = 0.05f, .high = 20.0f, .log_slider = true,
     .uniform = "u_exposure"},
    {.name = "key", .help = "automatic exposure: where the mean log luminance of lit pixels goes",
     .field = &RenderParams::exposure_key, .low = 0.005f, .high = 0.5f, .log_slider = true,
     .format = "%.3f", .uniform = "u_key", .uniform_min = 1e-6f},
    {.name = "bloom", .help = "glow of light above the threshold (0: off)",
     .field = &RenderParams::bloom_strength, .low = 0.0f, .high = 1.0f,
     .uniform = "u_bloom_strength", .uniform_min = 0.0f},
    {.name = "stretch", .help = "asinh tone curve: larger lifts faint light more",
     .field = &RenderParams::stretch, .low = 1.0f, .high = 200.0f, .log_slider = true,
     .format = "%.0f", .uniform = "u_stretch"},
    {.name = "speed range", .help = "speed at the top of the colour map",
     .field = &RenderParams::speed_max, .low = 0.05f, .high = 5.0f, .uniform = "u_speed_max",
     .uniform_min = 1e-6f},
    {.name = "halo weight", .help = "relative light of halo bodies when they are shown",
     .field = &RenderParams::halo_weight, .uniform = "u_halo_weight", .in_panel = false},
    {.name = "exposure adapt", .help = "how far the automatic exposure moves a frame (1: at once)",
     .field = &RenderParams::exposure_adapt, .uniform = "u_adapt", .uniform_min = 0.0f,
     .uniform_max = 1.0f, .in_panel = false},
    {.name = "bloom threshold", .help = "exposed luminance above which light glows",
     .field = &RenderParams::bloom_threshold, .uniform = "u_threshold", .uniform_min = 1e-6f,
     .in_panel = false},
    {.name = "trail opacity", .help = "opacity of a trail's newest part; older parts fade to 0",
     .field = &RenderParams::trail_opacity, .uniform = "u_trail_opacity", .uniform_min = 0.0f,
     .uniform_max = 1.0f, .group = KnobGroup::Trails},
};

}  // namespace

std::span<const Knob> knobs() { return kKnobs; }

void set_knob_uniforms(GLuint program, const RenderParams& p) {
  for (const Knob& k : kKnobs) {
    if (!k.uniform) continue;
    const GLint at = glGetUniformLocation(program, k.uniform);
    if (at >= 0) glProgramUniform1f(program, at, std::clamp(p.*k.field, k.uniform_min, k.uniform_max));
  }
}

}  // namespace galaxy::render
