// SPDX-License-Identifier: MIT
// Issue 12, runaway runs: a step that runs away stops the run on the last good state, on both
// backends and headless, and no save writes a non-finite body.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli/headless_run.hpp"
#include "hostile_support.hpp"
#include "io/csv.hpp"
#include "io/snapshot.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

// --- Runaway detection ---------------------------------------------------------------------

void expect_same(const HostBodies& a, const HostBodies& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a.x[i], b.x[i]) << i;
    ASSERT_EQ(a.vx[i], b.vx[i]) << i;
    ASSERT_EQ(a.az[i], b.az[i]) << i;
  }
}

void runaway_on(Backend backend) {
  SimParams p;
  auto sim = make_simulation(backend, Solver::BarnesHut, p);
  sim->reset(make_scenario("plummer", 3000, 5));
  for (int k = 0; k < 3; ++k) sim->step();
  sim->synchronize();
  ASSERT_FALSE(sim->runaway());
  const HostBodies good = sim->download();
  const double t_good = sim->time();
  p.dt = 1e30f;
  sim->set_params(p);
  // The GPU notices a step or more late (passes in flight): the later steps change nothing.
  for (int k = 0; k < 5; ++k) sim->step();
  sim->synchronize();
  const std::optional<Runaway> r = sim->runaway();
  ASSERT_TRUE(r) << "dt = 1e30 went unnoticed";
  EXPECT_EQ(r->step, 4u);
  EXPECT_EQ(r->good_step, 3u);
  EXPECT_FALSE(r->bodies.empty());
  EXPECT_GT(r->count, 0u);
  EXPECT_NE(r->message().find("step 4 ran away"), std::string::npos) << r->message();
  EXPECT_EQ(sim->steps_taken(), 3u);
  EXPECT_DOUBLE_EQ(sim->time(), t_good);
  expect_same(sim->download(), good);
  sim->step();  // stopped
  EXPECT_EQ(sim->steps_taken(), 3u);
  // Going on from the last good state with a sane dt.
  p.dt = 0.0125f;
  sim->set_params(p);
  sim->clear_runaway();
  sim->step();
  sim->synchronize();
  EXPECT_FALSE(sim->runaway());
  EXPECT_EQ(sim->steps_taken(), 4u);
  const HostBodies b = sim->download();
  for (std::size_t i = 0; i < b.size(); ++i) ASSERT_TRUE(std::isfinite(b.x[i])) << i;
}

TEST(Hostile, CpuRunawayStopsOnTheLastGoodState) {
  runaway_on(Backend::Cpu);
}

TEST(Hostile, GpuRunawayStopsOnTheLastGoodState) {
  std::string why;
  if (!cuda_available(&why)) GTEST_SKIP() << "skipped: no CUDA device: " << why;
  runaway_on(Backend::Cuda);
}

void one_body_far_away(Backend backend) {
  HostBodies b = make_scenario("plummer", 1000, 9);
  b.x[17] = 3e38f;  // finite, but its square is not
  auto sim = make_simulation(backend, Solver::BarnesHut, SimParams{});
  sim->reset(b);
  sim->step();
  sim->step();
  sim->synchronize();
  const std::optional<Runaway> r = sim->runaway();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->step, 1u);
  EXPECT_EQ(sim->steps_taken(), 0u);
  EXPECT_EQ(sim->download().x[17], 3e38f) << "the state before the step";
}

TEST(Hostile, CpuBodyAt3e38IsARunaway) {
  one_body_far_away(Backend::Cpu);
}

TEST(Hostile, GpuBodyAt3e38IsARunaway) {
  std::string why;
  if (!cuda_available(&why)) GTEST_SKIP() << "skipped: no CUDA device: " << why;
  one_body_far_away(Backend::Cuda);
}

TEST(Hostile, HeadlessRunawayExitsThreeAndSavesNoNaN) {
  const fs::path f = temp("galaxy_runaway.csv");
  fs::remove(f);
  const CommandResult r =
      run("--headless --backend cpu --bodies 400 --dt 1e30 --steps 5 --save " + f.string());
  EXPECT_EQ(r.status, app::kExitRunaway) << r.output;
  EXPECT_NE(r.output.find("step 1 ran away"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("nan"), std::string::npos) << r.output;
  const HostBodies b = io::load_csv(f).bodies;  // a load refuses NaN
  EXPECT_EQ(b.size(), 400u);
  fs::remove(f);
}

TEST(Hostile, HeadlessRenderRunawayExitsThree) {
  const CommandResult r =
      run("--headless --backend cpu --bodies 300 --dt 1e30 --frames 5 --no-ui "
          "--width 64 --height 64");
  if (no_gl(r)) GTEST_SKIP() << no_gl_reason(r);
  EXPECT_EQ(r.status, app::kExitRunaway) << r.output;
  EXPECT_NE(r.output.find("ran away"), std::string::npos) << r.output;
}

TEST(Hostile, SavesRefuseNonFiniteBodiesInEveryFormat) {
  HostBodies b = make_scenario("plummer", 10, 1);
  b.y[3] = std::nanf("");
  for (const char* ext : {".csv", ".gxy", ".tipsy"}) {
    const fs::path f = temp(std::string("galaxy_nan") + ext);
    fs::remove(f);
    EXPECT_THROW(io::save_snapshot(f, {b, 0, 0, SimParams{}, {}, {}}), std::runtime_error) << ext;
    EXPECT_FALSE(fs::exists(f)) << ext;
  }
}

}  // namespace
}  // namespace galaxy
