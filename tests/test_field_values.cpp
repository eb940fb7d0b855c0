// SPDX-License-Identifier: MIT
// The backends' body-field values (sim/body_field_table.hpp; the colour maps of issue 14): the
// force error against the accuracy meter, the walk cost against the walk the overlay traces, the
// fields' statistics and values that follow the bodies into the vertices. Each test runs on the
// CPU backend and, where a device is present, on CUDA (skipped with the reason otherwise).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "accuracy.hpp"
#include "reference.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"

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
  // pair terms in double tiles (field_buffers.cu): its reference differs by ~1e-6 relative.
  double tolerance(double e) const {
    return GetParam() == Backend::Cpu ? 1e-6 * e + 1e-12 : 1e-3 * e + 2e-5;
  }
};

TEST_P(ColourMaps, ErrorMapIsTheMetersNumberForTheMetersBodies) {
  auto sim = run(3000);
  const std::size_t samples = 300;
  const std::uint64_t seed = 9;
  const FieldStats stats = sim->fields()->show_field(BodyField::ForceError, seed, samples);
  const std::vector<float> map = sim->fields()->field_values();
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::ForceError);
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
  const ErrorStats meter = sim->meters()->measure_accuracy(samples, seed),
                   mine = error_stats(at_targets);
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
  sim->fields()->show_field(BodyField::ForceError, 1);
  const std::vector<float> all = sim->fields()->field_values();
  sim->fields()->show_field(BodyField::ForceError, 4, 100);
  const std::vector<float> some = sim->fields()->field_values();
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
    sim->fields()->show_field(BodyField::ForceError, 1, 2000);
    const std::vector<float> e = sim->fields()->field_values();
    return error_stats(std::vector<double>(e.begin(), e.end())).median;
  };
  EXPECT_LT(median_at(0.3f) * 5, median_at(1.0f));
}

TEST_P(ColourMaps, CostMapCountsTheWalkOfEachBody) {
  auto sim = run(3000);
  const FieldStats stats = sim->fields()->show_field(BodyField::WalkCost);
  const std::vector<float> cost = sim->fields()->field_values();
  ASSERT_EQ(cost.size(), sim->size());
  for (std::size_t i : {0u, 1u, 17u, 500u, 1499u, 2999u}) {
    const WalkTrace t = sim->overlays()->trace_walk(i);
    ASSERT_FALSE(t.truncated);
    EXPECT_EQ(cost[i], static_cast<float>(t.accepted.size() + t.direct.size())) << "body " << i;
  }
  // The map's total is the pass's interaction count.
  double total = 0;
  for (float c : cost) total += c;
  const InteractionCounts n = sim->meters()->interactions();
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
    sim->fields()->show_field(BodyField::WalkCost);
    for (float c : sim->fields()->field_values()) sum += c;
    return sum;
  };
  EXPECT_GT(total_at(0.3f), 2 * total_at(1.0f));
}

TEST_P(ColourMaps, DirectSolverCostsNMinusOneABody) {
  auto sim = run(500, {}, Solver::Direct);
  sim->fields()->show_field(BodyField::WalkCost);
  for (float c : sim->fields()->field_values()) ASSERT_EQ(c, 499.0f);
}

TEST_P(ColourMaps, FieldValuesFollowTheBodiesByResetIndex) {
  auto sim = run(1500);
  const std::size_t n = sim->size();
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::Speed);
  // A sample, so that some bodies are not computed: they are drawn grey (kNotComputed).
  sim->fields()->show_field(BodyField::ForceError, 3, 500);
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::ForceError);
  const std::vector<float> values = sim->fields()->field_values();
  ASSERT_EQ(values.size(), n);
  for (int step = 0; step < 2; ++step) {  // the CUDA backend re-sorts its bodies every step
    std::vector<float> xyzs(4 * n);
    sim->vertices()->write_vertices_host(xyzs.data(), nullptr);
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
  sim->fields()->show_field(BodyField::Speed);
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::Speed);
  std::vector<float> xyzs(4 * n);
  sim->vertices()->write_vertices_host(xyzs.data(), nullptr);
  const HostBodies b = sim->download();
  float fastest = 0;
  for (std::size_t i = 0; i < n; ++i)
    fastest = std::max(fastest, std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]));
  for (std::size_t v = 0; v < n; ++v) ASSERT_LE(xyzs[4 * v + 3], fastest * 1.0001f) << "speeds again";
  for (std::size_t v = 0; v < n; ++v) ASSERT_GE(xyzs[4 * v + 3], 0.0f) << "speeds again";
  sim->fields()->show_field(BodyField::WalkCost);
  sim->reset(make_scenario("plummer", 700, 1));
  EXPECT_EQ(sim->fields()->shown_field(), BodyField::Speed) << "the values were the old bodies'";
}

