// SPDX-License-Identifier: MIT
// The body fields (sim/body_field.hpp; the colour maps of issue 14): the force error against the
// accuracy meter, the walk cost against the walk the overlay traces, the fields' statistics,
// values that follow the bodies into the vertices, and when the app computes them. Each simulation test runs on the CPU backend and, where a device is present, on
// CUDA (skipped with the reason otherwise).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <cmath>
#include <string>

#include "accuracy.hpp"
#include "colour_bar.hpp"
#include "colour_maps.hpp"
#include "cpu/cpu_simulation.hpp"
#include "reference.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

class ColourMaps : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    std::string why;
    if (GetParam() == Backend::Cuda && !cuda_available(&why)) GTEST_SKIP() << "skipped: " << why;
  }
  // The collision at n bodies after a few steps (the CUDA backend has re-sorted its bodies).
  std::unique_ptr<Simulation> run(std::size_t n, SimParams p = {}, Solver s = Solver::BarnesHut) {
    auto sim = make_simulation(GetParam(), s, p);
    sim->reset(make_scenario("collision", n, 3));
    for (int k = 0; k < 3; ++k) sim->step();
    sim->synchronize();
    return sim;
  }
  // How far a map value may be from the meter's number for the same body. The CPU computes both
  // with the same double sum: equal but for the float the map stores. The CUDA map sums float
  // pair terms in double tiles (error_map.cu): its reference differs by ~1e-6 relative.
  double tolerance(double e) const {
    return GetParam() == Backend::Cpu ? 1e-6 * e + 1e-12 : 1e-3 * e + 2e-5;
  }
};

TEST_P(ColourMaps, ErrorMapIsTheMetersNumberForTheMetersBodies) {
  auto sim = run(3000);
  const std::size_t samples = 300;
  const std::uint64_t seed = 9;
  const FieldStats stats = sim->show_field(BodyField::ForceError, seed, samples);
  const std::vector<float> map = sim->field_values();
  EXPECT_EQ(sim->shown_field(), BodyField::ForceError);
  ASSERT_EQ(map.size(), sim->size());
  // The meter's per-body numbers, from the backend's accelerations and a double direct sum.
  const HostBodies b = sim->download();
  const std::vector<int> targets = random_sample(b.size(), samples, seed);
  const std::vector<AccelD> ref = direct_forces_cpu_sample(b, targets, sim->params().softening);
  std::vector<double> at_targets;
  std::vector<char> sampled(b.size(), 0);
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const int i = targets[k];
    sampled[i] = 1;
    const double meter = relative_error(b.ax[i], b.ay[i], b.az[i], ref[k]);
    EXPECT_NEAR(map[i], meter, tolerance(meter)) << "body " << i;
    at_targets.push_back(map[i]);
  }
  std::size_t computed = 0;
  for (std::size_t i = 0; i < map.size(); ++i) {
    if (!sampled[i]) {
      EXPECT_TRUE(std::isnan(map[i])) << "body " << i << " is outside the sample";
    }
    computed += std::isfinite(map[i]) ? 1 : 0;
  }
  EXPECT_EQ(computed, samples);
  // And the statistics the meter reports for the same seed, which the field's own statistics
  // (on the device for CUDA) give too.
  const ErrorStats meter = sim->measure_accuracy(samples, seed), mine = error_stats(at_targets);
  EXPECT_EQ(mine.samples, meter.samples);
  EXPECT_NEAR(mine.median, meter.median, tolerance(meter.median));
  EXPECT_NEAR(mine.p99, meter.p99, tolerance(meter.p99));
  EXPECT_NEAR(mine.max, meter.max, tolerance(meter.max));
  EXPECT_EQ(stats.count, samples);
  EXPECT_EQ(stats.bodies, sim->size());
  EXPECT_NEAR(stats.median, meter.median, tolerance(meter.median));
  EXPECT_NEAR(stats.p99, meter.p99, tolerance(meter.p99));
  EXPECT_NEAR(stats.max, meter.max, tolerance(meter.max));
  EXPECT_GT(meter.median, 1e-6) << "a Barnes-Hut run has errors to map";
}

