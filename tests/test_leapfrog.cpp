// SPDX-License-Identifier: MIT
// The integrator seam on the host: the leapfrog's parts (cpu/leapfrog.hpp) and the force terms
// it asks for between them (cpu/force_terms.hpp, gravity first: cpu/gravity.hpp).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>

#include "cpu/cpu_simulation.hpp"
#include "cpu/force_terms.hpp"
#include "cpu/gravity.hpp"
#include "cpu/leapfrog.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {
namespace {

HostBodies one_body(float x, float v, float a) {
  HostBodies b;
  b.resize(1);
  b.m[0] = 1.0f;
  b.x[0] = x, b.vx[0] = v, b.ax[0] = a;
  return b;
}

// Part 1 kicks with the old accelerations and drifts, the forces run at the drifted position,
// part 2 kicks with the new ones: a step taken in another order (drift first, or both kicks
// with one acceleration) lands elsewhere.
TEST(Leapfrog, StepIsPartOneThenTheForcesThenPartTwo) {
  const float dt = 0.25f, x0 = 1.0f, v0 = 2.0f, a0 = 4.0f, a1 = -8.0f;
  HostBodies b = one_body(x0, v0, a0);
  float x_seen = 0;
  leapfrog_step(b, dt, [&] {
    x_seen = b.x[0];
    b.ax[0] = a1;
  });
  const float v_half = v0 + a0 * (0.5f * dt);  // 2.5
  EXPECT_FLOAT_EQ(x_seen, x0 + v_half * dt);   // 1.625
  EXPECT_FLOAT_EQ(b.x[0], 1.625f);
  EXPECT_FLOAT_EQ(b.vx[0], v_half + a1 * (0.5f * dt));  // 1.5
}

// A term that pulls every body the same way (a uniform field), added after the first.
class UniformField final : public ForceTerm {
 public:
  explicit UniformField(float g) : g_(g) {}
  std::string_view name() const override { return "uniform field"; }
  void accelerations(HostBodies& b, const ForcePass&) override {
    for (std::size_t i = 0; i < b.size(); ++i) b.ax[i] += g_;
  }

 private:
  float g_;
};

class SetAcceleration final : public ForceTerm {
 public:
  std::string_view name() const override { return "set"; }
  void accelerations(HostBodies& b, const ForcePass&) override {
    for (std::size_t i = 0; i < b.size(); ++i) b.ax[i] = 1.0f;
  }
};

TEST(ForceTerms, TheFirstWritesTheLaterOnesAddInOrder) {
  ForceTerms terms;
  terms.add(std::make_unique<SetAcceleration>());
  terms.add(std::make_unique<UniformField>(0.5f));
  terms.add(std::make_unique<UniformField>(0.25f));
  ASSERT_EQ(terms.size(), 3u);
  EXPECT_EQ(terms[1].name(), "uniform field");
  HostBodies b = one_body(0, 0, 7.0f);
  const SimParams p;
  StageTimings t;
  InteractionCounts c;
  terms.accelerations(b, ForcePass{p, Solver::Direct, false, t, c});
  EXPECT_EQ(b.ax[0], 1.75f);
}

// A second term plugs into the integrator as the next issue's hydrodynamics will: one body
// (gravity pulls it nowhere) in a uniform field falls as x = g t^2 / 2, which the leapfrog
// integrates exactly for a constant acceleration.
TEST(ForceTerms, ASecondTermMovesTheBodiesThroughTheLeapfrog) {
  ForceTerms terms;
  terms.add(std::make_unique<CpuGravity>());
  terms.add(std::make_unique<UniformField>(-2.0f));
  HostBodies b = one_body(0, 0, -2.0f);
  const SimParams p;
  StageTimings t;
  InteractionCounts c;
  const float dt = 0.125f;
  const ForcePass pass{p, Solver::Direct, false, t, c};
  for (int k = 0; k < 8; ++k) leapfrog_step(b, dt, [&] { terms.accelerations(b, pass); });
  EXPECT_FLOAT_EQ(b.vx[0], -2.0f);  // g t at t = 1
  EXPECT_FLOAT_EQ(b.x[0], -1.0f);   // g t^2 / 2
  EXPECT_EQ(b.y[0], 0.0f);
}

// The gravity term alone gives CpuSimulation's forces bit for bit (reset computes them, twice
// with the relative criterion), and its counts.
TEST(CpuGravity, IsTheSimulationsForcePass) {
  for (Solver solver : {Solver::BarnesHut, Solver::Direct}) {
    SCOPED_TRACE(std::string(to_string(solver)));
    SimParams p{0.5f, 0.0125f, 0.05f};
    p.alpha = solver == Solver::BarnesHut ? 0.001f : 0.0f;
    const HostBodies start = make_plummer(1500, 9);
    CpuSimulation sim(solver, p);
    sim.reset(start);
    const HostBodies want = sim.download();
    HostBodies b = start;
    b.resize(start.size());
    CpuGravity g;
    StageTimings t;
    InteractionCounts c;
    g.accelerations(b, ForcePass{p, solver, false, t, c});
    if (p.alpha > 0) g.accelerations(b, ForcePass{p, solver, true, t, c});
    EXPECT_EQ(b.ax, want.ax);
    EXPECT_EQ(b.ay, want.ay);
    EXPECT_EQ(b.az, want.az);
    EXPECT_EQ(b.pot, want.pot);
    EXPECT_EQ(c.body_body, sim.interactions().body_body);
    EXPECT_EQ(c.body_cell, sim.interactions().body_cell);
    EXPECT_GT(t[Stage::Force], 0.0f);
  }
}

}  // namespace
}  // namespace galaxy
