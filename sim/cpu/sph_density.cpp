// SPDX-License-Identifier: MIT
// The hydrodynamics' second stage on the CPU (cpu/hydro.hpp): each gas body's smoothing length h,
// solved so that (4 pi / 3) h^3 rho = N_ngb m (sph.hpp), its density and grad-h term, and from the
// predicted velocities the divergence and curl that Balsara's switch weighs. h is found by Newton
// iterations on that equation, kept inside a bracket that bisection narrows where a Newton step
// would leave it; each iteration is one neighbour walk of the gas tree.
#include <cmath>
#include <stdexcept>
#include <string>

#include "cpu/hydro.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

namespace {

constexpr float kFourPiOver3 = 4.18879020478639f;
// |(4 pi / 3) h^3 rho - N_ngb m| below this fraction of N_ngb m: the neighbour count within
// 0.0064 of 64, so that h (and every sum of the pass) is a smooth function of the positions.
constexpr float kTolerance = 1e-4f;
constexpr int kMaxIterations = 60;

struct DensitySums {
  double rho = 0, drho_dh = 0;
};

DensitySums density_at(const GasTree& t, int k, float h) {
  const HostBodies& g = t.positions;
  DensitySums s;
  for_each_neighbour(t, g.x[k], g.y[k], g.z[k], h, false,
                     [&](int j, float, float, float, float r2) {
                       const sph::KernelValue w = sph::kernel(std::sqrt(r2), h);
                       s.rho += double(g.m[j]) * w.w;
                       s.drho_dh += double(g.m[j]) * w.dw_dh;
                     });
  return s;
}

// The first guess where a body has no h yet: the sphere that would hold N_ngb bodies were the
// gas spread evenly through the tree's root cube.
float first_guess(const GasTree& t, const sph::SphParams& p) {
  const double v = std::pow(double(t.tree.root_size()), 3);
  return static_cast<float>(std::cbrt(v * p.neighbours / (kFourPiOver3 * double(t.size()))));
}

// Solves body k's h from `h`; returns h and its sums. Throws naming body `index` on failure.
float solve_h(const GasTree& t, int k, float h, const sph::SphParams& p, DensitySums& s,
              std::int32_t index) {
  const double target = double(p.neighbours) * t.positions.m[k];
  double lo = 0, hi = INFINITY;
  for (int it = 0; it < kMaxIterations; ++it) {
    s = density_at(t, k, h);
    const double h3 = double(h) * h * h;
    const double f = kFourPiOver3 * h3 * s.rho - target;
    if (std::fabs(f) <= kTolerance * target) return h;
    (f < 0 ? lo : hi) = h;
    const double df = 3 * kFourPiOver3 * h * h * s.rho + kFourPiOver3 * h3 * s.drho_dh;
    double next = df > 0 ? h - f / df : -1;
    if (!(next > lo && next < hi)) {
      next = std::isinf(hi) ? 1.5 * h : lo > 0 ? 0.5 * (lo + hi) : 0.7 * h;
    }
    h = static_cast<float>(next);
    if (!(h > 0) || !std::isfinite(h)) break;
  }
  throw std::runtime_error("gas body " + std::to_string(index) +
                           ": its smoothing length did not converge (" +
                           std::to_string(kMaxIterations) + " iterations, last h " +
                           std::to_string(h) + ")");
}

// div v and |curl v| at body k from the predicted velocities (GADGET-2's estimates).
void velocity_derivatives(const GasTree& t, const GasState& s, int k, float h, float rho_omega,
                          float& div_v, float& curl_v) {
  const HostBodies& g = t.positions;
  double div = 0, cx = 0, cy = 0, cz = 0;
  for_each_neighbour(t, g.x[k], g.y[k], g.z[k], h, false,
                     [&](int j, float dx, float dy, float dz, float r2) {
                       if (j == k || r2 == 0) return;
                       const float r = std::sqrt(r2);
                       const float gw = sph::kernel(r, h).dw_dr / r * g.m[j];
                       const float vx = s.vx[k] - s.vx[j], vy = s.vy[k] - s.vy[j],
                                   vz = s.vz[k] - s.vz[j];
                       div -= double(gw) * (vx * dx + vy * dy + vz * dz);
                       cx += double(gw) * (vz * dy - vy * dz);
                       cy += double(gw) * (vx * dz - vz * dx);
                       cz += double(gw) * (vy * dx - vx * dy);
                     });
  div_v = static_cast<float>(div / rho_omega);
  curl_v = static_cast<float>(std::sqrt(cx * cx + cy * cy + cz * cz) / rho_omega);
}

}  // namespace

void GasState::resize(std::size_t n) {
  for (auto* v : {&omega, &balsara, &c, &p_over_rho2, &vx, &vy, &vz, &u}) v->assign(n, 0.0f);
}

namespace cpu {

void sph_density(const GasTree& t, HostBodies& b, GasState& s, const sph::SphParams& p) {
  const float guess = first_guess(t, p);
  parallel_for(t.size(), 64, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t k = begin; k < end; ++k) {
      const auto i = static_cast<std::size_t>(t.gas[k]);
      const int kk = static_cast<int>(k);
      DensitySums sums;
      const float h = solve_h(t, kk, b.h[i] > 0 ? b.h[i] : guess, p, sums, t.gas[k]);
      const float rho = static_cast<float>(sums.rho);
      const float omega = static_cast<float>(1.0 + h / (3.0 * sums.rho) * sums.drho_dh);
      b.h[i] = h, b.rho[i] = rho;
      s.omega[k] = omega;
      s.c[k] = sph::sound_speed(s.u[k], p.gamma);
      s.p_over_rho2[k] = sph::pressure(rho, s.u[k], p.gamma) / (omega * rho * rho);
    }
  });
  // The velocity derivatives need every h: the symmetric walks of the force stage read them too.
  parallel_for(t.size(), 64, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t k = begin; k < end; ++k) {
      const auto i = static_cast<std::size_t>(t.gas[k]);
      float div_v = 0, curl_v = 0;
      velocity_derivatives(t, s, static_cast<int>(k), b.h[i], s.omega[k] * b.rho[i], div_v,
                           curl_v);
      s.balsara[k] = sph::balsara(div_v, curl_v, s.c[k], b.h[i]);
    }
  });
}

}  // namespace cpu

}  // namespace galaxy
