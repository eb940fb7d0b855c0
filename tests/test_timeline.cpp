// SPDX-License-Identifier: MIT
// Time that runs back (sim/timeline.hpp): keyframes within their budget, and a replay from a
// keyframe that gives the original run's bodies bit for bit, on the CPU and (with a device) the
// GPU.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#include "timeline.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

// Every array of the state a step reads, as bytes: equal means bit for bit.
std::vector<float> state_bits(const HostBodies& b) {
  std::vector<float> v;
  for (const auto* a : {&b.x, &b.y, &b.z, &b.vx, &b.vy, &b.vz, &b.ax, &b.ay, &b.az, &b.pot}) {
    v.insert(v.end(), a->begin(), a->end());
  }
  return v;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Runs `steps` steps keeping keyframes, then goes back `back` steps and forward again, and to a
// step in between: the bodies must be those of the original run, bit for bit.
void scrub_and_replay(Simulation& sim, std::uint64_t steps, std::uint64_t back) {
  Timeline timeline(std::size_t(1) << 34, 8);
  timeline.record(sim);
  const std::uint64_t middle = steps - back / 2;
  std::vector<float> at_middle;
  for (std::uint64_t k = 1; k <= steps; ++k) {
    sim.step();
    ASSERT_FALSE(sim.runaway());
    timeline.record(sim);
    if (sim.steps_taken() == middle) at_middle = state_bits(sim.download());
  }
  const std::vector<float> end = state_bits(sim.download());
  const double end_time = sim.time();
  ASSERT_TRUE(timeline.seek(sim, steps - back));
  EXPECT_EQ(sim.steps_taken(), steps - back);
  EXPECT_FALSE(same_bits(state_bits(sim.download()), end)) << "it went back";
  ASSERT_TRUE(timeline.seek(sim, steps));
  EXPECT_EQ(sim.steps_taken(), steps);
  EXPECT_EQ(sim.time(), end_time);
  EXPECT_TRUE(same_bits(state_bits(sim.download()), end)) << "the replay differs from the run";
  ASSERT_TRUE(timeline.seek(sim, middle));
  EXPECT_TRUE(same_bits(state_bits(sim.download()), at_middle)) << "step " << middle;
}

TEST(Timeline, CpuScrubBackAThousandStepsAndReplayIsBitIdentical) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("collision", 1500, 3));
  scrub_and_replay(*sim, 1000, 1000);
}

TEST(Timeline, CpuDirectSolverReplaysToo) {
  auto sim = make_simulation(Backend::Cpu, Solver::Direct, {});
  sim->reset(make_scenario("plummer", 300, 4));
  scrub_and_replay(*sim, 60, 50);
}

// Keyframe sizes: what CpuSimulation keeps a body (11 floats, 2 tag bytes).
constexpr std::size_t kCpuKeyframeBytesPerBody = 11 * sizeof(float) + 2;

TEST(Timeline, StaysWithinBudgetDenseNearNowSparseInThePast) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 200, 5));
  const std::size_t one = 200 * kCpuKeyframeBytesPerBody;
  Timeline timeline(12 * one, 2);
  timeline.record(*sim);
  for (int k = 0; k < 400; ++k) {
    sim->step();
    timeline.record(*sim);
    ASSERT_LE(timeline.bytes(), timeline.budget());
  }
  const std::vector<std::uint64_t> s = timeline.steps();
  ASSERT_EQ(s.size(), 12u);
  EXPECT_EQ(s.front(), 0u) << "the start is kept";
  EXPECT_EQ(s.back(), 400u) << "the newest is kept";
  EXPECT_EQ(timeline.bytes(), 12 * one);
  // Gaps grow with age: the newest gap is the smallest, the oldest the largest.
  std::vector<std::uint64_t> gaps;
  for (std::size_t i = 1; i < s.size(); ++i) gaps.push_back(s[i] - s[i - 1]);
  EXPECT_EQ(gaps.back(), 2u) << "one step back replays at most one step";
  EXPECT_GE(gaps.front(), 4 * gaps.back());
  // Any step since the start can be reached.
  const std::vector<float> now = state_bits(sim->download());
  ASSERT_TRUE(timeline.seek(*sim, 123));
  EXPECT_EQ(sim->steps_taken(), 123u);
  ASSERT_TRUE(timeline.seek(*sim, 400));
  EXPECT_TRUE(same_bits(state_bits(sim->download()), now));
}

