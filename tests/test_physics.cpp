// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "morton.hpp"
#include "physics.hpp"

namespace galaxy {
namespace {

TEST(Physics, PairInteractionIsNewtonianFarAway) {
  physics::Accum<double> a;
  physics::interact<double>(a, 3.0, 4.0, 0.0, 2.0, 0.0);  // r = 5, m = 2
  EXPECT_NEAR(a.ax, 2.0 * 3.0 / 125.0, 1e-15);
  EXPECT_NEAR(a.ay, 2.0 * 4.0 / 125.0, 1e-15);
  EXPECT_DOUBLE_EQ(a.az, 0.0);
  EXPECT_NEAR(a.pot, -2.0 / 5.0, 1e-15);
}

TEST(Physics, SofteningBoundsTheForceAndSelfPairIsZero) {
  physics::Accum<float> a;
  physics::interact<float>(a, 0.0f, 0.0f, 0.0f, 1.0f, 0.01f);
  EXPECT_EQ(a.ax, 0.0f);
  EXPECT_NEAR(a.pot, -10.0f, 1e-5f);  // -m / eps
  physics::Accum<float> b;
  physics::interact<float>(b, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f);
  EXPECT_EQ(b.pot, 0.0f);
  EXPECT_TRUE(std::isfinite(b.ax));
}

TEST(Physics, MortonKeyOctantsMatchGeometricOctants) {
  const float lo = -1.0f, size = 2.0f;
  for (int oct = 0; oct < 8; ++oct) {
    const float px = (oct & 1) ? 0.5f : -0.5f, py = (oct & 2) ? 0.5f : -0.5f,
                pz = (oct & 4) ? 0.5f : -0.5f;
    const auto key = physics::morton_key(px, py, pz, lo, lo, lo, 1.0f / size);
    EXPECT_EQ(physics::key_octant(key, 1), oct);
    EXPECT_EQ(physics::octant(px, py, pz, 0.0f, 0.0f, 0.0f), oct);
  }
}

TEST(Physics, MortonKeysPreserveOrderAlongEachAxis) {
  for (int i = 0; i + 1 < 1000; ++i) {
    const float a = -1.0f + 2.0f * i / 1000.0f, b = -1.0f + 2.0f * (i + 1) / 1000.0f;
    EXPECT_LT(physics::morton_key(a, 0, 0, -1, -1, -1, 0.5f),
              physics::morton_key(b, 0, 0, -1, -1, -1, 0.5f));
  }
}

TEST(Physics, OpeningCriterion) {
  // size 1 at distance 2 with the centre of mass at the box centre: accepted for theta > 0.5,
  // opened below.
  auto r2 = [](float size, float offset, float theta) {
    const float r = physics::open_radius(size, offset, 1.0f / theta);
    return r * r;
  };
  EXPECT_TRUE(physics::accept_cell(4.0f, r2(1.0f, 0.0f, 0.6f)));
  EXPECT_FALSE(physics::accept_cell(4.0f, r2(1.0f, 0.0f, 0.4f)));
  // A centre of mass 0.3 off the box centre needs the target 0.3 farther away.
  EXPECT_FALSE(physics::accept_cell(2.2f * 2.2f, r2(1.0f, 0.3f, 0.5f)));
  EXPECT_TRUE(physics::accept_cell(2.31f * 2.31f, r2(1.0f, 0.3f, 0.5f)));
  // Whatever theta, a target within sqrt(3)/2 of the size (the box's corners) never accepts.
  EXPECT_FALSE(physics::accept_cell(0.86f * 0.86f, r2(1.0f, 0.0f, 5.0f)));
  // A point (one body) is accepted by every other target, never by itself.
  EXPECT_TRUE(physics::accept_cell(1e-6f, r2(0.0f, 0.0f, 0.5f)));
  EXPECT_FALSE(physics::accept_cell(0.0f, r2(0.0f, 0.0f, 0.5f)));
  // Distance to a box: zero inside, per-axis gaps outside.
  EXPECT_EQ(physics::box_distance2(0.5f, 0.5f, 0.5f, 0, 0, 0, 1, 1, 1), 0.0f);
  EXPECT_FLOAT_EQ(physics::box_distance2(3.0f, -1.0f, 0.5f, 0, 0, 0, 1, 1, 1), 4.0f + 1.0f);
}

// The relative test: a cell whose estimated error m b^3 / d^5 exceeds alpha |a| is opened, unless
// it lies beyond the reach (in opening radii), where it is accepted whatever the estimate.
TEST(Physics, RelativeTestOpensWithinItsReachOnly) {
  const float r = 1.0f, r2 = r * r;  // opening radius 1
  const float mass = 1.0f, extent = 0.5f;
  auto estimate = [&](float d) { return mass / (d * d) * std::pow(extent / d, 3.0f); };
  constexpr physics::Order kQuad = physics::Order::Quadrupole;
  for (float d : {1.5f, 2.5f, 3.5f}) {
    const float alpha_accel = 0.5f * estimate(d);  // the estimate fails at every distance
    for (float reach : {2.0f, 3.0f, 4.0f}) {
      EXPECT_EQ(physics::accept_relative(d * d, mass, extent, kQuad, alpha_accel, r2,
                                         reach * reach),
                d > reach * r)
          << "d " << d << " reach " << reach;
      EXPECT_EQ(physics::accept(d * d, r2, mass, extent, kQuad, true, alpha_accel, reach * reach),
                d > reach * r);
      // Where the estimate passes, the reach does not matter.
      EXPECT_TRUE(physics::accept_relative(d * d, mass, extent, kQuad, 2.0f * estimate(d), r2,
                                           reach * reach));
    }
  }
}

// A cell's moments about its centre of mass, in double, from its bodies {x, y, z, m}.
struct CellMoments {
  double m = 0, cx = 0, cy = 0, cz = 0, q[7] = {}, o[10] = {};
  physics::Quadrupole quad() const {
    return {float(q[0]), float(q[1]), float(q[2]), float(q[3]), float(q[4]), float(q[5]),
            float(q[6])};
  }
  physics::Octupole oct() const {
    return {float(o[0]), float(o[1]), float(o[2]), float(o[3]), float(o[4]),
            float(o[5]), float(o[6]), float(o[7]), float(o[8]), float(o[9])};
  }
};
CellMoments moments_of(const std::vector<std::array<double, 4>>& cell) {
  CellMoments c;
  for (const auto& b : cell) {
    c.m += b[3], c.cx += b[3] * b[0], c.cy += b[3] * b[1], c.cz += b[3] * b[2];
  }
  c.cx /= c.m, c.cy /= c.m, c.cz /= c.m;
  for (const auto& b : cell) {
    physics::add_point_quadrupole(c.q, b[3], b[0] - c.cx, b[1] - c.cy, b[2] - c.cz);
    physics::add_point_octupole(c.o, b[3], b[0] - c.cx, b[1] - c.cy, b[2] - c.cz);
  }
  return c;
}

// The directions the order tests sum their errors over (along one, a multipole term can vanish by
// symmetry).
constexpr double kDirections[7][3] = {{1, 0, 0},         {0, 1, 0},      {0, 0, 1},
                                      {0.6, 0.48, 0.64}, {-0.8, 0.6, 0}, {0, -0.6, -0.8},
                                      {0.577, -0.577, 0.577}};

// The exact, unsoftened pull of the bodies {x, y, z, m} of `cell` on a target at (tx, ty, tz).
physics::Accum<double> exact_pull(const std::vector<std::array<double, 4>>& cell, double tx,
                                  double ty, double tz) {
  physics::Accum<double> exact;
  for (const auto& c : cell) {
    physics::interact<double>(exact, c[0] - tx, c[1] - ty, c[2] - tz, c[3], 0.0);
  }
  return exact;
}

// The relative errors of `a` against `exact`: the acceleration's (as a vector) and the potential's.
std::array<double, 2> relative_errors(const physics::Accum<double>& a,
                                      const physics::Accum<double>& exact) {
  const double force = std::sqrt((a.ax - exact.ax) * (a.ax - exact.ax) +
                                 (a.ay - exact.ay) * (a.ay - exact.ay) +
                                 (a.az - exact.az) * (a.az - exact.az)) /
                       std::sqrt(exact.ax * exact.ax + exact.ay * exact.ay + exact.az * exact.az);
  return {force, std::fabs(a.pot - exact.pot) / std::fabs(exact.pot)};
}

// The quadrupole term against the exact field of the bodies it stands for: the error of the
// monopole alone falls as (size/d)^2, that with the quadrupole as (size/d)^3.
TEST(Physics, QuadrupoleImprovesOnTheMonopoleAtTheExpectedOrder) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-0.5, 0.5), um(0.5, 1.5);
  std::vector<std::array<double, 4>> cell(40);
  for (auto& c : cell) c = {u(rng), 0.4 * u(rng), 0.2 * u(rng), um(rng)};  // a flattened cell
  const CellMoments mo = moments_of(cell);
  EXPECT_NEAR(mo.q[0] + mo.q[1] + mo.q[2], 0.0, 1e-12);  // traceless
  double prev[4] = {0, 0, 0, 0};
  for (double d : {4.0, 8.0, 16.0}) {
    double e[4] = {0, 0, 0, 0};  // force monopole, force quadrupole, potential monopole, quadrupole
    for (const auto& dir : kDirections) {
      const double tx = mo.cx + d * dir[0], ty = mo.cy + d * dir[1], tz = mo.cz + d * dir[2];
      physics::Accum<double> mono, quadr;
      physics::interact<double>(mono, mo.cx - tx, mo.cy - ty, mo.cz - tz, mo.m, 0.0);
      physics::interact_quadrupole<double>(quadr, mo.cx - tx, mo.cy - ty, mo.cz - tz, mo.m,
                                           mo.quad(), 0.0);
      const physics::Accum<double> exact = exact_pull(cell, tx, ty, tz);
      const auto em = relative_errors(mono, exact), eq = relative_errors(quadr, exact);
      e[0] += em[0], e[1] += eq[0], e[2] += em[1], e[3] += eq[1];
    }
    EXPECT_LT(e[1], 0.2 * e[0]) << d;
    EXPECT_LT(e[3], 0.2 * e[2]) << d;
    if (prev[0] > 0) {
      // Relative errors: the monopole's falls as (size/d)^2 (doubling d quarters it), the
      // quadrupole's as (size/d)^3, in the force and in the potential alike.
      EXPECT_NEAR(prev[0] / e[0], 4.0, 1.0) << d;
      EXPECT_NEAR(prev[1] / e[1], 8.0, 2.0) << d;
      EXPECT_NEAR(prev[2] / e[2], 4.0, 1.0) << d;
      EXPECT_NEAR(prev[3] / e[3], 8.0, 2.0) << d;
    }
    for (int k = 0; k < 4; ++k) prev[k] = e[k];
  }
}