// Every field's statistics (on the device for CUDA) are those the host computes from the values
// the backend shows, over the same bodies.
TEST_P(ColourMaps, FieldStatsAreTheHostsOverTheShownValues) {
  auto sim = run(2501);  // not a multiple of any block size
  for (const BodyFieldInfo& f : body_fields()) {
    const FieldStats dev = sim->fields()->show_field(f.field, 5, 700);
    const FieldStats host = field_stats(f.field, sim->fields()->field_values());
    SCOPED_TRACE(std::string(f.name));
    EXPECT_EQ(dev.field, f.field);
    EXPECT_EQ(dev.bodies, sim->size());
    EXPECT_EQ(dev.count, host.count);
    EXPECT_EQ(dev.count, f.sampled ? 700u : sim->size());
    // The host sums in float order, the device in double in its own order: equal to 1e-6.
    EXPECT_NEAR(dev.total, host.total, 1e-6 * std::abs(host.total));
    EXPECT_NEAR(dev.mean, host.mean, 1e-6 * std::abs(host.mean));
    EXPECT_EQ(dev.median, host.median);
    EXPECT_EQ(dev.p99, host.p99);
    EXPECT_EQ(dev.max, host.max);
    EXPECT_GT(dev.max, 0.0);
    EXPECT_GE(dev.seconds, 0.0);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, ColourMaps, ::testing::Values(Backend::Cpu, Backend::Cuda),
                         [](const auto& info) { return std::string(to_string(info.param)); });

// The CUDA backend's field statistics (reduced on the device) against the CPU's and the host's
// over the same bodies.
TEST(GpuBodyFields, DeviceStatisticsAgreeWithTheCpuOverTheSameBodies) {
  REQUIRE_CUDA();
  const HostBodies bodies = make_scenario("collision", 5000, 8);
  auto cpu = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  auto gpu = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  cpu->reset(bodies);
  gpu->reset(bodies);
  // The speeds of the same bodies: equal but for the device's rounding of |v| (fused products).
  const FieldStats c = cpu->fields()->show_field(BodyField::Speed),
                   g = gpu->fields()->show_field(BodyField::Speed);
  EXPECT_EQ(g.count, c.count);
  EXPECT_NEAR(g.median, c.median, 1e-6 * c.median);
  EXPECT_NEAR(g.p99, c.p99, 1e-6 * c.p99);
  EXPECT_NEAR(g.max, c.max, 1e-6 * c.max);
  EXPECT_NEAR(g.total, c.total, 1e-5 * c.total);
  EXPECT_EQ(gpu->fields()->shown_field(), BodyField::Speed) << "the speed is drawn live";
  // The force error: the device's statistics against the host's double direct sum over the
  // accelerations the device left, for the same sample (2e-5 + 1e-3 relative: field_buffers.cu's
  // float pair terms).
  const std::size_t samples = 777;
  const FieldStats e = gpu->fields()->show_field(BodyField::ForceError, 11, samples);
  const HostBodies b = gpu->download();
  const std::vector<int> targets = random_sample(b.size(), samples, 11);
  const ErrorStats host = relative_errors(b, targets, direct_forces_cpu_sample(b, targets, 0.05f));
  EXPECT_EQ(e.count, samples);
  EXPECT_NEAR(e.median, host.median, 1e-3 * host.median + 2e-5);
  EXPECT_NEAR(e.p99, host.p99, 1e-3 * host.p99 + 2e-5);
  EXPECT_NEAR(e.max, host.max, 1e-3 * host.max + 2e-5);
  // And one body: nothing to sum against, nothing to break.
  gpu->reset(make_scenario("plummer", 1, 1));
  const FieldStats one = gpu->fields()->show_field(BodyField::WalkCost);
  EXPECT_EQ(one.bodies, 1u);
  EXPECT_LE(one.count, 1u);
}

}  // namespace
}  // namespace galaxy
