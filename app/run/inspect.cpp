// SPDX-License-Identifier: MIT
#include "run/inspect.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reference.hpp"

namespace galaxy::app {

namespace {

const char* population_name(std::uint8_t p) {
  switch (static_cast<Population>(p)) {
    case Population::Disk: return "disk";
    case Population::Bulge: return "bulge";
    case Population::Halo: return "halo";
    default: return "star";
  }
}

}  // namespace

Inspected inspect_body(const HostBodies& b, int i, float softening, const Units& u) {
  Inspected out;
  out.galaxy = b.galaxy[i];
  out.speed = std::sqrt(double(b.vx[i]) * b.vx[i] + double(b.vy[i]) * b.vy[i] +
                        double(b.vz[i]) * b.vz[i]);
  const AccelD exact = direct_forces_cpu_sample(b, {i}, softening)[0];
  const double ex = b.ax[i] - exact.ax, ey = b.ay[i] - exact.ay, ez = b.az[i] - exact.az;
  const double norm = std::sqrt(exact.ax * exact.ax + exact.ay * exact.ay + exact.az * exact.az);
  out.force_error = norm > 0 ? std::sqrt(ex * ex + ey * ey + ez * ez) / norm : 0.0;
  // Where the body is and how fast it goes the panel shows live (PickedBody); this is what the
  // click alone finds: its galaxy and component, and its force error then.
  const double v = u.physical() ? u.speed_kms() : 1.0;
  out.text = fmt::format(
      "galaxy {} ({}), {:.3g}{} at the click; force error {:.2e} against the exact sum",
      out.galaxy, population_name(b.population[i]), out.speed * v, u.physical() ? " km/s" : "",
      out.force_error);
  return out;
}

}  // namespace galaxy::app