// The octupole term: with it the error falls as (size/d)^4, one order faster than the
// quadrupole's, in the force and the potential; a lopsided cell (bodies bunched on one side, so
// the third moments are large).
TEST(Physics, OctupoleImprovesOnTheQuadrupoleAtTheExpectedOrder) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-0.5, 0.5), um(0.5, 1.5);
  std::vector<std::array<double, 4>> cell(40);
  for (auto& c : cell) {
    const double x = u(rng);
    c = {x * x * x * 4.0, 0.5 * u(rng) + 0.3 * x * x, 0.3 * u(rng), um(rng)};
  }
  const CellMoments mo = moments_of(cell);
  double prev[4] = {0, 0, 0, 0};
  for (double d : {4.0, 8.0, 16.0}) {
    double e[4] = {0, 0, 0, 0};  // force quadrupole, force octupole, potential the same
    for (const auto& dir : kDirections) {
      const double tx = mo.cx + d * dir[0], ty = mo.cy + d * dir[1], tz = mo.cz + d * dir[2];
      physics::Accum<double> quadr, octu;
      physics::interact_quadrupole<double>(quadr, mo.cx - tx, mo.cy - ty, mo.cz - tz, mo.m,
                                           mo.quad(), 0.0);
      physics::interact_octupole<double>(octu, mo.cx - tx, mo.cy - ty, mo.cz - tz, mo.m,
                                         mo.quad(), mo.oct(), 0.0);
      const physics::Accum<double> exact = exact_pull(cell, tx, ty, tz);
      const auto eq = relative_errors(quadr, exact), eo = relative_errors(octu, exact);
      e[0] += eq[0], e[1] += eo[0], e[2] += eq[1], e[3] += eo[1];
    }
    EXPECT_LT(e[1], 0.5 * e[0]) << d;
    EXPECT_LT(e[3], 0.5 * e[2]) << d;
    if (prev[0] > 0) {
      EXPECT_NEAR(prev[0] / e[0], 8.0, 2.0) << d;   // (size/d)^3
      EXPECT_NEAR(prev[1] / e[1], 16.0, 4.0) << d;  // (size/d)^4
      EXPECT_NEAR(prev[2] / e[2], 8.0, 2.0) << d;
      EXPECT_NEAR(prev[3] / e[3], 16.0, 4.0) << d;
    }
    for (int k = 0; k < 4; ++k) prev[k] = e[k];
  }
}

