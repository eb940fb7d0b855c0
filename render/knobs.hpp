// SPDX-License-Identifier: MIT
// The look's knobs, each described once: the field of RenderParams it sets, its range, the
// panel's slider and tooltip, and the shader uniform it feeds. The panel's sliders and reset
// buttons and the renderer's uniforms are made from this table, so a new knob touches the field,
// its row here and the shader that reads it.
#pragma once

#include <glad/gl.h>

#include <span>
#include <string_view>

#include "render_params.hpp"

namespace galaxy::render {

// Where the panel shows a knob: among the look's sliders, or with the trails' controls.
enum class KnobGroup { Look, Trails };

struct Knob {
  std::string_view name;  // the panel's label
  std::string_view help;  // the slider's tooltip
  float RenderParams::*field;
  float low = 0, high = 1;  // the slider's range
  bool log_slider = false;
  const char* format = "%.2f";
  // The uniform the shaders read it as, and the range it is clamped to there; no uniform where
  // the renderer derives something from it (the point size scales with the image height, the
  // brightness with the body count).
  const char* uniform = nullptr;
  float uniform_min = -3.0e38f, uniform_max = 3.0e38f;
  bool in_panel = true;  // false: a setting with a default but no slider
  KnobGroup group = KnobGroup::Look;
};

std::span<const Knob> knobs();
inline float default_value(const Knob& k) { return RenderParams{}.*k.field; }

// Sets every knob uniform that `program` declares from `p`.
void set_knob_uniforms(GLuint program, const RenderParams& p);

}  // namespace galaxy::render
