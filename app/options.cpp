// SPDX-License-Identifier: MIT
#include "options.hpp"

#include "scenarios.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>

namespace galaxy::app {

namespace {
// Rejects NaN and infinities, which CLI11's number conversion lets through.
const CLI::Validator kFinite(
    [](std::string& s) -> std::string {
      double v = 0;
      try {
        std::size_t used = 0;
        v = std::stod(s, &used);
      } catch (...) {
        return "'" + s + "' is not a number";
      }
      return std::isfinite(v) ? std::string() : "'" + s + "' is not a finite number";
    },
    "FINITE");

const CLI::Validator kPositive(
    [](std::string& s) -> std::string {
      const double v = std::stod(s);
      return v > 0 ? std::string() : "must be greater than 0, got " + s;
    },
    "POSITIVE");

const CLI::Validator kNonNegative(
    [](std::string& s) -> std::string {
      const double v = std::stod(s);
      return v >= 0 ? std::string() : "must be 0 or more, got " + s;
    },
    "NON-NEGATIVE");

// Body counts: a positive whole number (CLI11 would wrap "-5" into a huge size_t).
const CLI::Validator kCount(
    [](std::string& s) -> std::string {
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) {
        return "must be a positive whole number, got '" + s + "'";
      }
      return std::stoull(s) > 0 ? std::string() : "must be a positive whole number, got " + s;
    },
    "COUNT");
}  // namespace