// A parent's third moments from its children's (add_child_octupole, the parallel-axis shift that
// both backends' summaries make) equal those summed from its bodies.
TEST(Physics, OctupoleShiftsToTheParentsCentreOfMass) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-0.5, 0.5), um(0.5, 1.5);
  std::vector<std::array<double, 4>> all;
  std::vector<CellMoments> children;
  for (int k = 0; k < 3; ++k) {
    std::vector<std::array<double, 4>> child(20);
    for (auto& c : child) c = {k + 0.7 * u(rng), 0.5 * k * k + u(rng), u(rng) - k, um(rng)};
    all.insert(all.end(), child.begin(), child.end());
    children.push_back(moments_of(child));
  }
  const CellMoments whole = moments_of(all);
  double o[10] = {};
  for (const CellMoments& c : children) {
    physics::add_child_octupole(o, c.oct(), c.quad(), c.m, c.cx - whole.cx, c.cy - whole.cy,
                                c.cz - whole.cz);
  }
  for (int k = 0; k < 10; ++k) {
    // The children's moments went through float: agreement to float's precision of the sizes.
    EXPECT_NEAR(o[k], whole.o[k], 1e-5 * (std::fabs(whole.o[k]) + whole.m)) << "component " << k;
  }
}

// With softening, a cell of the softening length a few lengths away: the expansion of the
// softened kernel (with the trace term) stays far better than the monopole, and dropping the trace
// term, as an unsoftened quadrupole does, loses most of the gain.
TEST(Physics, SoftenedQuadrupoleNeedsTheTraceTerm) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  const double eps = 1.0, eps2 = eps * eps;
  std::vector<std::array<double, 3>> cell(50);
  double cx = 0, cy = 0, cz = 0;
  for (auto& c : cell) c = {u(rng), u(rng), 0.3 * u(rng)}, cx += c[0], cy += c[1], cz += c[2];
  cx /= 50, cy /= 50, cz /= 50;
  double q[7] = {0, 0, 0, 0, 0, 0, 0};
  for (const auto& c : cell) physics::add_point_quadrupole(q, 1.0, c[0] - cx, c[1] - cy, c[2] - cz);
  physics::Quadrupole with{float(q[0]), float(q[1]), float(q[2]), float(q[3]),
                           float(q[4]), float(q[5]), float(q[6])};
  physics::Quadrupole without = with;
  without.trace = 0;
  double e_mono = 0, e_with = 0, e_without = 0;
  for (const double dir : {0.0, 1.0, 2.0, 3.0}) {
    const double d = 3.0;  // 3 softening lengths, 3 cells
    const double tx = cx + d * std::cos(dir), ty = cy + d * std::sin(dir), tz = cz + 0.3;
    physics::Accum<double> exact, mono, a, b;
    for (const auto& c : cell)
      physics::interact<double>(exact, c[0] - tx, c[1] - ty, c[2] - tz, 1.0, eps2);
    physics::interact<double>(mono, cx - tx, cy - ty, cz - tz, 50.0, eps2);
    physics::interact_quadrupole<double>(a, cx - tx, cy - ty, cz - tz, 50.0, with, eps2);
    physics::interact_quadrupole<double>(b, cx - tx, cy - ty, cz - tz, 50.0, without, eps2);
    auto err = [&](const physics::Accum<double>& r) {
      return std::sqrt((r.ax - exact.ax) * (r.ax - exact.ax) +
                       (r.ay - exact.ay) * (r.ay - exact.ay) +
                       (r.az - exact.az) * (r.az - exact.az)) +
             std::fabs(r.pot - exact.pot);
    };
    e_mono += err(mono), e_with += err(a), e_without += err(b);
  }
  EXPECT_LT(e_with, 0.25 * e_mono);
  EXPECT_LT(e_with, 0.5 * e_without);
}

