// SPDX-License-Identifier: MIT
// The group expansion: the pull of a far cell on a whole walk group as one Taylor series about
// the group's centre, instead of one multipole evaluation per body. The GPU walk (cuda/force.cu)
// sums the series of all such cells over the warp (20 numbers) and evaluates it once per body at
// the end: a cell taken this way costs about one body's evaluation instead of a group's (64).
//
// For a body at offset x from the centre, the acceleration to second order in x is
//   a(x) = A + B x + C x x / 2,   and the potential P - A.x - x.B.x / 2,
// with A and P the cell's pull at the centre (monopole and quadrupole, physics.hpp's
// interact_quadrupole) and B, C its derivatives; for a softened point mass m at offset
// D from the centre, R^2 = D^2 + eps^2,
//   B_ij = 3 m D_i D_j / R^5 - m delta_ij / R^3,
//   C_ijk = 15 m D_i D_j D_k / R^7 - 3 m (delta_ij D_k + delta_ik D_j + delta_jk D_i) / R^5.
// B carries the quadrupole's first order too (its gradient: expansion_basis), so what is left out
// is about m r^3 / R^5 (the monopole's third order, r the group's radius) and T r^2 / R^6 (the
// quadrupole's second order, T its second moment's trace); a cell the opening test accepted goes
// into the expansion when that is small against both the relative test's tolerance and the
// cell's own multipole error (into_expansion). The two shares were measured (git log):
// at 1M Plummer bodies the step took 14% less at the defaults (3.47 against 4.02 ms) and 18-21%
// less at theta 0.3 and 0.5, for p99 errors 1-2% larger; at 10M 21% less. The quadrupole's
// gradient in B, which left the first-order T r / R^5 out before, took 1M from 3.19 to 2.99 ms
// and 10M from 25.3 to 23.1 (the collision) for the same errors: more cells are far enough.
#pragma once

#include <type_traits>
#include <utility>

#include "physics.hpp"

