// SPDX-License-Identifier: MIT
#include "file_units.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>
#include <vector>

namespace galaxy::io {

namespace {

struct Named {
  std::string_view name;
  double cgs;
};

constexpr double kCmPerPc = kCmPerKpc / 1e3;
constexpr std::array<Named, 7> kLengths{{{"cm", 1},
                                         {"m", 1e2},
                                         {"km", 1e5},
                                         {"au", 1.495978707e13},
                                         {"pc", kCmPerPc},
                                         {"kpc", kCmPerKpc},
                                         {"Mpc", kCmPerKpc * 1e3}}};
constexpr std::array<Named, 3> kMasses{{{"g", 1}, {"kg", 1e3}, {"Msun", kGramsPerMsun}}};
constexpr std::array<Named, 3> kSpeeds{{{"cm/s", 1}, {"m/s", 1e2}, {"km/s", kCmPerKm}}};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// "1e10Msun" against `units`: the factor times the unit in cgs, or a message.
template <std::size_t N>
std::pair<double, std::string> parse_one(std::string_view part, const std::array<Named, N>& units,
                                         const char* what) {
  part = trim(part);
  double factor = 1;
  const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), factor);
  std::string_view name = part;
  if (ec == std::errc() && end != part.data()) {
    name = trim(std::string_view(end, part.data() + part.size() - end));
  } else {
    factor = 1;
  }
  if (!(factor > 0) || !std::isfinite(factor)) {
    return {0, fmt::format("the {} '{}' needs a positive factor", what, part)};
  }
  for (const Named& u : units) {
    if (u.name == name) return {factor * u.cgs, {}};
  }
  std::string known;
  for (const Named& u : units) {
    if (!known.empty()) known += ", ";
    known += u.name;
  }
  return {0, fmt::format("the {} '{}' is not one of {}", what, part, known)};
}

}  // namespace

std::optional<FileUnits> parse_file_units(std::string_view text, std::string* why) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0, comma = 0; comma != text.npos; start = comma + 1) {
    comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == text.npos ? text.npos : comma - start));
  }
  auto fail = [&](std::string message) -> std::optional<FileUnits> {
    if (why) *why = std::move(message);
    return std::nullopt;
  };
  if (parts.size() != 3) {
    return fail("give a length, a mass and a speed unit, comma separated (kpc,1e10Msun,km/s)");
  }
  const auto [length, e1] = parse_one(parts[0], kLengths, "length");
  if (!e1.empty()) return fail(e1);
  const auto [mass, e2] = parse_one(parts[1], kMasses, "mass");
  if (!e2.empty()) return fail(e2);
  const auto [speed, e3] = parse_one(parts[2], kSpeeds, "speed");
  if (!e3.empty()) return fail(e3);
  const FileUnits f{length, mass, speed};
  if (std::string problem = units_problem(f); !problem.empty()) return fail(std::move(problem));
  return f;
}

std::string units_problem(const Units& u) {
  if (!u.physical()) return {};  // no physical scale: nothing is derived
  const bool alone = std::isnormal(u.length_kpc) && u.length_kpc > 0 &&
                     std::isnormal(u.mass_msun) && u.mass_msun > 0;
  if (alone && u.derived_usable()) return {};
  return fmt::format("a length unit of {:.6g} kpc and a mass unit of {:.6g} solar masses give a "
                     "speed unit of {:.6g} km/s and a time unit of {:.6g} Myr (G = 1): each must "
                     "be a finite, positive number", u.length_kpc, u.mass_msun, u.speed_kms(),
                     u.time_myr());
}

std::string units_problem(const FileUnits& f) {
  for (const auto& [name, v] : {std::pair<const char*, double>{"length", f.length_cm},
                                {"mass", f.mass_g}, {"speed", f.velocity_cm_s}}) {
    if (!(std::isnormal(v) && v > 0)) {
      return fmt::format("{}: the {} unit is {:g} (cgs), not a finite positive number",
                         describe(f), name, v);
    }
  }
  const Units u = internal_units(f);
  if (std::string why = units_problem(u); !why.empty()) return describe(f) + ": " + why;
  const double v = velocity_factor(f);
  if (std::isnormal(v) && v > 0) return {};
  return fmt::format("{}: velocities in the file's speed unit would be multiplied by {:g} to be "
                     "in galaxy's (not a finite, positive number)", describe(f), v);
}

Units internal_units(const FileUnits& f) {
  return {f.length_cm / kCmPerKpc, f.mass_g / kGramsPerMsun};
}

double velocity_factor(const FileUnits& f) {
  return f.velocity_cm_s / kCmPerKm / internal_units(f).speed_kms();
}

FileUnits file_units_of(const Units& u) {
  return {u.length_kpc * kCmPerKpc, u.mass_msun * kGramsPerMsun, u.speed_kms() * kCmPerKm};
}

std::string describe(const FileUnits& f) {
  return fmt::format("{:.6g} kpc, {:.6g} Msun, {:.6g} km/s", f.length_cm / kCmPerKpc,
                     f.mass_g / kGramsPerMsun, f.velocity_cm_s / kCmPerKm);
}

}  // namespace galaxy::io
