// SPDX-License-Identifier: MIT
#include "cli/headless_run.hpp"

#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>

#include "text/progress_line.hpp"
#include "cli/rank_table.hpp"
#include "cli/run_spec_options.hpp"
#include "cli/signals.hpp"
#include "run/session.hpp"

namespace galaxy::app {

int run_headless(const Options& o) {
  // A table read through a pipe or from a file is not lost to a stop or a crash: a line a row
  // (set before anything is written to standard output).
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  Session session(run_spec(o),
                  [](const std::string& path) { return terminal_progress("loading", path); });
  for (const std::string& note : session.start_notes()) {
    std::fprintf(stderr, "galaxy: %s\n", note.c_str());
  }
  Simulation& sim = session.simulation();
  const long steps = o.steps.value_or(100);
  const Diagnostics d0 = sim.diagnostics();
  const std::string source = o.load.empty() ? o.scenario + " scenario" : o.load;
  std::printf("galaxy: %s, %s, N = %zu, %s\n", sim.name().c_str(), source.c_str(), sim.size(),
              describe(sim.params()).c_str());
  std::printf("%8s %10s %14s %12s %10s %10s\n", "step", "time", "energy", "dE/|E0|", "virial",
              "ms/step");
  auto report = [&](const Diagnostics& d) {
    const double rel = d0.total() != 0 ? (d.total() - d0.total()) / std::fabs(d0.total()) : 0.0;
    std::printf("%8llu %10.4f %14.8f %12.3e %10.4f %10.2f\n",
                static_cast<unsigned long long>(sim.steps_taken()), sim.time(), d.total(), rel,
                d.virial_ratio(), sim.timings().total_ms);
  };
  report(d0);
  const long every = steps > 20 ? steps / 20 : 1;
  // Runaway detection: the backend stops on the last good state (the CUDA backend notices a
  // step after it ran; diagnostics() and synchronize() catch up).
  std::optional<Runaway> runaway;
  RankTable ranks;
  for (long k = 1; k <= steps && !runaway && !stop_signal(); ++k) {
    sim.step();
    runaway = sim.runaway();
    if (!runaway) ranks.add(sim.ranks(), sim.steps_taken());
    if (!runaway && (k % every == 0 || k == steps)) {
      const Diagnostics d = sim.diagnostics();
      runaway = sim.runaway();
      if (!runaway) report(d);
    }
  }
  sim.synchronize();
  if (!runaway) runaway = sim.runaway();
  if (!runaway) ranks.print(sim.ranks());
  const int sig = stop_signal();
  if (sig && !runaway) {
    report(sim.diagnostics());
    std::fprintf(stderr, "galaxy: stopped by signal %d after step %llu\n", sig,
                 static_cast<unsigned long long>(sim.steps_taken()));
  }
  if (runaway) {
    std::fflush(stdout);
    std::fprintf(stderr, "galaxy: %s\n", runaway->message().c_str());
  }
  if (!o.save.empty()) {
    session.save(o.save, terminal_progress("saving", o.save));
    if (runaway) {
      std::printf("galaxy: wrote %s (the last good state, after step %llu)\n", o.save.c_str(),
                  static_cast<unsigned long long>(sim.steps_taken()));
    } else {
      std::printf("galaxy: wrote %s\n", o.save.c_str());
    }
  }
  std::fflush(stdout);
  if (runaway) return kExitRunaway;
  // A signal during the save (it finished first) still says the run was stopped.
  if (const int late = stop_signal()) return exit_status_for(late);
  return 0;
}

}  // namespace galaxy::app
