// SPDX-License-Identifier: MIT
// Galaxy — the physics shared by the CPU reference and the CUDA kernels.
//
// Everything here is __host__ __device__ so that a test compares two pipelines, not two copies of
// the maths: the softened pair interaction, the quadrupole moments and their evaluation, the
// opening criterion and octree cell geometry (the Morton keys: morton.hpp).
#pragma once

#include <cmath>
#include <cstdint>

#include "host_device.hpp"

namespace galaxy::physics {

// The walk's groups (both backends' tree builds): the small children of a cell are merged into
// groups of up to group_size bodies, unless one of its children holds more than kHeavyChild
// groups' worth. Beside a heavy child (a galaxy's core) the small siblings are sparse cells whose
// bodies run from the core's edge to the far side of the cell; merged, their box reached into the
// core, and the walk opened it to the leaves. At 100k Plummer bodies the worst group walked
// 24,000 interactions a body against a mean of 1,570, and as the last walk running it was most of
// the GPU's step; unmerged, the worst walks 3,750 and the mean is 1,500 (1M bodies: unchanged).
inline constexpr int kHeavyChild = 8;

// Plummer-softened gravity with G = 1, accumulated in T (float in the kernels and the CPU tree
// walk, double in the direct-sum reference). Adds the acceleration that a point mass `m` at
// offset (dx, dy, dz) = (source - target) exerts on the target, and its potential.
template <typename T>
struct Accum {
  T ax = 0, ay = 0, az = 0, pot = 0;
};

// 1/sqrt(r2): the hardware reciprocal square root for float on the device, exact elsewhere. On
// the device it is the instruction alone (rsqrt.approx.ftz): rsqrtf's result for every normal
// r2, without the three instructions rsqrtf spends scaling a subnormal one (below 1.2e-38, which
// no softened distance comes near; ftz takes it as 0), 3 of a pair's 20 in the force walk.
template <typename T>
GALAXY_HD T inverse_sqrt(T r2) {
  if constexpr (sizeof(T) == 4) {
#if defined(__CUDA_ARCH__)
    float y;
    asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(r2));
    return y;
#endif
  }
  return T(1) / std::sqrt(r2);
}

// kMayBeZero = false drops the test for r2 == 0, for callers that know eps2 > 0 (the direct
// kernel, where the test is one instruction in sixteen; the force walk without potentials, where
// with its branch it was 4 of a pair's 20 instructions).
template <typename T, bool kMayBeZero = true>
GALAXY_HD void interact(Accum<T>& acc, T dx, T dy, T dz, T m, T eps2) {
  const T r2 = dz * dz + (dy * dy + (dx * dx + eps2));  // three multiply-adds
  // r2 > 0 whenever eps2 > 0; with eps2 == 0 the self pair (r2 == 0) contributes nothing.
  if constexpr (kMayBeZero) {
    if (r2 <= T(0)) return;
  }
  const T inv_r = inverse_sqrt(r2);
  const T minv_r = m * inv_r;
  const T s = minv_r * inv_r * inv_r;
  acc.ax += dx * s;
  acc.ay += dy * s;
  acc.az += dz * s;
  acc.pot -= minv_r;
}

// The pair both ways (Newton's third law, seed 001's atomic kernel): the pull of mass mb at offset
// d on a, and of ma at -d on b, with one square root.
template <typename T>
GALAXY_HD void interact_pair(Accum<T>& a, Accum<T>& b, T dx, T dy, T dz, T ma, T mb, T eps2) {
  const T r2 = dz * dz + (dy * dy + (dx * dx + eps2));
  if (r2 <= T(0)) return;
  const T inv_r = inverse_sqrt(r2);
  const T inv_r3 = inv_r * inv_r * inv_r;
  a.ax += dx * mb * inv_r3, a.ay += dy * mb * inv_r3, a.az += dz * mb * inv_r3;
  a.pot -= mb * inv_r;
  b.ax -= dx * ma * inv_r3, b.ay -= dy * ma * inv_r3, b.az -= dz * ma * inv_r3;
  b.pot -= ma * inv_r;
}