ParseResult parse_options(int argc, const char* const* argv) {
  ParseResult r;
  Options& o = r.options;
  CLI::App cli{"galaxy: a real-time Barnes-Hut galaxy simulator (CPU reference and CUDA)."};
  cli.set_version_flag("--version", "galaxy 0.1.0");

  std::string backend, solver = "bh";
  cli.add_option("--backend", backend, "cpu or cuda (default: cuda where a device is present)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  cli.add_option("--solver", solver, "bh (Barnes-Hut) or direct (all pairs)")
      ->check(CLI::IsMember({"bh", "direct"}))
      ->capture_default_str();
  cli.add_option("--scenario", o.scenario, "initial conditions")
      ->check(CLI::IsMember(scenario_names()))
      ->capture_default_str();
  cli.add_option("--bodies", o.bodies, "number of bodies")->check(kCount);
  cli.add_option("--seed", o.seed, "random seed of the initial conditions")->capture_default_str();
  cli.add_option("--theta", o.params.theta, "largest opening angle (with --alpha 0, the only test)")
      ->check(kFinite & kPositive)
      ->capture_default_str();
  cli.add_option("--dt", o.params.dt, "time step")->check(kFinite & kPositive)->capture_default_str();
  cli.add_option("--softening", o.params.softening, "Plummer softening length")
      ->check(kFinite & kNonNegative)
      ->capture_default_str();
  cli.add_option("--alpha", o.params.alpha,
                 "relative opening test: a cell's estimated error below alpha |a| (0: off)")
      ->check(kFinite & kNonNegative)
      ->capture_default_str();
  cli.add_option("--multipole", o.params.multipole, "cells as monopoles (0) or with quadrupoles (2)")
      ->check(CLI::IsMember({0, 2}))
      ->capture_default_str();
  cli.add_option("--leaf-size", o.params.leaf_size, "tuning: bodies a tree leaf holds at most")
      ->check(CLI::Range(1, kMaxLeafSize))
      ->capture_default_str();
  cli.add_option("--group-size", o.params.group_size, "tuning: bodies that share one GPU walk")
      ->check(CLI::Range(1, kMaxGroupSize))
      ->capture_default_str();
  cli.add_option("--steps", o.steps, "run this many steps, then exit")->check(CLI::NonNegativeNumber);
  cli.add_flag("--headless", o.headless, "no window: run in the terminal");
  cli.add_option("--save", o.save,
                 "write the final state to FILE (.gxy, .tipsy, .tipsy-le or .csv)");
  cli.add_option("--load", o.load, "start from the snapshot FILE (.gxy, Tipsy or .csv)");
  cli.add_option("--frames", o.frames, "render this many frames, then exit")
      ->check(CLI::PositiveNumber);
  cli.add_option("--record", o.record,
                 "write frames: DIR gets frame_00000.png ..., FILE.mp4 is encoded by ffmpeg");
  cli.add_flag("--no-ui", o.no_ui, "render without the panel");
  cli.add_option("--width", o.width, "image width in pixels (window 1280, headless 1920)")
      ->check(CLI::Range(16, 16384));
  cli.add_option("--height", o.height, "image height in pixels (window 720, headless 1080)")
      ->check(CLI::Range(16, 16384));
  cli.add_option("--splat", o.splat, "points (GL sprites), compute (compute-shader splat) or auto")
      ->check(CLI::IsMember({"auto", "points", "compute"}))
      ->capture_default_str();
  cli.add_option("--octree", o.octree, "show the octree overlay down to depth D")
      ->check(CLI::Range(0, 21));
  cli.add_option("--pick", o.pick, "show the tree walk of body I (accepted, opened, direct)")
      ->check(CLI::NonNegativeNumber);

  // `galaxy bench`: its own --bodies (a list), --backend and --solver lists; the scenario and the
  // physical parameters are shared with the run.
  CLI::App* bench = cli.add_subcommand("bench", "headless benchmark: per-stage times, throughput and accuracy");
  BenchOptions& b = o.bench_options;
  std::vector<std::string> bench_backends, bench_solvers{"bh", "direct"};
  bench->add_option("--bodies", b.bodies, "body counts, comma separated")
      ->delimiter(',')
      ->check(kCount)
      ->capture_default_str();
  bench->add_option("--backend", bench_backends, "backends, comma separated (default: all present)")
      ->delimiter(',')
      ->check(CLI::IsMember({"cpu", "cuda"}));
  bench->add_option("--solver", bench_solvers, "solvers, comma separated")
      ->delimiter(',')
      ->check(CLI::IsMember({"bh", "direct"}))
      ->capture_default_str();
  bench->add_option("--steps", b.steps, "timed steps per configuration")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  bench->add_option("--warmup", b.warmup, "untimed steps first")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  bench->add_option("--budget", b.budget_s,
                    "seconds one configuration may take; slower ones run fewer steps or are skipped")
      ->check(kFinite & kPositive)
      ->capture_default_str();
  bench->add_option("--samples", b.samples, "bodies of the float64 accuracy check")
      ->check(kCount)
      ->capture_default_str();
  bench->add_flag("!--no-direct-kernels", b.direct_kernels, "skip seed 001's direct-kernel comparison");
  bench->add_option("--csv", b.csv, "also write the rows to FILE.csv");
  bench->add_option("--scenario", o.scenario, "initial conditions")
      ->check(CLI::IsMember(scenario_names()))
      ->capture_default_str();
  bench->add_option("--seed", o.seed, "random seed")->capture_default_str();
  bench->add_option("--theta", b.thetas, "largest opening angles, comma separated (a row each)")
      ->delimiter(',')
      ->check(kFinite & kPositive)
      ->capture_default_str();
  bench->add_option("--multipole", b.multipoles, "multipole orders, comma separated: 0, 2")
      ->delimiter(',')
      ->check(CLI::IsMember({0, 2}))
      ->capture_default_str();
  bench->add_option("--alpha", b.alphas, "relative opening test at each alpha, comma separated (0: off)")
      ->delimiter(',')
      ->check(kFinite & kNonNegative)
      ->capture_default_str();
  bench->add_option("--leaf-size", o.params.leaf_size, "tuning: bodies a tree leaf holds at most")
      ->check(CLI::Range(1, kMaxLeafSize))
      ->capture_default_str();
  bench->add_option("--group-size", o.params.group_size, "tuning: bodies that share one GPU walk")
      ->check(CLI::Range(1, kMaxGroupSize))
      ->capture_default_str();
  bench->add_option("--dt", o.params.dt, "time step")->check(kFinite & kPositive)->capture_default_str();
  bench->add_option("--softening", o.params.softening, "Plummer softening length")
      ->check(kFinite & kNonNegative)
      ->capture_default_str();

  try {
    cli.parse(argc, argv);
    o.bench = bench->parsed();
    for (const std::string& s : bench_backends) b.backends.push_back(s == "cuda" ? Backend::Cuda : Backend::Cpu);
    b.solvers.clear();
    for (const std::string& s : bench_solvers) b.solvers.push_back(s == "direct" ? Solver::Direct : Solver::BarnesHut);
    if (!backend.empty()) o.backend = backend == "cuda" ? Backend::Cuda : Backend::Cpu;
    o.solver = solver == "direct" ? Solver::Direct : Solver::BarnesHut;
  } catch (const CLI::CallForHelp& e) {
    r.exit_code = cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    r.exit_code = cli.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "galaxy: " << e.what() << "\nRun 'galaxy --help' for the options.\n";
    r.exit_code = 2;
  }
  return r;
}

}  // namespace galaxy::app