namespace galaxy::physics {

inline constexpr float kExpansionShare = 0.005f, kExpansionKappa = 0.1f;
// The quadrupole's weight in the estimate against the monopole's. Along the axis the two
// remainders are 4 m r^3 / R^5 and 30 T r^2 / R^6, but weights of 0, 1, 2.5 and 7.5 gave the same
// p99 and largest errors to 1% at every setting measured at 1M and 10M bodies, each step the
// shorter the smaller the weight (git log); 1 keeps the term, for 1-2% against 0.
inline constexpr float kExpansionQuadrupole = 1.0f;

// Walks over fewer bodies than this (a run's, or a rank's own) take no expansion: on an H100 the
// walk with it compiled in took 4% longer at 100k bodies, where few cells are far enough, and
// broke even at 300k (git log).
inline constexpr long kExpansionMinBodies = 500000;
GALAXY_HD bool expansion_on(long bodies) { return bodies >= kExpansionMinBodies; }

// The terms in order: P; A x, y, z; B xx, yy, zz, xy, xz, yz; C xxx, yyy, zzz, xxy, xxz, xyy,
// yyz, xzz, yzz, xyz.
inline constexpr int kExpansionTerms = 20;

// Whether an accepted cell (mass m, second-moment trace T, extent b as physics::accept takes it,
// squared distance dist2 from the group's centre to its centre of mass) goes into the expansion
// of a group of radius r: its error, about (m r^3 + kExpansionQuadrupole T r^2 / R) / R^5, must be
// within kExpansionShare of the relative test's alpha |a| (alpha_accel; 0: the relative test is
// off, and so is this) and within kExpansionKappa of the cell's own multipole error, about
// m b^3 / R^5 (so that a smaller theta, which makes the cells' errors smaller, makes the
// expansion's smaller too).
// R^5 times the estimate, inv_d = 1 / R.
GALAXY_HD float expansion_error_r5(float m, float trace, float r, float inv_d) {
  return (m * r + kExpansionQuadrupole * trace * inv_d) * r * r;
}
GALAXY_HD float expansion_error(float m, float trace, float r, float dist2) {
  const float inv2 = 1.0f / dist2, inv_d = sqrtf(inv2);
  return expansion_error_r5(m, trace, r, inv_d) * inv2 * inv2 * inv_d;
}
GALAXY_HD bool into_expansion(float m, float trace, float extent, float r, float dist2,
                              float alpha_accel) {
  if (alpha_accel <= 0.0f) return false;
  const float inv2 = 1.0f / dist2, inv_d = sqrtf(inv2);
  const float error_r5 = expansion_error_r5(m, trace, r, inv_d);
  if (error_r5 > kExpansionKappa * m * extent * extent * extent) return false;
  return error_r5 * inv2 * inv2 * inv_d <= kExpansionShare * alpha_accel;
}

// What the terms of one cell are made of: its pull at the centre, B, and the monopole's factors
// for C.
template <typename T>
struct ExpansionBasis {
  Accum<T> centre;                 // A and P
  T dx, dy, dz;                    // D
  T f5, f7;                        // 3 m / R^5, 15 m / R^7
  T bxx, byy, bzz, bxy, bxz, byz;  // B
};

// B is minus the gradient of the cell's acceleration (interact_quadrupole's) with respect to D:
// with W = D.Q.D - eps^2 T,
//   B_ij = (3 m / R^5 + 35 W / (2 R^9)) D_i D_j - (m / R^3 + 5 W / (2 R^7)) delta_ij
//          + Q_ij / R^5 - 5 ((Q.D)_i D_j + (Q.D)_j D_i) / R^7.
template <typename T>
GALAXY_HD ExpansionBasis<T> expansion_basis(T dx, T dy, T dz, T m, const Quadrupole& q, T eps2) {
  ExpansionBasis<T> b{};
  SecondOrder<T> o{};
  if (!second_order(dx, dy, dz, m, q, eps2, o)) return b;
  add_second_order(b.centre, dx, dy, dz, o);
  b.dx = dx, b.dy = dy, b.dz = dz;
  const T f3 = o.m_r * o.inv_r2, w7 = o.dqd_r5 * o.inv_r2, k = T(5) * o.inv_r5 * o.inv_r2;
  b.f5 = T(3) * f3 * o.inv_r2, b.f7 = T(5) * b.f5 * o.inv_r2;
  const T g = b.f5 + T(17.5) * w7 * o.inv_r2, h = f3 + T(2.5) * w7;
  const T ux = k * o.qx, uy = k * o.qy, uz = k * o.qz;
  b.bxx = (g * dx - T(2) * ux) * dx - h + T(q.xx) * o.inv_r5;
  b.byy = (g * dy - T(2) * uy) * dy - h + T(q.yy) * o.inv_r5;
  b.bzz = (g * dz - T(2) * uz) * dz - h + T(q.zz) * o.inv_r5;
  b.bxy = (g * dx - ux) * dy - uy * dx + T(q.xy) * o.inv_r5;
  b.bxz = (g * dx - ux) * dz - uz * dx + T(q.xz) * o.inv_r5;
  b.byz = (g * dy - uy) * dz - uz * dy + T(q.yz) * o.inv_r5;
  return b;
}

// Term K of the cell's expansion (the order above).
template <int K, typename T>
GALAXY_HD T expansion_term(const ExpansionBasis<T>& b) {
  const T x = b.dx, y = b.dy, z = b.dz, f5 = b.f5, f7 = b.f7;
  if constexpr (K == 0) return b.centre.pot;
  if constexpr (K == 1) return b.centre.ax;
  if constexpr (K == 2) return b.centre.ay;
  if constexpr (K == 3) return b.centre.az;
  if constexpr (K == 4) return b.bxx;
  if constexpr (K == 5) return b.byy;
  if constexpr (K == 6) return b.bzz;
  if constexpr (K == 7) return b.bxy;
  if constexpr (K == 8) return b.bxz;
  if constexpr (K == 9) return b.byz;
  if constexpr (K == 10) return (f7 * x * x - T(3) * f5) * x;
  if constexpr (K == 11) return (f7 * y * y - T(3) * f5) * y;
  if constexpr (K == 12) return (f7 * z * z - T(3) * f5) * z;
  if constexpr (K == 13) return (f7 * x * x - f5) * y;
  if constexpr (K == 14) return (f7 * x * x - f5) * z;
  if constexpr (K == 15) return (f7 * y * y - f5) * x;
  if constexpr (K == 16) return (f7 * y * y - f5) * z;
  if constexpr (K == 17) return (f7 * z * z - f5) * x;
  if constexpr (K == 18) return (f7 * z * z - f5) * y;
  if constexpr (K == 19) return f7 * x * y * z;
  return T(0);
}

// A body's offset from the centre and the products the terms multiply (the squares halved).
template <typename T>
struct Offset {
  T x, y, z, xx, yy, zz, xy, xz, yz;
  GALAXY_HD Offset(T px, T py, T pz)
      : x(px), y(py), z(pz), xx(T(0.5) * px * px), yy(T(0.5) * py * py), zz(T(0.5) * pz * pz),
        xy(px * py), xz(px * pz), yz(py * pz) {}
};

// Term K of an expansion (e, summed over its cells) at offset o, added to acc.
template <int K, typename T>
GALAXY_HD void add_expansion_term(Accum<T>& a, T e, const Offset<T>& o) {
  if constexpr (K == 0) a.pot += e;
  if constexpr (K == 1) a.ax += e, a.pot -= e * o.x;
  if constexpr (K == 2) a.ay += e, a.pot -= e * o.y;
  if constexpr (K == 3) a.az += e, a.pot -= e * o.z;
  if constexpr (K == 4) a.ax += e * o.x, a.pot -= e * o.xx;
  if constexpr (K == 5) a.ay += e * o.y, a.pot -= e * o.yy;
  if constexpr (K == 6) a.az += e * o.z, a.pot -= e * o.zz;
  if constexpr (K == 7) a.ax += e * o.y, a.ay += e * o.x, a.pot -= e * o.xy;
  if constexpr (K == 8) a.ax += e * o.z, a.az += e * o.x, a.pot -= e * o.xz;
  if constexpr (K == 9) a.ay += e * o.z, a.az += e * o.y, a.pot -= e * o.yz;
  if constexpr (K == 10) a.ax += e * o.xx;
  if constexpr (K == 11) a.ay += e * o.yy;
  if constexpr (K == 12) a.az += e * o.zz;
  if constexpr (K == 13) a.ax += e * o.xy, a.ay += e * o.xx;
  if constexpr (K == 14) a.ax += e * o.xz, a.az += e * o.xx;
  if constexpr (K == 15) a.ax += e * o.yy, a.ay += e * o.xy;
  if constexpr (K == 16) a.ay += e * o.yz, a.az += e * o.yy;
  if constexpr (K == 17) a.ax += e * o.zz, a.az += e * o.xz;
  if constexpr (K == 18) a.ay += e * o.zz, a.az += e * o.yz;
  if constexpr (K == 19) a.ax += e * o.yz, a.ay += e * o.xz, a.az += e * o.xy;
}

// f(k) for k = 0 .. kExpansionTerms - 1, each as a compile-time constant
// (std::integral_constant<int, k>).
template <class F>
GALAXY_HD void for_each_term_index(F&& f) {
  [&]<int... K>(std::integer_sequence<int, K...>) {
    (f(std::integral_constant<int, K>{}), ...);
  }(std::make_integer_sequence<int, kExpansionTerms>{});
}

// f(k, term k) for every term of the cell's expansion.
template <typename T, class F>
GALAXY_HD void for_each_expansion_term(const ExpansionBasis<T>& b, F&& f) {
  for_each_term_index([&](auto k) { f(k(), expansion_term<k()>(b)); });
}

// The expansion with terms e (summed over its cells) at offset (x, y, z) from the centre, added
// to acc.
template <typename T>
GALAXY_HD void add_expansion(Accum<T>& acc, const T e[kExpansionTerms], T x, T y, T z) {
  const Offset<T> o(x, y, z);
  for_each_term_index([&](auto k) { add_expansion_term<k()>(acc, e[k()], o); });
}

}  // namespace galaxy::physics