// The expansion order of a cell's multipole: the monopole (mass at the centre of mass), with the
// quadrupole, or with the octupole too (the dipole vanishes about the centre of mass: there is no
// order 1). SimParams::multipole holds it as the parameters' table's integer (0, 2, 3; order_of);
// the GPU walk is compiled for each (cuda/walk.cuh's kOrder), and the relative test's estimate and
// both backends' cell terms follow it.
enum class Order : int { Monopole = 0, Quadrupole = 2, Octupole = 3 };
GALAXY_HD constexpr Order order_of(int multipole) {
  return multipole >= 3 ? Order::Octupole : multipole >= 2 ? Order::Quadrupole : Order::Monopole;
}

// Multipole moments of a cell about its centre of mass. Order 0 is the monopole (mass and centre
// of mass); order 2 adds the second moments: the traceless quadrupole
// Q_ij = sum m (3 x_i x_j - |x|^2 delta_ij) and the trace T = sum m |x|^2, with x the offset of
// each body from the centre of mass (the dipole vanishes there). The six components of Q are kept
// (zz = -(xx + yy), but one multiply-add is cheaper than recomputing it). T is what the softened
// kernel needs beyond Q (interact_quadrupole).
struct Quadrupole {
  float xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0, trace = 0;
};

// Adds a point mass m at offset (dx, dy, dz) from the centre of mass to second moments accumulated
// in double: q = {xx, yy, zz, xy, xz, yz, trace}. A child cell's own moments add on top (parallel
// axis): Q_parent = sum_children (Q_child + its point-mass term at its offset).
GALAXY_HD void add_point_quadrupole(double q[7], double m, double dx, double dy, double dz) {
  const double r2 = dx * dx + dy * dy + dz * dz;
  q[0] += m * (3 * dx * dx - r2);
  q[1] += m * (3 * dy * dy - r2);
  q[2] += m * (3 * dz * dz - r2);
  q[3] += m * 3 * dx * dy;
  q[4] += m * 3 * dx * dz;
  q[5] += m * 3 * dy * dz;
  q[6] += m * r2;
}

// What the quadrupole and octupole terms share at offset d, R^2 = |d|^2 + eps^2: the powers of 1/R,
// m/R (the force's and the potential's), Q.d, and twice the second-order potential's magnitude,
// (d.Q.d - eps^2 T) / R^5. False where R is 0 (a body on itself without softening): no term.
template <typename T>
struct SecondOrder {
  T inv_r, inv_r2, inv_r5, m_r, qx, qy, qz, dqd_r5;
};
// kMayBeZero = false drops the test for R == 0, as interact's does.
template <typename T, bool kMayBeZero = true>
GALAXY_HD bool second_order(T dx, T dy, T dz, T m, const Quadrupole& q, T eps2, SecondOrder<T>& o) {
  const T r2 = dz * dz + (dy * dy + (dx * dx + eps2));  // three multiply-adds
  if constexpr (kMayBeZero) {
    if (r2 <= T(0)) return false;
  }
  o.inv_r = inverse_sqrt(r2);
  o.inv_r2 = o.inv_r * o.inv_r;
  o.m_r = m * o.inv_r;
  o.inv_r5 = o.inv_r2 * o.inv_r2 * o.inv_r;
  o.qx = T(q.xx) * dx + T(q.xy) * dy + T(q.xz) * dz;
  o.qy = T(q.xy) * dx + T(q.yy) * dy + T(q.yz) * dz;
  o.qz = T(q.xz) * dx + T(q.yz) * dy + T(q.zz) * dz;
  o.dqd_r5 = (dz * o.qz + (dy * o.qy + (dx * o.qx - eps2 * T(q.trace)))) * o.inv_r5;
  return true;
}

