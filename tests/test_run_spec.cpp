// SPDX-License-Identifier: MIT
// A run described without the command line (run/run_spec.hpp) and driven through the run
// interface (run/run.hpp), as a script would: built by hand, stepped, its parameters changed,
// galaxies added and taken out, saved, loaded, sent back in time; and the same run described by
// the command line's options (cli/run_spec_options.hpp) makes the same bodies.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "cli/run_spec_options.hpp"
#include "io/snapshot.hpp"
#include "run/run.hpp"
#include "scenarios/scenarios.hpp"
#include "snapshot_files.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using test_support::expect_bit_exact;
using test_support::temp_dir;

// 600 Plummer bodies on the CPU, in lockstep, drawing nothing, with keyframes.
app::RunSpec small_spec() {
  app::RunSpec spec;
  spec.bodies.scenario = "plummer";
  spec.bodies.count = 600;
  spec.backend = Backend::Cpu;
  spec.seed = 7;
  spec.rendering = false;
  spec.threaded = false;
  spec.keyframe_mib = 64;
  return spec;
}

// The bodies a run holds now, through its own save.
HostBodies bodies_of(app::Run& run, const fs::path& f) {
  run.save(f.string());
  return io::load_snapshot(f).bodies;
}

TEST(RunSpec, ARunByHandStepsTakesParametersSavesAndLoads) {
  const fs::path d = temp_dir();
  app::Run run(small_spec());
  run.start();
  EXPECT_EQ(run.status().running.bodies, 600u);
  EXPECT_EQ(run.status().running.backend, Backend::Cpu);
  EXPECT_EQ(run.status().running.source, "plummer");
  EXPECT_TRUE(std::isfinite(run.diagnostics().total()));
  run.step(5);
  EXPECT_EQ(run.status().steps, 5u);
  SimParams p = run.status().running.params;
  p.dt = 0.005f;
  run.set_params(p);
  SimParams bad = p;
  bad.theta = -1;
  EXPECT_THROW(run.set_params(bad), std::invalid_argument) << "checked before it is set";
  run.step(3);
  EXPECT_EQ(run.status().steps, 8u);
  EXPECT_EQ(run.status().running.params.dt, 0.005f);
  EXPECT_EQ(run.status().running.params.theta, p.theta);
  const fs::path f = d / "run.gxy";
  run.save(f.string());

  // Another run, of other bodies, takes the file: its bodies, clock and parameters.
  app::RunSpec other_spec = small_spec();
  other_spec.bodies.scenario = "collision";
  other_spec.bodies.count = 300;
  app::Run other(other_spec);
  other.start();
  const app::Loaded loaded = other.load(f.string());
  EXPECT_EQ(loaded.bodies, 600u);
  EXPECT_EQ(loaded.params.dt, 0.005f);
  EXPECT_EQ(other.status().steps, 8u);
  EXPECT_EQ(other.status().running.bodies, 600u);
  // Both go on bit for bit alike.
  run.step(4);
  other.step(4);
  EXPECT_EQ(other.status().steps, 12u);
  expect_bit_exact(bodies_of(run, d / "a.gxy"), bodies_of(other, d / "b.gxy"));
  fs::remove_all(d);
}

TEST(RunSpec, ARunGoesBackAndTakesGalaxiesInAndOut) {
  const fs::path d = temp_dir();
  app::Run run(small_spec());
  run.start();
  run.step(2);
  const HostBodies at2 = bodies_of(run, d / "at2.gxy");
  run.step(5);
  ASSERT_TRUE(run.seek(2));
  EXPECT_EQ(run.status().steps, 2u) << "a lockstep seek is done when it returns";
  expect_bit_exact(at2, bodies_of(run, d / "back.gxy"));

  EXPECT_EQ(run.add_galaxy(make_scenario("plummer", 100, 3)).get(), std::nullopt);
  EXPECT_EQ(run.status().running.bodies, 700u);
  EXPECT_EQ(run.status().steps, 2u) << "an edit keeps the clock";
  EXPECT_EQ(run.remove_galaxy_of(699).get(), std::nullopt);
  EXPECT_EQ(run.status().running.bodies, 600u);
  const auto refused = run.remove_galaxy_of(99999).get();
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->find("no body 99999"), std::string::npos) << *refused;
  EXPECT_EQ(run.undo().get(), std::nullopt);
  EXPECT_EQ(run.status().running.bodies, 700u) << "undo brings the galaxy back";
  run.step(1);
  EXPECT_EQ(run.status().steps, 3u);
  fs::remove_all(d);
}

