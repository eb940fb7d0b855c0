// SPDX-License-Identifier: MIT
#include "panel/param_reset.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace galaxy::app {

namespace {

// Calls f(field of s, its default) for parameter p. The defaults come from a default-made
// Settings, whose members are SimParams{} and render::RenderParams{}.
template <class S, class F>
decltype(auto) with_field(S& s, Param p, F&& f) {
  static const Settings d{};
  switch (p) {
    case Param::Theta: return f(s.params.theta, d.params.theta);
    case Param::Alpha: return f(s.params.alpha, d.params.alpha);
    case Param::Multipole: return f(s.params.multipole, d.params.multipole);
    case Param::Dt: return f(s.params.dt, d.params.dt);
    case Param::Softening: return f(s.params.softening, d.params.softening);
    case Param::LeafSize: return f(s.params.leaf_size, d.params.leaf_size);
    case Param::GroupSize: return f(s.params.group_size, d.params.group_size);
    case Param::PointSize: return f(s.render.point_size, d.render.point_size);
    case Param::Brightness: return f(s.render.brightness, d.render.brightness);
    case Param::Exposure: return f(s.render.exposure, d.render.exposure);
    case Param::ExposureKey: return f(s.render.exposure_key, d.render.exposure_key);
    case Param::Bloom: return f(s.render.bloom_strength, d.render.bloom_strength);
    case Param::Stretch: return f(s.render.stretch, d.render.stretch);
    case Param::SpeedRange: return f(s.render.speed_max, d.render.speed_max);
    case Param::OctreeDepth: return f(s.octree_depth, d.octree_depth);
    case Param::Count: break;
  }
  throw std::invalid_argument(fmt::format("no parameter number {}", static_cast<int>(p)));
}

bool simulation_param(Param p) {
  return static_cast<int>(p) <= static_cast<int>(Param::GroupSize);
}

}  // namespace

std::string_view param_name(Param p) {
  static constexpr std::string_view names[kParamCount] = {
      "theta",      "alpha",      "multipoles", "dt",      "softening",
      "leaf size",  "group size", "point size", "brightness", "exposure",
      "key",        "bloom",      "stretch",    "speed range", "octree depth"};
  const int k = static_cast<int>(p);
  return k >= 0 && k < kParamCount ? names[k] : "?";
}

bool at_default(const Settings& s, Param p) {
  return with_field(s, p, [](const auto& value, const auto& def) { return value == def; });
}

std::string default_text(Param p) {
  Settings s;
  return with_field(s, p, [](const auto&, const auto& def) { return fmt::format("{}", def); });
}

Changes reset_to_default(Settings& s, Param p) {
  with_field(s, p, [](auto& value, const auto& def) { value = def; });
  Changes c;
  if (simulation_param(p)) c.params = true;
  if (p == Param::OctreeDepth) c.overlay = true;
  return c;
}

}  // namespace galaxy::app