// A cell's acceleration and potential on a target at offset (dx, dy, dz) = (com - target): the
// Taylor expansion of the Plummer-softened kernel 1/R, R^2 = |d|^2 + eps^2, to second order about
// the centre of mass. With S = sum m x x^T (so Q = 3S - T I), the second-order term is
// (1/2) S_ij d_i d_j (1/R) = (d.Q.d - eps^2 T) / (2 R^5):
//   phi = -m/R - (d.Q.d - eps^2 T) / (2 R^5)
//   a   = d (m/R^3 + 5 (d.Q.d - eps^2 T) / (2 R^7)) - Q.d / R^5
// Without softening this is the usual quadrupole. The eps^2 T part matters where cells of about
// the softening length are accepted a few softening lengths away (dense cores, thin disks): there
// the plain 1/r quadrupole, as Bonsai evaluates it, leaves an error as large as the monopole's
// (measured: p99 3.7e-3 with or without it at 1M Plummer bodies, theta 0.5).
// 35 float operations with the caller's offset (second_order's, then add_second_order's); the
// bench counts 53 flops, as when this took 37. The pair interaction: 15 operations, 20 flops.
// The acceleration's two parts go into the sums one after the other: on the device two
// multiply-adds a component, where their difference added took a product, a multiply-add and an
// add. In the force walk a cell costs a target 31 instructions, 42 before this and the walk's
// dropped test for R == 0 (second_order's kMayBeZero) and rsqrtf's subnormal scaling.
template <typename T>
GALAXY_HD void add_second_order(Accum<T>& acc, T dx, T dy, T dz, const SecondOrder<T>& o) {
  const T s = (o.m_r + T(2.5) * o.dqd_r5) * o.inv_r2;
  acc.ax += dx * s;
  acc.ay += dy * s;
  acc.az += dz * s;
  acc.ax -= o.qx * o.inv_r5;
  acc.ay -= o.qy * o.inv_r5;
  acc.az -= o.qz * o.inv_r5;
  acc.pot -= o.m_r + T(0.5) * o.dqd_r5;
}
template <typename T, bool kMayBeZero = true>
GALAXY_HD void interact_quadrupole(Accum<T>& acc, T dx, T dy, T dz, T m, const Quadrupole& q,
                                   T eps2) {
  SecondOrder<T> o{};
  if (second_order<T, kMayBeZero>(dx, dy, dz, m, q, eps2, o)) add_second_order(acc, dx, dy, dz, o);
}

// Order 3 adds the third moments about the centre of mass, O_ijk = sum m x_i x_j x_k (symmetric:
// ten components), kept raw, not traceless: the softened kernel needs their trace vector
// v_k = O_iik as well, three sums of them. The octupole term of the expansion of 1/R,
// (1/6) O_ijk d_i d_j d_k (1/R), gives
//   phi_3 = 5 O:ddd / (2 R^7) - 3 v.d / (2 R^5)
//   a_3   = 15 O:dd / (2 R^7) - 35 O:ddd d / (2 R^9) - 3 v / (2 R^5) + 15 (v.d) d / (2 R^7)
// (O:dd the vector O_ijk d_j d_k), added to the quadrupole's terms (interact_octupole).
struct Octupole {
  float xxx = 0, xxy = 0, xxz = 0, xyy = 0, xyz = 0, xzz = 0, yyy = 0, yyz = 0, yzz = 0, zzz = 0;
};

// Adds a point mass m at offset (dx, dy, dz) from the centre of mass to third moments accumulated
// in double: o = {xxx, xxy, xxz, xyy, xyz, xzz, yyy, yyz, yzz, zzz}.
GALAXY_HD void add_point_octupole(double o[10], double m, double dx, double dy, double dz) {
  const double mx = m * dx, my = m * dy, mz = m * dz;
  o[0] += mx * dx * dx, o[1] += mx * dx * dy, o[2] += mx * dx * dz, o[3] += mx * dy * dy;
  o[4] += mx * dy * dz, o[5] += mx * dz * dz, o[6] += my * dy * dy, o[7] += my * dy * dz;
  o[8] += my * dz * dz, o[9] += mz * dz * dz;
}

// Adds a child cell at offset c from the parent's centre of mass (its mass m, its third moments
// `co` and its quadrupole `cq` about its own centre of mass) to the parent's third moments o: the
// parallel-axis shift O_ijk + c_i S_jk + c_j S_ik + c_k S_ij + m c_i c_j c_k, with the raw second
// moments S = (Q + T I) / 3 (the child's dipole about its own centre of mass vanishes).
GALAXY_HD void add_child_octupole(double o[10], const Octupole& co, const Quadrupole& cq, double m,
                                  double cx, double cy, double cz) {
  const double t = cq.trace;
  const double sxx = (cq.xx + t) / 3, syy = (cq.yy + t) / 3, szz = (cq.zz + t) / 3;
  const double sxy = cq.xy / 3.0, sxz = cq.xz / 3.0, syz = cq.yz / 3.0;
  o[0] += co.xxx + 3 * cx * sxx;
  o[1] += co.xxy + 2 * cx * sxy + cy * sxx;
  o[2] += co.xxz + 2 * cx * sxz + cz * sxx;
  o[3] += co.xyy + cx * syy + 2 * cy * sxy;
  o[4] += co.xyz + cx * syz + cy * sxz + cz * sxy;
  o[5] += co.xzz + cx * szz + 2 * cz * sxz;
  o[6] += co.yyy + 3 * cy * syy;
  o[7] += co.yyz + 2 * cy * syz + cz * syy;
  o[8] += co.yzz + cy * szz + 2 * cz * syz;
  o[9] += co.zzz + 3 * cz * szz;
  add_point_octupole(o, m, cx, cy, cz);
}