TEST(RunSpec, TheCommandLinesSpecAndTheSameByHandMakeTheSameRun) {
  const fs::path d = temp_dir();
  std::vector<const char*> args{"galaxy", "--backend", "cpu", "--scenario", "disk", "--bodies",
                                "500",    "--seed",    "9",   "--theta",    "0.5", "--headless"};
  const app::ParseResult parsed = app::parse_options(int(args.size()), args.data());
  ASSERT_FALSE(parsed.exit_code);
  const app::RunSpec cli = app::run_spec(parsed.options);
  EXPECT_FALSE(cli.rendering) << "the energy table draws nothing";
  EXPECT_FALSE(cli.threaded);
  EXPECT_FALSE(cli.keyframes);

  app::RunSpec hand;
  hand.bodies.scenario = "disk";
  hand.bodies.count = 500;
  hand.backend = Backend::Cpu;
  hand.seed = 9;
  hand.set_param("theta", 0.5);
  hand.rendering = false;
  hand.threaded = false;
  hand.keyframes = false;
  EXPECT_EQ(hand.given_params, cli.given_params) << "theta, given on both";
  EXPECT_TRUE(hand.params == cli.params);
  EXPECT_THROW(hand.set_param("no such", 1), std::invalid_argument);

  app::Run a(cli), b(hand);
  a.start();
  b.start();
  a.step(3);
  b.step(3);
  expect_bit_exact(bodies_of(a, d / "cli.gxy"), bodies_of(b, d / "hand.gxy"));
  EXPECT_TRUE(a.status().running.params == b.status().running.params);
  EXPECT_FALSE(a.seek(1)) << "no keyframes where none were asked for";
  fs::remove_all(d);
}

TEST(RunSpec, AGivenParameterOverridesTheSnapshotsOwnAndSaysSo) {
  const fs::path d = temp_dir();
  const fs::path f = d / "start.gxy";
  {
    app::Run run(small_spec());
    run.start();
    run.step(2);
    run.save(f.string());
  }
  app::RunSpec spec = small_spec();
  spec.bodies.snapshot = f.string();
  spec.set_param("dt", 0.003);
  int reads = 0;
  app::Run run(spec, [&](const std::string& path) -> io::Progress {
    EXPECT_EQ(path, f.string());
    ++reads;
    return {};
  });
  EXPECT_EQ(reads, 1) << "the read's progress is made once, for the snapshot";
  run.start();
  ASSERT_EQ(run.start_notes().size(), 1u);
  EXPECT_NE(run.start_notes()[0].find("overrides the snapshot's"), std::string::npos)
      << run.start_notes()[0];
  EXPECT_EQ(run.status().running.params.dt, 0.003f);
  EXPECT_EQ(run.status().steps, 2u);
  EXPECT_EQ(run.status().running.source, "snapshot " + f.string());
  fs::remove_all(d);
}

// A script's (or the bench's) own bodies: the run starts from them as they are, and a reset makes
// the scenario again as after a snapshot.
TEST(RunSpec, GivenBodiesStartTheRunAsTheyAre) {
  const fs::path d = temp_dir();
  app::RunSpec spec = small_spec();
  spec.bodies.given = std::make_shared<const HostBodies>(make_scenario("collision", 900, 5));
  app::Run run(spec);
  run.start();
  EXPECT_EQ(run.status().running.bodies, 900u);
  EXPECT_EQ(run.status().running.source, "given bodies");
  HostBodies saved = bodies_of(run, d / "given.gxy");
  HostBodies given = *spec.bodies.given;
  given.ax = saved.ax, given.ay = saved.ay, given.az = saved.az, given.pot = saved.pot;  // computed
  expect_bit_exact(given, saved);
  run.step(2);
  EXPECT_EQ(run.status().steps, 2u);
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