// Past its count, the store thins as it does past its budget: a small run with a large budget
// keeps no more keyframes than the count, and its memory stops growing there.
TEST(Timeline, StopsAtItsCountOfKeyframesWithABudgetToSpare) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 100, 5));
  Timeline timeline(std::size_t(1) << 30, 1, 10);
  timeline.record(*sim);
  for (int k = 0; k < 200; ++k) {
    sim->step();
    timeline.record(*sim);
  }
  const std::vector<std::uint64_t> s = timeline.steps();
  ASSERT_EQ(s.size(), 10u);
  EXPECT_EQ(timeline.bytes(), 10 * 100 * kCpuKeyframeBytesPerBody);
  EXPECT_EQ(s.front(), 0u) << "the start is kept";
  EXPECT_EQ(s.back(), 200u) << "the newest is kept";
  EXPECT_EQ(s.back() - s[s.size() - 2], 1u) << "the recent past stays dense";
  EXPECT_GT(s[1] - s[0], 10u) << "the distant past thins";
  ASSERT_TRUE(timeline.seek(*sim, 77));
  EXPECT_EQ(sim->steps_taken(), 77u);
}

// A simulation that counts the keyframes asked of it (everything else is the CPU backend's).
class CountingSimulation final : public Simulation {
 public:
  mutable int captures = 0;
  std::unique_ptr<Simulation> s = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare) const override {
    ++captures;
    return s->capture(std::move(spare));
  }
  Backend backend() const override { return s->backend(); }
  std::string name() const override { return s->name(); }
  void reset(const HostBodies& b) override { s->reset(b); }
  void set_params(const SimParams& p) override { s->set_params(p); }
  const SimParams& params() const override { return s->params(); }
  void set_solver(Solver v) override { s->set_solver(v); }
  Solver solver() const override { return s->solver(); }
  void step() override { s->step(); }
  void compute_forces() override { s->compute_forces(); }
  void restore_forces(const HostBodies& b) override { s->restore_forces(b); }
  void set_clock(double t, std::uint64_t n) override { s->set_clock(t, n); }
  void restore(const Keyframe& k) override { s->restore(k); }
  std::optional<Runaway> runaway() override { return s->runaway(); }
  void clear_runaway() override { s->clear_runaway(); }
  std::size_t size() const override { return s->size(); }
  double time() const override { return s->time(); }
  std::uint64_t steps_taken() const override { return s->steps_taken(); }
  HostBodies download() const override { return s->download(); }
  Diagnostics diagnostics() const override { return s->diagnostics(); }
};

// A keyframe larger than the whole budget is taken once, not again every step (it was: a 5 GB
// copy and allocation a step at 100M bodies on the GPU), until the body count changes.
TEST(Timeline, AKeyframeLargerThanTheBudgetIsNotTakenAgainEveryStep) {
  CountingSimulation sim;
  sim.reset(make_scenario("plummer", 100, 5));
  Timeline timeline(100 * kCpuKeyframeBytesPerBody - 1, 1);
  for (int k = 0; k < 5; ++k) {
    timeline.record(sim);
    sim.step();
  }
  EXPECT_EQ(sim.captures, 1);
  EXPECT_TRUE(timeline.empty());
  EXPECT_NE(timeline.note().find("more than the budget"), std::string::npos) << timeline.note();
  sim.reset(make_scenario("plummer", 50, 5));
  timeline.record(sim);
  EXPECT_EQ(sim.captures, 2) << "another body count is tried";
  EXPECT_FALSE(timeline.empty());
}

