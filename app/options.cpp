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
  cli.add_option("--theta", o.params.theta, "Barnes-Hut opening angle")
      ->check(kFinite & kPositive)
      ->capture_default_str();
  cli.add_option("--dt", o.params.dt, "time step")->check(kFinite & kPositive)->capture_default_str();
  cli.add_option("--softening", o.params.softening, "Plummer softening length")
      ->check(kFinite & kNonNegative)
      ->capture_default_str();
  cli.add_option("--steps", o.steps, "run this many steps, then exit")->check(CLI::NonNegativeNumber);
  cli.add_flag("--headless", o.headless, "no window: run in the terminal");
  cli.add_option("--save", o.save,
                 "write the final state to FILE (.gxy, .tipsy, .tipsy-le or .csv)");
  cli.add_option("--load", o.load, "start from the snapshot FILE (.gxy, Tipsy or .csv)");

  try {
    cli.parse(argc, argv);
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
