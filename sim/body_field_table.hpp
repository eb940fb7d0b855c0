// SPDX-License-Identifier: MIT
// Body fields: per-body quantities the picture can be coloured by (the speed, each body's force
// error, its walk's cost), each described once. A field's descriptor (BodyFieldInfo, one row of
// body_fields()) says everything the app needs: its name in the panel, its --colour-map name,
// its legend, its default range and scale, and when its values go stale. How each backend
// computes it is the backend's: CpuSimulation::compute_field (cpu/cpu_field_values.cpp) and
// CudaBackend::compute_field (cuda/cuda_field_values.cu); BodyFields::show_field draws it.
//
// Adding a field: a value in BodyField, a row in body_field_table.cpp, a case in each backend's
// compute_field. The panel's colour choice, --colour-map, the legend and the renderer follow the
// table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace galaxy {

enum class BodyField { Speed = 0, ForceError, WalkCost };

enum class FieldScale { Linear, Log };

// When a field's shown values go stale, and so when the app computes them again.
enum class FieldRefresh {
  Live,       // drawn by the vertex writers from the bodies every frame (the speed)
  OnChange,   // when turned on, on the panel's "recompute" button, and after a change of theta,
              // alpha, the multipole order or the solver has reached the forces (the force error)
  EachStep,   // after each step, at most five times a second (the walk cost)
};

struct BodyFieldInfo {
  BodyField field;
  std::string_view name;      // in the panel's colour choice and the info line
  std::string_view cli_name;  // --colour-map NAME
  std::string_view legend;    // the legend above the colour bar: what a value is, with its unit
  std::string_view unit;      // after the numbers of the info line ("" for none)
  float low, high;            // the default range of the colour bar
  float min, max;             // how far the panel's range sliders go
  FieldScale scale;
  const char* format;  // printf format of a value: the range sliders and the info line
  FieldRefresh refresh;
  bool sampled;  // the backend may compute a sample only (its pair budget; the rest drawn grey)
};

// Every field, by BodyField value (an array, not a span: the CUDA files include this header as
// C++17).
inline constexpr std::size_t kBodyFieldCount = 3;
const std::array<BodyFieldInfo, kBodyFieldCount>& body_fields();
const BodyFieldInfo& field_info(BodyField f);
// The field whose cli_name is `name`, or null.
const BodyFieldInfo* find_field(std::string_view cli_name);
// "speed|error|cost": the --colour-map choices.
std::string field_cli_names(std::string_view separator = "|");

// What show_field computed: statistics over the bodies it computed (not-computed bodies left
// out). The median as median.hpp's (the mean of the middle two for an even count, as the accuracy
// meter's), the p99 as quantile_sorted (element floor(0.99 count) of the sorted values).
struct FieldStats {
  BodyField field = BodyField::Speed;
  std::size_t count = 0;   // bodies computed
  std::size_t bodies = 0;  // bodies in the run
  double total = 0, mean = 0, median = 0, p99 = 0, max = 0;
  double seconds = 0;  // what computing it took
};

// Statistics of values by body, NaN where not computed: the host's computation, which the CUDA
// backend makes on the device.
FieldStats field_stats(BodyField f, const std::vector<float>& values);

// A body whose value was not computed is written into the vertices as this value, which the
// shader draws grey (shaders/common.glsl: a GPU compiler may assume no NaN reaches it).
inline constexpr float kNotComputed = -std::numeric_limits<float>::max();
inline float drawable(float v) { return std::isfinite(v) ? v : kNotComputed; }

// Bodies a sampled field computes at n bodies within a budget of `pairs` pair interactions (all
// of them when it allows): each backend has its own budget.
std::size_t sample_size(double pairs, std::size_t n);

}  // namespace galaxy