TEST_P(ColourMaps, WholeErrorMapAgreesWithItsSampleAndFollowsTheta) {
  auto sim = run(2000);
  sim->show_field(BodyField::ForceError, 1);
  const std::vector<float> all = sim->field_values();
  sim->show_field(BodyField::ForceError, 4, 100);
  const std::vector<float> some = sim->field_values();
  for (std::size_t i = 0; i < all.size(); ++i) {
    ASSERT_TRUE(std::isfinite(all[i]) && all[i] >= 0.0f) << "body " << i;
    if (std::isfinite(some[i])) {
      EXPECT_NEAR(some[i], all[i], 1e-6 * all[i]) << "body " << i;
    }
  }
  // Where accuracy goes: a smaller opening angle (geometric test) gives smaller errors.
  auto median_at = [&](float theta) {
    SimParams p;
    p.theta = theta;
    p.alpha = 0;
    auto sim = run(2000, p);
    sim->show_field(BodyField::ForceError, 1, 2000);
    const std::vector<float> e = sim->field_values();
    return error_stats(std::vector<double>(e.begin(), e.end())).median;
  };
  EXPECT_LT(median_at(0.3f) * 5, median_at(1.0f));
}

TEST_P(ColourMaps, CostMapCountsTheWalkOfEachBody) {
  auto sim = run(3000);
  const FieldStats stats = sim->show_field(BodyField::WalkCost);
  const std::vector<float> cost = sim->field_values();
  ASSERT_EQ(cost.size(), sim->size());
  for (std::size_t i : {0u, 1u, 17u, 500u, 1499u, 2999u}) {
    const WalkTrace t = sim->trace_walk(i);
    ASSERT_FALSE(t.truncated);
    EXPECT_EQ(cost[i], static_cast<float>(t.accepted.size() + t.direct.size())) << "body " << i;
  }
  // The map's total is the pass's interaction count.
  double total = 0;
  for (float c : cost) total += c;
  const InteractionCounts n = sim->interactions();
  EXPECT_EQ(total, static_cast<double>(n.body_body + n.body_cell));
  EXPECT_EQ(stats.total, total) << "the field's statistics sum what it shows";
  EXPECT_EQ(stats.count, sim->size());
  // Small angles cost more: with the geometric test alone (alpha 0; the default relative test
  // is stricter than theta 0.3 at this N on the GPU's group walk), a walk at theta 0.3
  // evaluates more than twice as much as at 1.
  const auto total_at = [&](float theta) {
    SimParams p;
    p.theta = theta;
    p.alpha = 0;
    double sum = 0;
    auto sim = run(3000, p);
    sim->show_field(BodyField::WalkCost);
    for (float c : sim->field_values()) sum += c;
    return sum;
  };
  EXPECT_GT(total_at(0.3f), 2 * total_at(1.0f));
}

TEST_P(ColourMaps, DirectSolverCostsNMinusOneABody) {
  auto sim = run(500, {}, Solver::Direct);
  sim->show_field(BodyField::WalkCost);
  for (float c : sim->field_values()) ASSERT_EQ(c, 499.0f);
}

TEST_P(ColourMaps, FieldValuesFollowTheBodiesByResetIndex) {
  auto sim = run(1500);
  const std::size_t n = sim->size();
  EXPECT_EQ(sim->shown_field(), BodyField::Speed);
  // A sample, so that some bodies are not computed: they are drawn grey (kNotComputed).
  sim->show_field(BodyField::ForceError, 3, 500);
  EXPECT_EQ(sim->shown_field(), BodyField::ForceError);
  const std::vector<float> values = sim->field_values();
  ASSERT_EQ(values.size(), n);
  for (int step = 0; step < 2; ++step) {  // the CUDA backend re-sorts its bodies every step
    std::vector<float> xyzs(4 * n);
    sim->write_vertices_host(xyzs.data(), nullptr);
    const HostBodies b = sim->download();
    std::map<std::pair<float, float>, std::size_t> index;  // a body by its x and z
    for (std::size_t k = 0; k < n; ++k) index[{b.x[k], b.z[k]}] = k;
    ASSERT_EQ(index.size(), n) << "bodies told apart by their positions";
    std::vector<char> seen(n, 0);
    std::size_t grey = 0;
    for (std::size_t v = 0; v < n; ++v) {
      const auto it = index.find({xyzs[4 * v + 0], xyzs[4 * v + 2]});
      ASSERT_NE(it, index.end()) << "vertex " << v;
      const std::size_t k = it->second;
      EXPECT_EQ(xyzs[4 * v + 3], drawable(values[k])) << "vertex " << v << " carries body " << k << "'s value";
      grey += xyzs[4 * v + 3] == kNotComputed ? 1 : 0;
      seen[k] = 1;
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<long>(n));
    EXPECT_EQ(grey, n - 500);
    sim->step();
  }
  sim->show_field(BodyField::Speed);
  EXPECT_EQ(sim->shown_field(), BodyField::Speed);
  std::vector<float> xyzs(4 * n);
  sim->write_vertices_host(xyzs.data(), nullptr);
  const HostBodies b = sim->download();
  float fastest = 0;
  for (std::size_t i = 0; i < n; ++i)
    fastest = std::max(fastest, std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]));
  for (std::size_t v = 0; v < n; ++v) ASSERT_LE(xyzs[4 * v + 3], fastest * 1.0001f) << "speeds again";
  for (std::size_t v = 0; v < n; ++v) ASSERT_GE(xyzs[4 * v + 3], 0.0f) << "speeds again";
  sim->show_field(BodyField::WalkCost);
  sim->reset(make_scenario("plummer", 700, 1));
  EXPECT_EQ(sim->shown_field(), BodyField::Speed) << "the values were the old bodies'";
}

