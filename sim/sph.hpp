// SPDX-License-Identifier: MIT
// Smoothed particle hydrodynamics: the formulas both backends evaluate, once (as physics.hpp is
// gravity's). The scheme is GADGET-2's (Springel 2005, sections 2-3), in its energy form:
//   - the density of gas body i from its neighbours within its support radius h_i (the kernel
//     reaches zero there), rho_i = sum_j m_j W(r_ij, h_i), self included, with h_i solved so that
//     (4 pi / 3) h_i^3 rho_i = N_ngb m_i (SphParams::neighbours);
//   - the pressure force in the symmetric form with the "grad-h" terms Omega_i (Springel &
//     Hernquist 2002), so that momentum is conserved pair by pair;
//   - Monaghan's (1997) artificial viscosity in its signal-velocity form, with Balsara's (1995)
//     switch, so that shear flows (a rotating disk) are not damped;
//   - the internal energy equation, an ideal gas of gamma = 5/3 (P = (gamma - 1) rho u), and a
//     floor on u (the temperature floor, in the run's units);
//   - the Courant condition dt_i = C h_i / v_sig,i (C = SphParams::courant).
// The kernel is Wendland's C2 (Dehnen & Aly 2012): smooth, positive in Fourier space, so no
// pairing instability at 64 neighbours.
#pragma once

#include <cmath>

#include "host_device.hpp"

namespace galaxy::sph {

// The gas physics' parameters.
struct SphParams {
  float gamma = 5.0f / 3.0f;  // adiabatic index of the ideal gas
  float neighbours = 64;      // N_ngb: the kernel-weighted neighbour count h is solved for
  float courant = 0.3f;       // the Courant factor C
  float alpha = 1.0f;         // the artificial viscosity's strength
  float u_floor = 0;          // the internal energy floor (the temperature floor); 0: none
  bool operator==(const SphParams&) const = default;
};

// Wendland C2 in three dimensions, support h: W = 21 / (2 pi h^3) (1 - q)^4 (1 + 4 q), q = r / h.
inline constexpr float kWendlandNorm = 21.0f / (2.0f * 3.14159265358979f);

struct KernelValue {
  float w;      // W(r, h)
  float dw_dr;  // dW/dr (<= 0)
  float dw_dh;  // dW/dh at fixed r
};

GALAXY_HD KernelValue kernel(float r, float h) {
  const float hinv = 1.0f / h, q = r * hinv;
  if (q >= 1.0f) return {0.0f, 0.0f, 0.0f};
  const float h3inv = kWendlandNorm * hinv * hinv * hinv;
  const float t = 1.0f - q, t3 = t * t * t;
  const float w = t3 * t * (1.0f + 4.0f * q);  // (1 - q)^4 (1 + 4 q)
  const float dw_dq = -20.0f * q * t3;
  return {h3inv * w, h3inv * hinv * dw_dq, -h3inv * hinv * (3.0f * w + q * dw_dq)};
}

// The ideal gas.
GALAXY_HD float pressure(float rho, float u, float gamma) { return (gamma - 1.0f) * rho * u; }
GALAXY_HD float sound_speed(float u, float gamma) {
  return sqrtf(fmaxf(gamma * (gamma - 1.0f) * u, 0.0f));
}

// Balsara's switch: near 1 in a shock (compression), near 0 in a shear flow.
GALAXY_HD float balsara(float div_v, float curl_v, float c, float h) {
  const float d = fabsf(div_v);
  return d / fmaxf(d + curl_v + 1e-4f * c / h, 1e-30f);  // 0 in still, cold gas
}

// The viscosity of an approaching pair (w = v_ij . r_ij / r_ij < 0; zero otherwise): Pi_ij and the
// pair's signal velocity v_sig = c_i + c_j - 3 w (c_i + c_j for a receding pair).
struct Viscosity {
  float pi, v_sig;
};
GALAXY_HD Viscosity viscosity(float w, float ci, float cj, float rho_mean, float balsara_mean,
                              float alpha) {
  const float wm = fminf(w, 0.0f);
  const float v_sig = ci + cj - 3.0f * wm;
  return {-0.5f * alpha * v_sig * wm / rho_mean * balsara_mean, v_sig};
}

}  // namespace galaxy::sph
