// SPDX-License-Identifier: MIT
// The simulation's parameters, each described once. SimParams holds the values; sim_params() is
// the table with one row per field, from which everything else is made: the command line's
// options and their checks, check_params, the .gxy header's fields, the panel's sliders, reset
// buttons and tooltips, and what makes a measurement of the forces stale (same_forces). Adding a
// parameter touches the struct, the table and the code that uses the value.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace galaxy {

// Parameters that may change between steps without reallocation.
// The opening test is physics::open_radius at theta (the largest opening angle) and, where alpha >
// 0, physics::accept_relative at alpha: a cell is accepted when its estimated error is below alpha
// times the body's acceleration. The defaults give p99 relative force errors of 7.0e-4 (Plummer)
// and 8.6e-4 (the collision) at 1M bodies in 2.4 ms a step on an H100 (docs/performance.md);
// alpha = 0 with theta 0.6 is the classic geometric walk at about the same p99.
struct SimParams {
  float theta = 1.0f;  // largest opening angle (physics::open_radius)
  float dt = 0.0125f;
  float softening = 0.05f;
  int multipole = 2;     // cells as monopoles (0), with quadrupoles (2) or octupoles too (3)
  float alpha = 0.004f;  // relative criterion (physics::accept_relative); 0: geometric only
  float alpha_reach = 2.0f;  // beyond this many opening radii the relative test always accepts
  int leaf_size = 16;    // a cell of at most this many bodies is a leaf
  int group_size = 64;   // the walk's groups: bodies that share one walk (at most 128)
  bool operator==(const SimParams&) const = default;
};
inline constexpr int kMaxLeafSize = 64, kMaxGroupSize = 128;

// Where the panel shows a parameter: with the physics, or folded away with the tuning knobs
// (they change the speed, and the relative test's reach also the error's floor at small alpha).
enum class ParamSection { Physics, Tuning };

// How a parameter is kept in a .gxy header (sim/io/gxy.cpp): a little-endian f32 or a u8 at
// `offset`; `flagged` fields were added later and count only where the header's byte 59 is 1.
struct GxyField {
  int offset = 0;
  bool u8 = false;
  bool flagged = false;
  bool zero_is_default = false;  // in bytes that were reserved (zero) before it: 0 reads as unset
};

// One parameter's description: the only place its name, option, range, default and meaning live.
struct ParamInfo {
  std::string_view name;    // the panel's label and the checks' messages ("leaf size")
  std::string_view option;  // the command line's option ("--leaf-size")
  std::string_view help;    // the option's help and the slider's tooltip
  std::variant<float SimParams::*, int SimParams::*> field;
  // Accepted values: v > low (low_open) or v >= low, and v <= high. Where `choices` is not empty,
  // only its values (the panel shows choice_names for them).
  double low = 0, high = 0;
  bool low_open = false;
  std::span<const int> choices = {};
  std::span<const std::string_view> choice_names = {};
  // The panel's slider.
  double slider_low = 0, slider_high = 1;
  bool log_slider = false;
  const char* format = "%.3f";
  ParamSection section = ParamSection::Physics;
  bool forces = true;  // a change alters the computed forces (measurements of them go stale)
  bool swept = false;  // `galaxy bench` takes a list of values (a row each) instead of one
  GxyField gxy;
};

std::span<const ParamInfo> sim_params();
// The row of `name` or of `option` ("theta" or "--theta"); null when there is none.
const ParamInfo* find_param(std::string_view name_or_option);

double get(const SimParams& p, const ParamInfo& info);
void set(SimParams& p, const ParamInfo& info, double value);
bool is_integer(const ParamInfo& info);

// Why `value` is not accepted for `info` ("must be > 0, got -1"), or empty when it is.
std::string check_value(const ParamInfo& info, double value);
// Throws std::invalid_argument naming the first parameter that is not finite or out of range
// ("theta must be > 0, got -1").
void check_params(const SimParams& p);
// True when the forces computed with `a` and with `b` are the same (no parameter with `forces`
// differs).
bool same_forces(const SimParams& a, const SimParams& b);
// A value as the panel and the messages write it ("0.0125", "2").
std::string format_value(const ParamInfo& info, double value);
// Every parameter of `p` as "name = value", comma separated (run and bench headers); with
// `swept` false, those the bench sweeps are left out (its rows name them).
std::string describe(const SimParams& p, bool swept = true);

}  // namespace galaxy