// A cell's acceleration and potential to third order: interact_quadrupole's terms and the
// octupole's above, from one square root; the bench counts 142 flops (the quadrupole's 53 and 89).
template <typename T>
GALAXY_HD void interact_octupole(Accum<T>& acc, T dx, T dy, T dz, T m, const Quadrupole& q,
                                 const Octupole& o, T eps2) {
  SecondOrder<T> s2{};
  if (!second_order(dx, dy, dz, m, q, eps2, s2)) return;
  const T inv_r2 = s2.inv_r2, inv_r5 = s2.inv_r5, inv_r7 = inv_r5 * inv_r2;
  // Third order: O:dd, O:ddd and the trace vector v.
  const T xx = dx * dx, yy = dy * dy, zz = dz * dz, xy = dx * dy, xz = dx * dz, yz = dy * dz;
  const T ox = T(o.xxx) * xx + T(o.xyy) * yy + T(o.xzz) * zz +
               T(2) * (T(o.xxy) * xy + T(o.xxz) * xz + T(o.xyz) * yz);
  const T oy = T(o.xxy) * xx + T(o.yyy) * yy + T(o.yzz) * zz +
               T(2) * (T(o.xyy) * xy + T(o.xyz) * xz + T(o.yyz) * yz);
  const T oz = T(o.xxz) * xx + T(o.yyz) * yy + T(o.zzz) * zz +
               T(2) * (T(o.xyz) * xy + T(o.xzz) * xz + T(o.yzz) * yz);
  const T oddd = dx * ox + dy * oy + dz * oz;
  const T vx = T(o.xxx) + T(o.xyy) + T(o.xzz), vy = T(o.xxy) + T(o.yyy) + T(o.yzz),
          vz = T(o.xxz) + T(o.yyz) + T(o.zzz);
  const T vd = vx * dx + vy * dy + vz * dz;
  const T phi3 = T(2.5) * oddd * inv_r7 - T(1.5) * vd * inv_r5;
  // Radial parts of the gradient: d times s, then the parts along Q.d, O:dd and v.
  const T s =
      (s2.m_r + T(2.5) * s2.dqd_r5) * inv_r2 + (T(7.5) * vd - T(17.5) * oddd * inv_r2) * inv_r7;
  const T k7 = T(7.5) * inv_r7, k5 = T(1.5) * inv_r5;
  acc.ax += dx * s - s2.qx * inv_r5 + k7 * ox - k5 * vx;
  acc.ay += dy * s - s2.qy * inv_r5 + k7 * oy - k5 * vy;
  acc.az += dz * s - s2.qz * inv_r5 + k7 * oz - k5 * vz;
  acc.pot -= s2.m_r + T(0.5) * s2.dqd_r5 - phi3;
}

