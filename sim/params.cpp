// SPDX-License-Identifier: MIT
#include "params.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace galaxy {

namespace {

constexpr int kOrders[] = {0, 2, 3};
constexpr std::string_view kOrderNames[] = {"monopole", "quadrupole", "octupole"};

// In the order the panel shows them. The .gxy offsets are the header's (docs/snapshots.md).
const ParamInfo kParams[] = {
    {.name = "theta", .option = "--theta",
     .help = "largest opening angle (with alpha 0, the only opening test)",
     .field = &SimParams::theta, .low = 0, .high = 3.0e38, .low_open = true,
     .slider_low = 0.05, .slider_high = 1.5, .format = "%.2f", .swept = true,
     .gxy = {.offset = 40}},
    {.name = "alpha", .option = "--alpha",
     .help = "relative opening test: a cell's estimated error below alpha |a| (0: theta alone)",
     .field = &SimParams::alpha, .low = 0, .high = 3.0e38, .slider_low = 0, .slider_high = 0.05,
     .log_slider = true, .format = "%.4f", .swept = true,
     .gxy = {.offset = 52, .flagged = true}},
    {.name = "reach", .option = "--alpha-reach",
     .help = "relative opening test: a cell farther than this many opening radii is accepted "
             "whatever its estimate (bounds the walk where the field is weak; sets the error's "
             "floor at small alpha)",
     .field = &SimParams::alpha_reach, .low = 1, .high = 64, .slider_low = 1, .slider_high = 8,
     .format = "%.2f", .section = ParamSection::Tuning,
     .gxy = {.offset = 60, .flagged = true, .zero_is_default = true}},
    {.name = "multipoles", .option = "--multipole",
     .help = "cells as monopoles (0), with quadrupoles (2) or with octupoles too (3)",
     .field = &SimParams::multipole, .low = 0, .high = 3, .choices = kOrders,
     .choice_names = kOrderNames, .swept = true,
     .gxy = {.offset = 56, .u8 = true, .flagged = true}},
    {.name = "dt", .option = "--dt", .help = "time step", .field = &SimParams::dt, .low = 0,
     .high = 3.0e38, .low_open = true, .slider_low = 0.0005, .slider_high = 0.05,
     .log_slider = true, .format = "%.4f", .forces = false, .gxy = {.offset = 44}},
    {.name = "softening", .option = "--softening", .help = "Plummer softening length",
     .field = &SimParams::softening, .low = 0, .high = 3.0e38, .slider_low = 0,
     .slider_high = 0.5, .format = "%.3f", .gxy = {.offset = 48}},
    {.name = "leaf size", .option = "--leaf-size",
     .help = "tuning: a cell of at most this many bodies is a leaf",
     .field = &SimParams::leaf_size, .low = 1, .high = kMaxLeafSize, .slider_low = 1,
     .slider_high = kMaxLeafSize, .section = ParamSection::Tuning, .forces = false,
     .gxy = {.offset = 57, .u8 = true, .flagged = true}},
    {.name = "group size", .option = "--group-size",
     .help = "tuning: bodies that share one tree walk (both backends)", .field = &SimParams::group_size,
     .low = 1, .high = kMaxGroupSize, .slider_low = 1, .slider_high = kMaxGroupSize,
     .section = ParamSection::Tuning, .forces = false,
     .gxy = {.offset = 58, .u8 = true, .flagged = true}},
};

}  // namespace

std::span<const ParamInfo> sim_params() { return kParams; }

const ParamInfo* find_param(std::string_view key) {
  for (const ParamInfo& p : kParams) {
    if (p.name == key || p.option == key) return &p;
  }
  return nullptr;
}

double get(const SimParams& p, const ParamInfo& info) {
  return std::visit([&](auto member) { return static_cast<double>(p.*member); }, info.field);
}

void set(SimParams& p, const ParamInfo& info, double value) {
  std::visit(
      [&](auto member) {
        using T = std::remove_reference_t<decltype(p.*member)>;
        p.*member = static_cast<T>(value);
      },
      info.field);
}

bool is_integer(const ParamInfo& info) {
  return std::holds_alternative<int SimParams::*>(info.field);
}

std::string format_value(const ParamInfo& info, double value) {
  if (is_integer(info)) return fmt::format("{}", static_cast<long long>(value));
  return fmt::format("{}", static_cast<float>(value));
}

std::string check_value(const ParamInfo& info, double v) {
  const std::string got = format_value(info, v);
  if (!std::isfinite(v)) return fmt::format("must be a finite number, got {}", got);
  if (!info.choices.empty()) {
    for (int c : info.choices) {
      if (v == c) return {};
    }
    std::string list;
    for (int c : info.choices) list += (list.empty() ? "" : " or ") + std::to_string(c);
    return fmt::format("must be {}, got {}", list, got);
  }
  const bool low_ok = info.low_open ? v > info.low : v >= info.low;
  // A float parameter is stored as a float (the run, the .gxy header): a value that is denormal
  // there passes "> 0" and yet is no step at all (a time step of 1e-40 freezes the clock), and
  // slows every operation on it. The command line refuses those that become 0; files and the
  // panel come through here too.
  if (!is_integer(info) && v != 0 && std::fabs(v) < std::numeric_limits<float>::min()) {
    return fmt::format("must be {}at least {:g} (a smaller float is denormal), got {}",
                       info.low_open ? "" : "0 or ", std::numeric_limits<float>::min(), got);
  }
  if (is_integer(info) && (!low_ok || v > info.high || v != std::floor(v))) {
    return fmt::format("must be {} to {}, got {}", info.low, info.high, got);
  }
  if (!low_ok) return fmt::format("must be {} {}, got {}", info.low_open ? ">" : ">=", info.low, got);
  if (v > info.high) return fmt::format("must be at most {:g}, got {}", info.high, got);
  return {};
}

void check_params(const SimParams& p) {
  for (const ParamInfo& info : kParams) {
    if (std::string why = check_value(info, get(p, info)); !why.empty()) {
      throw std::invalid_argument(fmt::format("{} {}", info.name, why));
    }
  }
}

std::string describe(const SimParams& p, bool swept) {
  std::string out;
  for (const ParamInfo& info : kParams) {
    if (info.swept && !swept) continue;
    out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", info.name, format_value(info, get(p, info)));
  }
  return out;
}

bool same_forces(const SimParams& a, const SimParams& b) {
  for (const ParamInfo& info : kParams) {
    if (info.forces && get(a, info) != get(b, info)) return false;
  }
  return true;
}

}  // namespace galaxy
