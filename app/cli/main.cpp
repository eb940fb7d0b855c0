// SPDX-License-Identifier: MIT
#include <csignal>
#include <cstdio>
#include <exception>

#include "app.hpp"
#include "cli/bench.hpp"
#include "cli/headless_run.hpp"
#include "cli/options.hpp"
#include "cli/preflight.hpp"
#include "cli/signals.hpp"
#include "cli/soak.hpp"
#include "panel/key_table.hpp"
#include "ranks.hpp"
#include "threads.hpp"

int main(int argc, char** argv) {
  // A file over the size limit (RLIMIT_FSIZE) or a closed pipe is an error galaxy reports with
  // the file's name, not a signal that ends the run.
  std::signal(SIGXFSZ, SIG_IGN);
  std::signal(SIGPIPE, SIG_IGN);
  galaxy::app::install_stop_signals();
  // Under mpirun: rank 0 runs the program below; the others carry out its simulation's
  // operations on their share of the bodies (sim/mpi/) until it ends.
  galaxy::Ranks ranks(argc, argv);
  if (ranks.rank() > 0) return ranks.serve();
  const auto parsed = galaxy::app::parse_options(argc, argv, galaxy::app::keys_text());
  if (parsed.exit_code) return *parsed.exit_code;
  // Output paths are checked before any work, so that a run is never lost at its end.
  if (const auto bad = galaxy::app::check_outputs(parsed.options)) {
    std::fprintf(stderr, "galaxy: %s\n", bad->c_str());
    return 2;
  }
  if (parsed.options.threads) galaxy::set_cpu_threads(*parsed.options.threads);
  try {
    if (parsed.options.bench) return galaxy::app::run_bench(parsed.options);
    if (parsed.options.soak_seconds) return galaxy::app::run_soak(parsed.options);
    if (galaxy::app::wants_energy_table(parsed.options)) {
      return galaxy::app::run_headless(parsed.options);
    }
    galaxy::app::App app(parsed.options);
    while (app.frame()) {
    }
    return app.exit_status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "galaxy: %s\n", e.what());
    return 1;
  }
}