INSTANTIATE_TEST_SUITE_P(Backends, ColourMaps, ::testing::Values(Backend::Cpu, Backend::Cuda),
                         [](const auto& info) { return std::string(to_string(info.param)); });

using Clock = std::chrono::steady_clock;

TEST(ColourMapPolicy, ErrorMapOnRequestAndAfterAChangeReachesTheForces) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 1000, 2));
  app::ColourMaps maps;
  app::Settings s;
  app::PanelStats st;
  const auto t = Clock::now();
  maps.update(*sim, s, st, t);
  EXPECT_EQ(maps.computed(), 0) << "no map shown";
  app::choose_field(s.render, *find_field("error"));
  maps.update(*sim, s, st, t);
  EXPECT_EQ(maps.computed(), 1);
  EXPECT_EQ(sim->shown_field(), BodyField::ForceError);
  EXPECT_NE(st.colour_map_info.find("all 1000 bodies"), std::string::npos) << st.colour_map_info;
  sim->step();
  maps.update(*sim, s, st, t + std::chrono::seconds(1));
  EXPECT_EQ(maps.computed(), 1) << "stepping alone does not recompute the error map";
  SimParams p = sim->params();
  p.theta = 0.5f;
  sim->set_params(p);
  maps.update(*sim, s, st, t);
  EXPECT_EQ(maps.computed(), 1) << "theta reaches the forces at the next step";
  sim->step();
  maps.update(*sim, s, st, t);
  EXPECT_EQ(maps.computed(), 2);
  maps.request_error_map();
  maps.update(*sim, s, st, t);
  EXPECT_EQ(maps.computed(), 3);
  s.render.color = render::ColorMode::Population;
  maps.update(*sim, s, st, t);
  EXPECT_EQ(sim->shown_field(), BodyField::Speed) << "the speed is drawn again";
  EXPECT_TRUE(st.colour_map_info.empty());
}

TEST(ColourMapPolicy, CostMapFollowsTheStepsAtMostFiveTimesASecond) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 1000, 2));
  app::ColourMaps maps;
  app::Settings s;
  app::PanelStats st;
  app::choose_field(s.render, *find_field("cost"));
  const auto t = Clock::now();
  maps.update(*sim, s, st, t);
  EXPECT_EQ(maps.computed(), 1);
  maps.update(*sim, s, st, t + std::chrono::seconds(1));
  EXPECT_EQ(maps.computed(), 1) << "no step, no new costs";
  sim->step();
  maps.update(*sim, s, st, t + std::chrono::milliseconds(50));
  EXPECT_EQ(maps.computed(), 1) << "at most five times a second";
  maps.update(*sim, s, st, t + std::chrono::milliseconds(300));
  EXPECT_EQ(maps.computed(), 2);
  EXPECT_NE(st.colour_map_info.find("interactions a body"), std::string::npos);
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

TEST(ColourBar, DecadeTicksAndShortLabels) {
  const std::vector<float> t = app::colour_bar_ticks(1e-5f, 1e-2f);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_FLOAT_EQ(t[1], 1e-4f);
  EXPECT_FLOAT_EQ(t[2], 1e-3f);
  // Under three decades: 1, 2 and 5 of each, and the ends.
  EXPECT_EQ(app::colour_bar_ticks(100.0f, 3e4f),
            (std::vector<float>{100, 200, 500, 1000, 2000, 5000, 10000, 20000, 30000}));
  EXPECT_EQ(app::tick_label(1e-4f), "1e-4");
  EXPECT_EQ(app::tick_label(300.0f), "300");
  EXPECT_EQ(app::tick_label(3e4f), "3e4");
  EXPECT_EQ(app::tick_label(2.5e-3f), "2.5e-3");
  const auto lo = app::map_colour(0.0f), hi = app::map_colour(1.0f);
  EXPECT_GT(hi[0] + hi[1] + hi[2], lo[0] + lo[1] + lo[2] + 1.0f) << "low values dark, high bright";
}

}  // namespace
}  // namespace galaxy
