// SPDX-License-Identifier: MIT
#include "bodies.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace galaxy {

void HostBodies::resize(std::size_t n) {
  for (auto* v : {&x, &y, &z, &vx, &vy, &vz, &m, &ax, &ay, &az, &pot}) v->resize(n, 0.0f);
  population.resize(n, static_cast<std::uint8_t>(Population::Star));
  galaxy.resize(n, 0);
}

void rotate_and_shift(HostBodies& b, std::size_t begin, std::size_t end,
                      const std::array<double, 3>& k, double angle,
                      const std::array<double, 3>& dx, const std::array<double, 3>& dv) {
  const double c = std::cos(angle), s = std::sin(angle);
  auto rotate = [&](float& x, float& y, float& z) {
    const double px = x, py = y, pz = z;
    const double kdotp = k[0] * px + k[1] * py + k[2] * pz;
    const double kxp[3] = {k[1] * pz - k[2] * py, k[2] * px - k[0] * pz, k[0] * py - k[1] * px};
    x = static_cast<float>(px * c + kxp[0] * s + k[0] * kdotp * (1 - c));
    y = static_cast<float>(py * c + kxp[1] * s + k[1] * kdotp * (1 - c));
    z = static_cast<float>(pz * c + kxp[2] * s + k[2] * kdotp * (1 - c));
  };
  for (std::size_t i = begin; i < end; ++i) {
    rotate(b.x[i], b.y[i], b.z[i]);
    rotate(b.vx[i], b.vy[i], b.vz[i]);
    b.x[i] += static_cast<float>(dx[0]);
    b.y[i] += static_cast<float>(dx[1]);
    b.z[i] += static_cast<float>(dx[2]);
    b.vx[i] += static_cast<float>(dv[0]);
    b.vy[i] += static_cast<float>(dv[1]);
    b.vz[i] += static_cast<float>(dv[2]);
  }
}

void append(HostBodies& to, const HostBodies& from) {
  for (auto member : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx,
                      &HostBodies::vy, &HostBodies::vz, &HostBodies::m, &HostBodies::ax,
                      &HostBodies::ay, &HostBodies::az, &HostBodies::pot}) {
    (to.*member).insert((to.*member).end(), (from.*member).begin(), (from.*member).end());
  }
  for (auto member : {&HostBodies::population, &HostBodies::galaxy}) {
    (to.*member).insert((to.*member).end(), (from.*member).begin(), (from.*member).end());
  }
}

void centre_at_rest(HostBodies& b) {
  const std::size_t begin = 0, end = b.size();
  double m = 0, c[6] = {0, 0, 0, 0, 0, 0};
  std::vector<float>* arrays[6] = {&b.x, &b.y, &b.z, &b.vx, &b.vy, &b.vz};
  for (std::size_t i = begin; i < end; ++i) {
    for (int k = 0; k < 6; ++k) c[k] += static_cast<double>(b.m[i]) * (*arrays[k])[i];
    m += b.m[i];
  }
  if (!(m > 0)) return;
  for (int k = 0; k < 6; ++k) {
    const auto shift = static_cast<float>(c[k] / m);
    for (std::size_t i = begin; i < end; ++i) (*arrays[k])[i] -= shift;
  }
}

void validate(const HostBodies& b) {
  const std::size_t n = b.size();
  for (const auto* v : {&b.y, &b.z, &b.vx, &b.vy, &b.vz, &b.m}) {
    if (v->size() != n) throw std::invalid_argument("bodies: array lengths disagree");
  }
  struct Field {
    const char* name;
    const std::vector<float>* v;
  };
  const Field fields[] = {{"x", &b.x},   {"y", &b.y},   {"z", &b.z}, {"vx", &b.vx},
                          {"vy", &b.vy}, {"vz", &b.vz}, {"m", &b.m}};
  for (std::size_t i = 0; i < n; ++i) {
    for (const auto& f : fields) {
      const float value = (*f.v)[i];
      if (!std::isfinite(value)) {
        throw std::invalid_argument("body " + std::to_string(i) + ": " + f.name + " is " +
                                    (std::isnan(value) ? "NaN" : "infinite"));
      }
    }
    if (b.m[i] < 0.0f) {
      throw std::invalid_argument("body " + std::to_string(i) + ": negative mass " +
                                  std::to_string(b.m[i]));
    }
  }
}

}  // namespace galaxy
