// SPDX-License-Identifier: MIT
// The CPU backend's SIMD kernels (sim/cpu/kernels.hpp) against physics.hpp's scalar reference,
// on every instruction set compiled in that this machine runs: monopole (softened body) and
// quadrupole terms, float and double, several targets against several sources, and the edge
// cases: coincident bodies with and without softening, zero mass, huge and tiny distances.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "cpu/kernels.hpp"
#include "physics.hpp"

namespace galaxy {
namespace {

using cpu::pad_targets;

template <typename T>
struct Targets {
  std::vector<T> x, y, z, ax, ay, az, pot;
  std::size_t n;
  explicit Targets(std::size_t count) : n(count) {
    for (auto* v : {&x, &y, &z, &ax, &ay, &az, &pot}) v->assign(pad_targets(count), T(0));
  }
  cpu::TargetsSoA<T> view() {
    return {x.data(), y.data(), z.data(), ax.data(), ay.data(), az.data(), pot.data(), n};
  }
};

struct Cells {
  std::vector<float> f[11];
  void add(float x, float y, float z, float m, const physics::Quadrupole& q) {
    const float v[11] = {x, y, z, m, q.xx, q.yy, q.zz, q.xy, q.xz, q.yz, q.trace};
    for (int k = 0; k < 11; ++k) f[k].push_back(v[k]);
  }
  cpu::QuadCellsSoA view() const {
    return {f[0].data(), f[1].data(), f[2].data(), f[3].data(), f[4].data(), f[5].data(),
            f[6].data(), f[7].data(), f[8].data(), f[9].data(), f[10].data(), f[0].size()};
  }
};

// |simd - ref| within rel * (the scale) + abs, component by component, where the scale is the
// size of the reference's acceleration (or potential).
template <typename T>
void expect_close(const Targets<T>& t, std::size_t i, const physics::Accum<double>& ref, double rel,
                  double abs, const std::string& what) {
  const double a = std::sqrt(ref.ax * ref.ax + ref.ay * ref.ay + ref.az * ref.az);
  EXPECT_NEAR(t.ax[i], ref.ax, rel * a + abs) << what << " target " << i;
  EXPECT_NEAR(t.ay[i], ref.ay, rel * a + abs) << what << " target " << i;
  EXPECT_NEAR(t.az[i], ref.az, rel * a + abs) << what << " target " << i;
  EXPECT_NEAR(t.pot[i], ref.pot, rel * std::fabs(ref.pot) + abs) << what << " target " << i;
  EXPECT_TRUE(std::isfinite(t.ax[i]) && std::isfinite(t.pot[i])) << what << " target " << i;
}

physics::Quadrupole random_quad(std::mt19937& rng, float scale) {
  std::uniform_real_distribution<float> u(-scale, scale);
  physics::Quadrupole q{u(rng), u(rng), 0, u(rng), u(rng), u(rng), std::fabs(u(rng)) * 3};
  q.zz = -(q.xx + q.yy);
  return q;
}

class CpuKernels : public ::testing::TestWithParam<std::int64_t> {
 protected:
  void SetUp() override { cpu::restrict_simd_target(GetParam()); }
  void TearDown() override { cpu::restrict_simd_target(0); }
};

// Many targets (not a multiple of any vector width) against many sources, float and double.
TEST_P(CpuKernels, PointTermsMatchTheScalarReference) {
  SCOPED_TRACE(cpu::simd_target_name());
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> pos(-1, 1), mass(0, 1e-3f);
  const std::size_t nt = 37, ns = 53;
  std::vector<float> sx(ns), sy(ns), sz(ns), sm(ns);
  for (std::size_t j = 0; j < ns; ++j) sx[j] = pos(rng), sy[j] = pos(rng), sz[j] = pos(rng), sm[j] = mass(rng);
  for (float eps : {0.05f, 0.0f}) {
    const float eps2 = eps * eps;
    Targets<float> t(nt);
    Targets<double> td(nt);
    for (std::size_t i = 0; i < pad_targets(nt); ++i) {
      t.x[i] = pos(rng), t.y[i] = pos(rng), t.z[i] = pos(rng);
      td.x[i] = t.x[i], td.y[i] = t.y[i], td.z[i] = t.z[i];
    }
    cpu::add_point_forces(t.view(), {sx.data(), sy.data(), sz.data(), sm.data(), ns}, eps2);
    std::vector<double> dx(sx.begin(), sx.end()), dy(sy.begin(), sy.end()), dz(sz.begin(), sz.end()),
        dm(sm.begin(), sm.end());
    cpu::add_point_forces(td.view(), {dx.data(), dy.data(), dz.data(), dm.data(), ns}, double(eps2));
    for (std::size_t i = 0; i < nt; ++i) {
      physics::Accum<double> ref;
      for (std::size_t j = 0; j < ns; ++j) {
        physics::interact<double>(ref, dx[j] - td.x[i], dy[j] - td.y[i], dz[j] - td.z[i], dm[j],
                                  double(eps2));
      }
      // Float: the Newton-refined reciprocal square root and float sums of 53 terms.
      expect_close(t, i, ref, 2e-5, 1e-9, "float eps " + std::to_string(eps));
      // Double: the exact quotient; only the order of the sums differs.
      expect_close(td, i, ref, 1e-13, 1e-18, "double eps " + std::to_string(eps));
    }
  }
}

TEST_P(CpuKernels, QuadrupoleTermsMatchTheScalarReference) {
  SCOPED_TRACE(cpu::simd_target_name());
  std::mt19937 rng(6);
  std::uniform_real_distribution<float> pos(-1, 1), mass(0, 1e-2f);
  const std::size_t nt = 21, ns = 19;
  Cells c;
  std::vector<physics::Quadrupole> q;
  for (std::size_t j = 0; j < ns; ++j) {
    q.push_back(random_quad(rng, 1e-4f));
    c.add(3 + pos(rng), pos(rng), pos(rng), mass(rng), q.back());
  }
  for (float eps : {0.05f, 0.0f}) {
    Targets<float> t(nt);
    for (std::size_t i = 0; i < pad_targets(nt); ++i) t.x[i] = pos(rng), t.y[i] = pos(rng), t.z[i] = pos(rng);
    cpu::add_quadrupole_forces(t.view(), c.view(), eps * eps);
    for (std::size_t i = 0; i < nt; ++i) {
      physics::Accum<float> reff;
      for (std::size_t j = 0; j < ns; ++j) {
        physics::interact_quadrupole<float>(reff, c.f[0][j] - t.x[i], c.f[1][j] - t.y[i],
                                            c.f[2][j] - t.z[i], c.f[3][j], q[j], eps * eps);
      }
      const physics::Accum<double> ref{reff.ax, reff.ay, reff.az, reff.pot};
      expect_close(t, i, ref, 2e-5, 1e-9, "eps " + std::to_string(eps));
    }
  }
}

// One target, one source, each edge case through both kernels.
struct Edge {
  const char* name;
  float dx, m, eps;  // source offset along (1, 0.5, -0.25) times dx
};

TEST_P(CpuKernels, EdgeCases) {
  SCOPED_TRACE(cpu::simd_target_name());
  const physics::Quadrupole q{1e-3f, -2e-3f, 1e-3f, 5e-4f, -5e-4f, 2e-4f, 4e-3f};
  for (const Edge e : {Edge{"coincident, softened", 0, 1, 0.05f}, Edge{"coincident, unsoftened", 0, 1, 0},
                       Edge{"zero mass", 0.7f, 0, 0.05f}, Edge{"zero mass, unsoftened", 0.7f, 0, 0},
                       Edge{"huge distance", 1e15f, 1, 0.05f}, Edge{"huge distance, heavy", 1e12f, 1e20f, 0},
                       Edge{"tiny distance, softened", 1e-6f, 1, 0.05f},
                       Edge{"tiny distance, unsoftened", 1e-6f, 1, 0}}) {
    SCOPED_TRACE(e.name);
    const float sx = 0.25f + e.dx, sy = -0.5f + 0.5f * e.dx, sz = 1.0f - 0.25f * e.dx;
    const float eps2 = e.eps * e.eps;
    // Body term, float and double.
    Targets<float> t(1);
    t.x.assign(pad_targets(1), 0.25f), t.y.assign(pad_targets(1), -0.5f), t.z.assign(pad_targets(1), 1.0f);
    cpu::add_point_forces(t.view(), {&sx, &sy, &sz, &e.m, 1}, eps2);
    // Float against the scalar reference in float (both underflow alike at huge distances).
    physics::Accum<float> rf;
    physics::interact<float>(rf, sx - 0.25f, sy + 0.5f, sz - 1.0f, e.m, eps2);
    expect_close(t, 0, {rf.ax, rf.ay, rf.az, rf.pot}, 5e-6, 0, "body float");
    physics::Accum<double> ref;
    physics::interact<double>(ref, double(sx) - 0.25, double(sy) + 0.5, double(sz) - 1.0, e.m, eps2);
    Targets<double> td(1);
    td.x.assign(pad_targets(1), 0.25), td.y.assign(pad_targets(1), -0.5), td.z.assign(pad_targets(1), 1.0);
    const double dsx = sx, dsy = sy, dsz = sz, dm = e.m;
    cpu::add_point_forces(td.view(), {&dsx, &dsy, &dsz, &dm, 1}, double(eps2));
    expect_close(td, 0, ref, 1e-15, 0, "body double");
    // Quadrupole term (a zero-mass cell keeps its moments out: they scale with mass).
    const physics::Quadrupole qe = e.m > 0 ? q : physics::Quadrupole{};
    Cells c;
    c.add(sx, sy, sz, e.m, qe);
    Targets<float> tq(1);
    tq.x = t.x, tq.y = t.y, tq.z = t.z;
    cpu::add_quadrupole_forces(tq.view(), c.view(), eps2);
    physics::Accum<float> rq;
    physics::interact_quadrupole<float>(rq, sx - 0.25f, sy + 0.5f, sz - 1.0f, e.m, qe, eps2);
    expect_close(tq, 0, {rq.ax, rq.ay, rq.az, rq.pot}, 5e-6, 0, "quadrupole");
  }
}

std::string target_name(const ::testing::TestParamInfo<std::int64_t>& info) {
  cpu::restrict_simd_target(info.param);
  std::string s = cpu::simd_target_name();
  cpu::restrict_simd_target(0);
  return s;
}

INSTANTIATE_TEST_SUITE_P(Targets, CpuKernels, ::testing::ValuesIn(cpu::simd_targets()), target_name);

}  // namespace
}  // namespace galaxy