// The opening criterion (the multipole acceptance criterion, MAC). A cell is accepted, its
// multipole standing for its bodies, when the target (a body, or every point of a group's box)
// lies farther from the cell's centre of mass than
//   r_open = size / theta + offset,
// where size is the longest edge of the box around the cell's bodies and offset the distance from
// the centre of mass to that box's centre (Barnes 1994's modification, as Bonsai and Ryoanji use
// it): a lopsided cell, whose centre of mass sits near one side, must be farther away. The plain
// size/distance test lets a target come within size/theta of the centre of mass even when the
// cell's far bodies are much closer, which is where its largest errors came from (flattened disks
// at 1.2e-2 p99). size/theta is never taken below sqrt(3)/2 size (a bound on the distance from the
// box centre to its corners), so for any theta a cell is never accepted by a target inside its
// box, and a body never meets its own cell's multipole.
// sqrt(3)/2 rounded up: a box's farthest corner from its centre, in units of its longest edge.
inline constexpr float kHalfDiagonal = 0.8661f;
GALAXY_HD float open_radius(float size, float offset, float inv_theta) {
  return size * fmaxf(inv_theta, kHalfDiagonal) + offset;
}
// Squared distance from (px, py, pz) to the nearest point of the box [lo, hi] (0 inside it).
GALAXY_HD float box_distance2(float px, float py, float pz, float lox, float loy, float loz,
                              float hix, float hiy, float hiz) {
  const float dx = fmaxf(fmaxf(lox - px, px - hix), 0.0f);
  const float dy = fmaxf(fmaxf(loy - py, py - hiy), 0.0f);
  const float dz = fmaxf(fmaxf(loz - pz, pz - hiz), 0.0f);
  return dx * dx + dy * dy + dz * dz;
}
// Accepted when strictly farther than r_open: a point cell (one body, r_open 0) is accepted by
// every target but the body itself.
GALAXY_HD bool accept_cell(float dist2, float open_radius2) {
  return dist2 > open_radius2;
}

// Error-based acceptance (the relative criterion of GADGET, Springel 2005), on top of the geometric
// one: the leading term an expansion of order p leaves out is about m b^(p+1) / d^(p+3), with b =
// cell_extent() the farthest a body can be from the centre of mass; the cell is accepted when that
// is at most alpha times the target's acceleration (the previous step's, the smallest in a group).
// Bodies in a weak net field (the centre of a sphere, the outskirts) then open more cells, those
// in a strong one fewer, which is what a bound on the relative error asks for. A cell farther than
// `reach` opening radii (SimParams::alpha_reach; reach2 its square, open_radius2 the radius's) is
// accepted whatever the estimate says: that bounds the work of a group whose field is nearly zero
// to a geometric walk at theta/reach (1M Plummer bodies, reach 2: 4.07 ms a step, 4.85 without,
// the same p99), and sets the floor of the error a small alpha reaches (git log).
struct Relative {
  float alpha = 0;   // 0: the geometric test alone (also while no accelerations exist)
  float reach2 = 4;  // the squared reach
};
GALAXY_HD float cell_extent(float size, float offset) {
  return kHalfDiagonal * size + offset;
}
GALAXY_HD bool accept_relative(float dist2, float mass, float extent, Order order, float alpha_accel,
                               float open_radius2, float reach2) {
  if (dist2 > reach2 * open_radius2) return true;
  const float inv_d = 1.0f / sqrtf(dist2);
  const float q = extent * inv_d;
  // The first term left out: order 2 after a monopole (the dipole vanishes), else order p + 1.
  const float term = mass * inv_d * inv_d * q * q *
                     (order == Order::Octupole ? q * q : order == Order::Quadrupole ? q : 1.0f);
  return term <= alpha_accel;
}

// The opening decision of both walks (cpu/force.cpp per body, cuda/force.cu once per group): a
// cell is accepted when it passes the geometric test and, where the relative criterion is on
// (alpha > 0 and the walk has the last pass's accelerations), the relative one at alpha_accel =
// alpha |a|, with the reach reach2. dist2 runs from the target (a body, or the nearest point of a
// group's box) to the centre of mass.
GALAXY_HD bool accept(float dist2, float open_radius2, float mass, float extent, Order order,
                      bool relative, float alpha_accel, float reach2) {
  if (!accept_cell(dist2, open_radius2)) return false;
  return !relative ||
         accept_relative(dist2, mass, extent, order, alpha_accel, open_radius2, reach2);
}

// The geometric quantities of the criterion from a cell's body box and centre of mass.
GALAXY_HD void box_size_offset(const float lo[3], const float hi[3], float cx, float cy, float cz,
                               float& size, float& offset) {
  size = fmaxf(fmaxf(hi[0] - lo[0], hi[1] - lo[1]), hi[2] - lo[2]);
  const float ox = cx - 0.5f * (lo[0] + hi[0]), oy = cy - 0.5f * (lo[1] + hi[1]),
              oz = cz - 0.5f * (lo[2] + hi[2]);
  offset = sqrtf(ox * ox + oy * oy + oz * oz);
}

}  // namespace galaxy::physics
