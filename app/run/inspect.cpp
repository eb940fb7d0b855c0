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

Inspected inspect_body(const ExactSample& e, std::size_t k, const Units& u) {
  const HostBodies& b = e.bodies;
  Inspected out;
  out.galaxy = b.galaxy[k];
  out.speed =
      std::sqrt(double(b.vx[k]) * b.vx[k] + double(b.vy[k]) * b.vy[k] + double(b.vz[k]) * b.vz[k]);
  const AccelD& exact = e.exact[k];
  const double ex = b.ax[k] - exact.ax, ey = b.ay[k] - exact.ay, ez = b.az[k] - exact.az;
  const double norm = std::sqrt(exact.ax * exact.ax + exact.ay * exact.ay + exact.az * exact.az);
  out.force_error = norm > 0 ? std::sqrt(ex * ex + ey * ey + ez * ez) / norm : 0.0;
  // Where the body is and how fast it goes the panel shows live (PickedBody); this is what the
  // click alone finds: its galaxy and component, and its force error then.
  const double v = u.physical() ? u.speed_kms() : 1.0;
  out.text =
      fmt::format("galaxy {} ({}), {:.3g}{} at the click; force error {:.2e} against the exact sum",
                  out.galaxy, population_name(b.population[k]), out.speed * v,
                  u.physical() ? " km/s" : "", out.force_error);
  return out;
}

Inspected inspect_body(const HostBodies& b, int i, float softening, const Units& u) {
  const std::vector<int> one{i};
  return inspect_body(ExactSample{subset(b, one), direct_forces_cpu_sample(b, one, softening)}, 0,
                      u);
}

}  // namespace galaxy::app
