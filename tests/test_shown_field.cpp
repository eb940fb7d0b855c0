// SPDX-License-Identifier: MIT
// When the app computes the shown body field again (picture/shown_field.hpp): the force error on
// request and after a change has reached the forces, the walk cost after steps at most five
// times a second, and the sample each backend's budget allows.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>

#include "cpu/cpu_simulation.hpp"
#include "panel/colour_bar.hpp"
#include "picture/shown_field.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

using Clock = std::chrono::steady_clock;

TEST(ColourMapPolicy, ErrorMapOnRequestAndAfterAChangeReachesTheForces) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 1000, 2));
  app::ShownField maps;
  render::RenderParams look;
  app::FieldReport st;
  const auto t = Clock::now();
  maps.update(*sim, look, st, t);
  EXPECT_EQ(maps.computed(), 0) << "no map shown";
  app::choose_field(look, *find_field("error"));
  maps.update(*sim, look, st, t);
  EXPECT_EQ(maps.computed(), 1);
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::ForceError);
  EXPECT_NE(st.info.find("all 1000 bodies"), std::string::npos) << st.info;
  sim->step();
  maps.update(*sim, look, st, t + std::chrono::seconds(1));
  EXPECT_EQ(maps.computed(), 1) << "stepping alone does not recompute the error map";
  SimParams p = sim->params();
  p.theta = 0.5f;
  sim->set_params(p);
  maps.update(*sim, look, st, t);
  EXPECT_EQ(maps.computed(), 1) << "theta reaches the forces at the next step";
  sim->step();
  maps.update(*sim, look, st, t);
  EXPECT_EQ(maps.computed(), 2);
  maps.request_error_map();
  maps.update(*sim, look, st, t);
  EXPECT_EQ(maps.computed(), 3);
  look.color = render::ColorMode::Population;
  maps.update(*sim, look, st, t);
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::Speed) << "the speed is drawn again";
  EXPECT_TRUE(st.info.empty());
}

TEST(ColourMapPolicy, CostMapFollowsTheStepsAtMostFiveTimesASecond) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 1000, 2));
  app::ShownField maps;
  render::RenderParams look;
  app::FieldReport st;
  app::choose_field(look, *find_field("cost"));
  const auto t = Clock::now();
  maps.update(*sim, look, st, t);
  EXPECT_EQ(maps.computed(), 1);
  maps.update(*sim, look, st, t + std::chrono::seconds(1));
  EXPECT_EQ(maps.computed(), 1) << "no step, no new costs";
  sim->step();
  maps.update(*sim, look, st, t + std::chrono::milliseconds(50));
  EXPECT_EQ(maps.computed(), 1) << "at most five times a second";
  maps.update(*sim, look, st, t + std::chrono::milliseconds(300));
  EXPECT_EQ(maps.computed(), 2);
  EXPECT_NE(st.info.find("interactions a body"), std::string::npos);
}

TEST(ColourMapPolicy, ErrorMapSamplesWhatTheBudgetAllows) {
  EXPECT_EQ(sample_size(CpuSimulation::kErrorFieldPairs, 20000), 20000u);
  EXPECT_EQ(sample_size(CpuSimulation::kErrorFieldPairs, 1000000), 400u);
#if GALAXY_HAVE_CUDA
  EXPECT_EQ(sample_size(CudaSimulation::kErrorFieldPairs, 1000000), 1500000u) << "a million: all";
  EXPECT_EQ(sample_size(CudaSimulation::kErrorFieldPairs, 10000000), 150000u);
#endif
  EXPECT_EQ(drawable(0.5f), 0.5f);
  EXPECT_EQ(drawable(std::nanf("")), kNotComputed) << "not computed: drawn grey";
  EXPECT_EQ(drawable(INFINITY), kNotComputed);
}

}  // namespace
}  // namespace galaxy
