// SPDX-License-Identifier: MIT
// The hydrodynamics' third stage on the CPU (cpu/hydro.hpp): each gas body's pressure and
// viscous acceleration and du/dt (sph.hpp's formulas), summed over every gas body within the
// larger of the two bodies' smoothing lengths, and the Courant time step from the largest signal
// velocity of its pairs. Each pair's terms are the same from either side, so momentum is
// conserved to rounding.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "cpu/hydro.hpp"
#include "cpu/parallel.hpp"
#include "threads.hpp"

namespace galaxy {

namespace {

struct BodyForce {
  double ax = 0, ay = 0, az = 0, dudt = 0;
  float v_sig = 0;
};

BodyForce force_on(const GasTree& t, const HostBodies& b, const GasState& s, int k,
                   const sph::SphParams& p) {
  const HostBodies& g = t.positions;
  const auto i = static_cast<std::size_t>(t.gas[static_cast<std::size_t>(k)]);
  const float hi = b.h[i], rho_i = b.rho[i];
  BodyForce out;
  out.v_sig = 2.0f * s.c[k];
  for_each_neighbour(t, g.x[k], g.y[k], g.z[k], hi, true,
                     [&](int j, float dx, float dy, float dz, float r2) {
                       if (j == k || r2 == 0) return;
                       const auto jb = static_cast<std::size_t>(t.gas[static_cast<std::size_t>(j)]);
                       const float r = std::sqrt(r2), rinv = 1.0f / r;
                       const float dwi = sph::kernel(r, hi).dw_dr;
                       const float dwj = sph::kernel(r, b.h[jb]).dw_dr;
                       const float vx = s.vx[k] - s.vx[j], vy = s.vy[k] - s.vy[j],
                                   vz = s.vz[k] - s.vz[j];
                       const float w = (vx * dx + vy * dy + vz * dz) * rinv;
                       const sph::Viscosity visc =
                           sph::viscosity(w, s.c[k], s.c[j], 0.5f * (rho_i + b.rho[jb]),
                                          0.5f * (s.balsara[k] + s.balsara[j]), p.alpha);
                       out.v_sig = std::max(out.v_sig, visc.v_sig);
                       const float dw_mean = 0.5f * (dwi + dwj);
                       const float mj = g.m[j];
                       // a_i = -sum_j m_j (P_i/(O_i rho_i^2) grad W(h_i) + P_j/(O_j rho_j^2)
                       //        grad W(h_j) + Pi_ij mean grad W), grad W = dW/dr r_ij / r
                       const float scalar =
                           mj * (s.p_over_rho2[k] * dwi + s.p_over_rho2[j] * dwj +
                                 visc.pi * dw_mean) * rinv;
                       out.ax -= double(scalar) * dx;
                       out.ay -= double(scalar) * dy;
                       out.az -= double(scalar) * dz;
                       out.dudt += double(mj) * w *
                                   (s.p_over_rho2[k] * dwi + 0.5f * visc.pi * dw_mean);
                     });
  return out;
}

}  // namespace

namespace cpu {

float sph_forces(const GasTree& t, HostBodies& b, const GasState& s, const sph::SphParams& p) {
  std::vector<float> thread_dt(static_cast<std::size_t>(cpu_threads()),
                               std::numeric_limits<float>::infinity());
  parallel_for(t.size(), 64, [&](std::size_t begin, std::size_t end, int thread) {
    float dt = thread_dt[static_cast<std::size_t>(thread)];
    for (std::size_t k = begin; k < end; ++k) {
      const BodyForce f = force_on(t, b, s, static_cast<int>(k), p);
      const auto i = static_cast<std::size_t>(t.gas[k]);
      b.ax[i] += static_cast<float>(f.ax);
      b.ay[i] += static_cast<float>(f.ay);
      b.az[i] += static_cast<float>(f.az);
      b.dudt[i] = static_cast<float>(f.dudt);
      if (f.v_sig > 0) dt = std::min(dt, p.courant * b.h[i] / f.v_sig);
    }
    thread_dt[static_cast<std::size_t>(thread)] = dt;
  });
  return *std::min_element(thread_dt.begin(), thread_dt.end());
}

}  // namespace cpu

}  // namespace galaxy
