// SPDX-License-Identifier: MIT
// How the bodies are drawn: the one place that holds the look's parameters and their defaults.
#pragma once

namespace galaxy::render {

enum class SplatMode { Points, Compute };
// Field draws a body field: the value the simulation writes in place of the speed
// (Simulation::show_field), through FieldMap below.
enum class ColorMode { Auto = 0, Speed = 1, Population = 2, Field = 3 };

// How a body field is drawn: values from `low` to `high` run through the colormap on a log or a
// linear scale; a value the simulation did not compute (sim/body_field_table.hpp's kNotComputed,
// and any negative one on a log scale) is grey. `field` names the field for the app (its index in
// the simulation's table of fields); the renderer only draws the value.
struct FieldMap {
  int field = 1;
  float low = 1e-5f, high = 1e-2f;
  bool log = true;
  bool operator==(const FieldMap&) const = default;
};

// Trails: where a subset of the bodies has been, drawn as lines that fade with age (trails.hpp).
// Not a part of RenderParams: the app's trails feature owns them (app/features/trails.hpp) and
// the renderer reads them from the Trails it draws.
// The bodies followed are every k-th drawn body (never the dark halo), of one galaxy where
// `galaxy` names one, so that at most `bodies` are followed; a trail keeps the newest `length`
// positions, one taken every `every` steps.
struct TrailParams {
  int bodies = 0;      // followed at most; 0: no trails
  int length = 128;    // samples a trail keeps
  int every = 2;       // steps between samples
  int galaxy = -1;     // only this galaxy's bodies (the tag's galaxy, 0..63); -1: every galaxy
  bool operator==(const TrailParams&) const = default;
};
inline constexpr int kMaxTrailBodies = 65536, kMinTrailLength = 8, kMaxTrailLength = 256;

struct RenderParams {
  SplatMode splat = SplatMode::Points;
  ColorMode color = ColorMode::Auto;
  float point_size = 3.0f;    // sprite diameter in pixels at 720 lines, scaled with the height
  float brightness = 1.0f;    // light per body, before the automatic 1/sqrt(N) scaling
  float speed_max = 1.2f;     // speed at the top of the colormap
  float halo_weight = 0.15f;  // relative light of halo bodies when they are shown
  bool hide_halo = true;      // dark matter is invisible in a real galaxy
  FieldMap field;  // the shown body field's look, set from its descriptor when it is chosen
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
  float trail_opacity = 0.6f;  // the newest part of a trail; older parts fade to 0
  bool operator==(const RenderParams&) const = default;
};

}  // namespace galaxy::render
