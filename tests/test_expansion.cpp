// SPDX-License-Identifier: MIT
// The group expansion (sim/expansion.hpp) against the pull it stands for, in double: at the
// centre it is the cell's pull exactly; off the centre its error shrinks as the cube of the offset
// (a wrong first- or second-order term would leave an error of that order); and the estimate the
// walk decides by bounds the real error within a small factor.
#include <gtest/gtest.h>

#include <cmath>

#include "expansion.hpp"

namespace galaxy::physics {
namespace {

struct Cell {
  double dx, dy, dz, m;
  Quadrupole q;  // zero: a point mass
};

void terms_of(const Cell& c, double eps2, double e[kExpansionTerms]) {
  const ExpansionBasis<double> b = expansion_basis(c.dx, c.dy, c.dz, c.m, c.q, eps2);
  for_each_expansion_term(b, [&](int k, double v) { e[k] = v; });
}

// The largest relative difference of acceleration and potential between the expansion and the
// exact pull at offset s * (ux, uy, uz) from the centre, over a few directions.
struct Miss {
  double acc = 0, pot = 0;
};
Miss miss_at(const Cell& c, double eps2, double s) {
  double e[kExpansionTerms];
  terms_of(c, eps2, e);
  const double dirs[][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.6, -0.8, 0}, {-0.48, 0.6, 0.64},
                            {0.36, 0.48, -0.8}};
  Miss worst;
  for (const auto& u : dirs) {
    const double x = s * u[0], y = s * u[1], z = s * u[2];
    Accum<double> series, exact;
    add_expansion(series, e, x, y, z);
    interact_quadrupole(exact, c.dx - x, c.dy - y, c.dz - z, c.m, c.q, eps2);
    const double a = std::hypot(exact.ax, exact.ay, exact.az);
    const double d = std::hypot(series.ax - exact.ax, series.ay - exact.ay, series.az - exact.az);
    worst.acc = std::max(worst.acc, d / a);
    worst.pot = std::max(worst.pot, std::abs(series.pot - exact.pot) / std::abs(exact.pot));
  }
  return worst;
}

TEST(Expansion, AtTheCentreItIsTheCellsPull) {
  const Cell c{3.0, -4.0, 12.0, 2.5, {0.3, -0.1, -0.2, 0.05, 0.02, -0.04, 1.1}};
  double e[kExpansionTerms];
  terms_of(c, 0.01, e);
  Accum<double> series, exact;
  add_expansion(series, e, 0.0, 0.0, 0.0);
  interact_quadrupole(exact, c.dx, c.dy, c.dz, c.m, c.q, 0.01);
  EXPECT_DOUBLE_EQ(series.ax, exact.ax);
  EXPECT_DOUBLE_EQ(series.ay, exact.ay);
  EXPECT_DOUBLE_EQ(series.az, exact.az);
  EXPECT_DOUBLE_EQ(series.pot, exact.pot);
}

TEST(Expansion, APointMassesErrorShrinksAsTheCubeOfTheOffset) {
  const Cell c{2.0, 3.0, -6.0, 1.0, {}};  // R = 7
  for (const double eps2 : {0.0, 0.05 * 0.05}) {
    const Miss far = miss_at(c, eps2, 0.7), near = miss_at(c, eps2, 0.35);  // r / R 0.1, 0.05
    // Third order: halving the offset divides the error by 8 (a second-order slip: by 4).
    EXPECT_GT(far.acc / near.acc, 7.0) << far.acc << " " << near.acc;
    EXPECT_LT(far.acc / near.acc, 9.0) << far.acc << " " << near.acc;
    EXPECT_GT(far.pot / near.pot, 7.0) << far.pot << " " << near.pot;
    EXPECT_LT(far.pot / near.pot, 9.0) << far.pot << " " << near.pot;
    // At r / R = 0.1 the acceleration's remainder is about 4 (r / R)^3 (along the axis).
    EXPECT_LT(far.acc, 5e-3);
    EXPECT_GT(far.acc, 1e-4);
  }
}

// The quadrupole's part of the error (a cell's minus the same point mass's: the series is linear
// in m and Q) shrinks as the square of the offset: B carries the quadrupole's gradient. With the
// point mass's B alone the part was first order (halving the offset halved it).
TEST(Expansion, AQuadrupolesErrorShrinksAsTheSquareOfTheOffset) {
  const Cell point{2.0, 3.0, -6.0, 1.0, {}};  // R = 7
  Cell cell = point;
  cell.q = {0.3, -0.1, -0.2, 0.05, 0.02, -0.04, 1.1};
  for (const double eps2 : {0.0, 0.05 * 0.05}) {
    double ep[kExpansionTerms], ec[kExpansionTerms];
    terms_of(point, eps2, ep);
    terms_of(cell, eps2, ec);
    const auto quadrupole_miss = [&](double s) {
      const double x = 0.6 * s, y = -0.8 * s, z = 0.0;
      Accum<double> sp, sc, xp, xc;
      add_expansion(sp, ep, x, y, z);
      add_expansion(sc, ec, x, y, z);
      interact_quadrupole(xp, point.dx - x, point.dy - y, point.dz - z, point.m, point.q, eps2);
      interact_quadrupole(xc, cell.dx - x, cell.dy - y, cell.dz - z, cell.m, cell.q, eps2);
      return std::hypot((sc.ax - xc.ax) - (sp.ax - xp.ax), (sc.ay - xc.ay) - (sp.ay - xp.ay),
                        (sc.az - xc.az) - (sp.az - xp.az));
    };
    const double far = quadrupole_miss(0.7), near = quadrupole_miss(0.35);
    EXPECT_GT(far / near, 3.5) << far << " " << near;
    EXPECT_LT(far / near, 4.5) << far << " " << near;
  }
}

TEST(Expansion, TheWalksEstimateBoundsTheErrorWithinAFactorOfTen) {
  // A cell with a real quadrupole: the moments of two unit masses at +-1 along x about the
  // centre of mass (raw trace 2 m a^2; physics.hpp's add_point_quadrupole convention).
  double q[7] = {};
  add_point_quadrupole(q, 1.0, 1.0, 0.0, 0.0);
  add_point_quadrupole(q, 1.0, -1.0, 0.0, 0.0);
  const Quadrupole quad{float(q[0]), float(q[1]), float(q[2]), float(q[3]),
                        float(q[4]), float(q[5]), float(q[6])};
  for (const double r : {0.5, 1.0, 2.0}) {
    const Cell c{6.0, 8.0, 0.0, 2.0, quad};  // R = 10
    const double estimate = expansion_error(2.0f, quad.trace, float(r), 100.0f);
    const Miss m = miss_at(c, 0.0, r);
    const double pull = 2.0 / 100.0;  // m / R^2, near enough for the bound's scale
    EXPECT_LT(m.acc * pull, 10.0 * estimate) << "r " << r;
    EXPECT_GT(m.acc * pull, 0.01 * estimate) << "r " << r;
  }
}

}  // namespace
}  // namespace galaxy::physics
