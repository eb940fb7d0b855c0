// SPDX-License-Identifier: MIT
#include "cli/headless_run.hpp"

#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>

#include "cli/rank_table.hpp"
#include "cli/run_spec_options.hpp"
#include "cli/signals.hpp"
#include "run/run.hpp"
#include "text/progress_line.hpp"

namespace galaxy::app {

namespace {

// What the bodies come from, as the first line says it: the snapshot, the encounter file or the
// scenario.
std::string source_of(const Options& o) {
  if (!o.load.empty()) return o.load;
  if (!o.encounter.empty()) return "encounter " + o.encounter;
  return o.scenario + " scenario";
}

}  // namespace

int run_headless(const Options& o) {
  // A table read through a pipe or from a file is not lost to a stop or a crash: a line a row
  // (set before anything is written to standard output).
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  // In lockstep, drawing nothing and keeping no keyframes (run_spec: the energy table).
  Run run(run_spec(o),
          [](const std::string& path) { return terminal_progress("loading", path); });
  for (const std::string& note : run.start_notes()) {
    std::fprintf(stderr, "galaxy: %s\n", note.c_str());
  }
  run.start();
  const long steps = o.steps.value_or(100);
  const Diagnostics d0 = run.diagnostics();
  const Running started = run.status().running;
  std::printf("galaxy: %s, %s, N = %zu, %s\n", started.name.c_str(), source_of(o).c_str(),
              started.bodies, describe(started.params).c_str());
  // Where the run has physical units, time is shown in Myr and the header says what the energy's
  // unit is; a G = 1 run's columns are in its model units, as before.
  const Units units = started.units;
  const double time_unit = units.physical() ? units.time_myr() : 1.0;
  if (units.physical()) {
    std::printf("galaxy: units: length %.4g kpc, mass %.3g Msun, speed %.4g km/s, time %.4g Myr; "
                "energy in mass x speed^2 = %.3g Msun (km/s)^2\n",
                units.length_kpc, units.mass_msun, units.speed_kms(), units.time_myr(),
                units.mass_msun * units.speed_kms() * units.speed_kms());
  }
  std::printf("%8s %10s %14s %12s %10s %10s\n", "step", units.physical() ? "time[Myr]" : "time",
              units.physical() ? "energy[MV^2]" : "energy", "dE/|E0|", "virial", "ms/step");
  auto report = [&](const Diagnostics& d) {
    const StepReport now = run.status().step;
    const double rel = d0.total() != 0 ? (d.total() - d0.total()) / std::fabs(d0.total()) : 0.0;
    std::printf("%8llu %10.4f %14.8f %12.3e %10.4f %10.2f\n",
                static_cast<unsigned long long>(now.steps), now.time * time_unit, d.total(), rel,
                d.virial_ratio(), now.timings.total_ms);
  };
  report(d0);
  const long every = steps > 20 ? steps / 20 : 1;
  // Runaway detection: the run stops on the last good state (Runner: each step is finished
  // before the next, so a runaway is seen at the step that ran away).
  std::optional<Runaway> runaway;
  RankTable ranks;
  for (long k = 1; k <= steps && !runaway && !stop_signal(); ++k) {
    run.step();
    const RunnerStatus st = run.status();
    runaway = st.runaway;
    if (!runaway) ranks.add(st.step.ranks, st.steps);
    if (!runaway && (k % every == 0 || k == steps)) report(run.diagnostics());
  }
  if (!runaway) ranks.print(run.status().step.ranks);
  const int sig = stop_signal();
  const std::uint64_t last = run.status().steps;
  if (sig && !runaway) {
    report(run.diagnostics());
    std::fprintf(stderr, "galaxy: stopped by signal %d after step %llu\n", sig,
                 static_cast<unsigned long long>(last));
  }
  if (runaway) {
    std::fflush(stdout);
    std::fprintf(stderr, "galaxy: %s\n", runaway->message().c_str());
  }
  if (!o.save.empty()) {
    run.save(o.save, terminal_progress("saving", o.save));
    if (runaway) {
      std::printf("galaxy: wrote %s (the last good state, after step %llu)\n", o.save.c_str(),
                  static_cast<unsigned long long>(last));
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