TEST(Timeline, ForgetsTheFutureAndRefusesWhatItNeverKept) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 100, 6));
  Timeline timeline(1u << 20, 4);
  timeline.record(*sim);
  for (int k = 0; k < 20; ++k) {
    sim->step();
    timeline.record(*sim);
  }
  EXPECT_EQ(timeline.steps(), (std::vector<std::uint64_t>{0, 4, 8, 12, 16, 20}));
  timeline.forget_after(9);
  EXPECT_EQ(timeline.steps(), (std::vector<std::uint64_t>{0, 4, 8}));
  timeline.clear();
  EXPECT_EQ(timeline.bytes(), 0u);
  EXPECT_FALSE(timeline.seek(*sim, 3)) << "nothing kept";
  // A budget smaller than one keyframe keeps none, and says why.
  Timeline tiny(100, 1);
  tiny.record(*sim);
  EXPECT_TRUE(tiny.empty());
  EXPECT_NE(tiny.note().find("more than the budget"), std::string::npos) << tiny.note();
}

TEST(Timeline, AKeyframeRestoresOnlyIntoTheRunThatMadeItAtItsOwnBodyCount) {
  auto a = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  auto b = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  a->reset(make_scenario("plummer", 100, 7));
  b->reset(make_scenario("plummer", 100, 7));
  const auto k = a->capture();
  EXPECT_THROW(b->restore(*k), std::invalid_argument);
  // One of another body count (from before a galaxy was dropped in) brings its bodies back.
  const HostBodies at_k = a->download();
  a->reset(make_scenario("plummer", 50, 7));
  a->restore(*k);
  ASSERT_EQ(a->size(), 100u);
  EXPECT_EQ(a->download().x, at_k.x);
  EXPECT_EQ(a->download().vz, at_k.vz);
}

TEST(Timeline, TheWalkIsRefusedUntilTheNextStepAfterGoingBack) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 200, 8));
  const auto k = sim->capture();
  sim->step();
  sim->restore(*k);
  EXPECT_THROW(sim->overlays()->trace_walk(3), std::logic_error);
  sim->step();
  EXPECT_NO_THROW(sim->overlays()->trace_walk(3));
}

// The case: one million bodies, a thousand steps back, replayed on the device.
TEST(GpuTimeline, ScrubBackAThousandStepsAtOneMillionAndReplayIsBitIdentical) {
  REQUIRE_CUDA();
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  sim->reset(make_scenario("collision", 1000000, 9));
  scrub_and_replay(*sim, 1000, 1000);
}

TEST(GpuTimeline, KeyframeMemoryReturnsToBaselineOnClearAndReset) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  // Twice: CUDA loads kernels lazily, and the first reset after a step loads some (6 MB seen);
  // the baseline is taken once everything the test runs has run.
  for (int k = 0; k < 2; ++k) {
    sim->reset(make_scenario("collision", 200000, 10));
    sim->step();
  }
  sim->synchronize();
  const std::size_t baseline = test_support::cuda_device_memory_used();
  Timeline timeline(std::size_t(1) << 30, 1);
  std::size_t group_bytes = 0;
  for (int k = 0; k < 20; ++k) {
    sim->step();
    sim->synchronize();
    group_bytes += 4 * sim->meters()->interactions().groups;
    timeline.record(*sim);
  }
  // 20 keyframes of 53 bytes a body (positions, velocities, accelerations, ids, tags) and 4 a walk
  // group of the step's pass (its alpha |a|, kept since it left the potentials out).
  EXPECT_EQ(timeline.bytes(), 20u * 200000u * 53u + group_bytes);
  EXPECT_GE(test_support::cuda_device_memory_used(), baseline + timeline.bytes());
  timeline.clear();
  const std::size_t page = 2u << 20;  // the driver's granularity (test_gpu_simulation.cpp says more)
  EXPECT_LE(test_support::cuda_device_memory_used(), baseline + page);
  for (int k = 0; k < 5; ++k) {
    sim->step();
    timeline.record(*sim);
  }
  // The same bodies again (another scenario may need a larger node array: not the keyframes').
  sim->reset(make_scenario("collision", 200000, 10));
  timeline.clear();  // what the runner does on a reset
  sim->step();
  sim->synchronize();
  EXPECT_LE(test_support::cuda_device_memory_used(), baseline + page);
#else
  REQUIRE_CUDA();
#endif
}

}  // namespace
}  // namespace galaxy