// The octupole of the softened kernel (its v.d / R^5 trace terms included) improves on the
// softened quadrupole for a lopsided cell of the softening length a few lengths away.
TEST(Physics, SoftenedOctupoleImprovesOnTheQuadrupole) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  const double eps2 = 1.0;
  std::vector<std::array<double, 4>> cell(50);
  for (auto& c : cell) {
    const double x = u(rng);
    c = {2.0 * x * x * x + 0.3 * x, u(rng) + 0.5 * x * x, 0.3 * u(rng), 1.0};
  }
  const CellMoments mo = moments_of(cell);
  double e_quad = 0, e_oct = 0;
  for (const double dir : {0.0, 1.0, 2.0, 3.0, 4.0, 5.0}) {
    const double d = 3.0;
    const double tx = mo.cx + d * std::cos(dir), ty = mo.cy + d * std::sin(dir), tz = mo.cz + 0.3;
    physics::Accum<double> exact, a, b;
    for (const auto& c : cell)
      physics::interact<double>(exact, c[0] - tx, c[1] - ty, c[2] - tz, c[3], eps2);
    physics::interact_quadrupole<double>(a, mo.cx - tx, mo.cy - ty, mo.cz - tz, mo.m, mo.quad(),
                                         eps2);
    physics::interact_octupole<double>(b, mo.cx - tx, mo.cy - ty, mo.cz - tz, mo.m, mo.quad(),
                                       mo.oct(), eps2);
    auto err = [&](const physics::Accum<double>& r) {
      return std::sqrt((r.ax - exact.ax) * (r.ax - exact.ax) +
                       (r.ay - exact.ay) * (r.ay - exact.ay) +
                       (r.az - exact.az) * (r.az - exact.az)) +
             std::fabs(r.pot - exact.pot);
    };
    e_quad += err(a), e_oct += err(b);
  }
  EXPECT_LT(e_oct, 0.5 * e_quad);
}

}  // namespace
}  // namespace galaxy
