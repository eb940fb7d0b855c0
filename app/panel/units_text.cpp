// SPDX-License-Identifier: MIT
#include "panel/units_text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace galaxy::app {

std::string number_text(double v) {
  const double a = std::fabs(v);
  if (a == 0 || !std::isfinite(v)) return fmt::format("{}", v);
  if (a >= 1e6 || a < 1e-3) {
    int e = static_cast<int>(std::floor(std::log10(a)));
    double m = std::round(v / std::pow(10.0, e) * 10.0) / 10.0;  // two digits: 1.6e11
    if (std::fabs(m) >= 10.0) {
      m /= 10.0;
      ++e;
    }
    return fmt::format("{:g}e{}", m, e);
  }
  if (a >= 100) return fmt::format("{:.0f}", v);
  return fmt::format("{:.3g}", v);
}

std::string run_line_text(std::size_t bodies, double time, const Units& u) {
  std::string t = fmt::format("N = {}, t = {:.3f}", bodies, time);
  if (u.physical()) {
    const double myr = time * u.time_myr();
    t += std::fabs(myr) < 999.95 ? fmt::format(" ({:.1f} Myr)", myr)
                                 : fmt::format(" ({:.3f} Gyr)", myr * 1e-3);
  }
  return t;
}

std::string length_text(double model, const Units& u) {
  if (!u.physical()) return number_text(model);
  return number_text(model * u.length_kpc) + " kpc";
}

std::string speed_text(double model, const Units& u) {
  if (!u.physical()) return number_text(model);
  return number_text(model * u.speed_kms()) + " km/s";
}

std::string mass_text(double model, const Units& u) {
  if (!u.physical()) return number_text(model);
  return number_text(model * u.mass_msun) + " Msun";
}

std::string run_units_line(std::size_t bodies, double total_mass, const Units& u) {
  if (!u.physical()) return {};
  const std::string total = total_mass > 0 ? ", total " + mass_text(total_mass, u) : "";
  return fmt::format("{} bodies{}, 1 unit = {} kpc, {} km/s, {} Myr", bodies, total,
                     number_text(u.length_kpc), number_text(u.speed_kms()),
                     number_text(u.time_myr()));
}

std::string picked_text(const PickedBody& p, const Units& u) {
  const double scale = u.physical() ? u.length_kpc : 1.0;
  const auto& x = p.position;
  std::string text =
      fmt::format("at ({}, {}, {}){}", number_text(x[0] * scale), number_text(x[1] * scale),
                  number_text(x[2] * scale), u.physical() ? " kpc" : "");
  if (std::isfinite(p.speed)) text += (u.physical() ? ", " : ", speed ") + speed_text(p.speed, u);
  return text;
}

}  // namespace galaxy::app
