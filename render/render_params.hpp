// SPDX-License-Identifier: MIT
// How the bodies are drawn: the one place that holds the look's parameters and their defaults.
#pragma once

namespace galaxy::render {

enum class SplatMode { Points, Compute };
// ErrorMap and CostMap draw the value the simulation writes in place of the speed
// (Simulation::set_vertex_values): each body's force error, or its walk's interactions.
enum class ColorMode { Auto = 0, Speed = 1, Population = 2, ErrorMap = 3, CostMap = 4 };

// A colour map's range: values from `low` to `high` run through the colormap on a log scale.
struct MapRange {
  float low, high;
  bool operator==(const MapRange&) const = default;
};

struct RenderParams {
  SplatMode splat = SplatMode::Points;
  ColorMode color = ColorMode::Auto;
  float point_size = 3.0f;    // sprite diameter in pixels at 720 lines, scaled with the height
  float brightness = 1.0f;    // light per body, before the automatic 1/sqrt(N) scaling
  float speed_max = 1.2f;     // speed at the top of the colormap
  float halo_weight = 0.15f;  // relative light of halo bodies when they are shown
  bool hide_halo = true;      // dark matter is invisible in a real galaxy
  // The colour maps' ranges: relative force errors (the meter's p99 at the defaults is ~1e-3),
  // and interactions a body (about 1,500 at the defaults at 1M, tens of thousands at small θ).
  MapRange error_range{1e-5f, 1e-2f};
  MapRange cost_range{1e2f, 3e4f};
  // Exposure: the automatic factor puts the mean log luminance of the lit pixels (half by area,
  // half by light: shaders/exposure.comp) at `exposure_key`, moving `exposure_adapt` of the way
  // per frame (1: at once; the first frame with light always snaps); `exposure` multiplies it
  // (alone when `auto_exposure` is off).
  float exposure = 1.0f;
  bool auto_exposure = true;
  float exposure_key = 0.07f;
  float exposure_adapt = 0.1f;
  // Bloom: light above `bloom_threshold` (exposed luminance, 1 = white) glows, added with
  // `bloom_strength` (0: off).
  float bloom_strength = 0.2f;
  float bloom_threshold = 1.0f;
  // Tone curve: asinh stretch of the exposed luminance; larger lifts faint light more.
  float stretch = 20.0f;
  bool operator==(const RenderParams&) const = default;
};

}  // namespace galaxy::render
