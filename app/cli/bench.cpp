// SPDX-License-Identifier: MIT
#include "cli/bench.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/signals.hpp"
#include "io/atomic_file.hpp"
#include "median.hpp"
#include "ranks.hpp"
#include "run/run.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy::app {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Float operations per interaction, to turn counts into rates: the pair interaction and the
// quadrupole and octupole cells as physics.hpp counts them (multiply-adds as two), the monopole
// cell a pair.
constexpr double kFlopsBodyBody = 20, kFlopsQuadrupole = 53, kFlopsOctupole = 142;

struct Row {
  std::string scenario;
  std::size_t n = 0;
  std::string backend, solver;
  float theta = 0, alpha = 0;
  int multipole = 0;
  double body_body_per_body = 0, body_cell_per_body = 0, gflops = 0;
  double bodies_per_group = 0;  // the GPU walk's mean group fill
  std::array<double, kStageCount> stage_ms{};
  double step_ms = 0, wall_ms = 0;
  double bodies_per_s = 0, interactions_per_s = 0;
  double interactions_per_body = 0;
  ErrorStats err;
  int steps = 0;
  std::string note;  // why a configuration was skipped or shortened
  bool skipped = false;
};

// Predicted seconds of one step at `n` from the last measured size: O(N^2) for direct sums,
// about O(N log N) for the tree.
struct Predictor {
  std::map<std::string, std::pair<std::size_t, double>> last;  // config -> (n, seconds per step)
  std::optional<double> predict(const std::string& config, std::size_t n, bool quadratic) const {
    const auto it = last.find(config);
    if (it == last.end()) return std::nullopt;
    const double r = double(n) / double(it->second.first);
    return it->second.second * (quadratic ? r * r : r * std::log2(std::max(2.0, double(n))) /
                                                         std::log2(std::max(2.0, double(it->second.first))));
  }
};

void print_header() {
  std::printf("%10s %-12s %5s %6s %2s", "N", "config", "theta", "alpha", "mp");
  for (int s = 0; s < kStageCount; ++s) {
    std::string name(stage_name(Stage(s)));
    if (name.size() > 9) name = name.substr(0, 9);
    std::printf(" %9s", name.c_str());
  }
  std::printf(" %9s %9s %9s %9s %7s %7s %7s %9s %9s %9s\n", "ms/step", "wall ms", "bodies/s",
              "inter/s", "pp/body", "pc/body", "Gflop/s", "err med", "err p99", "err max");
}

void print_row(const Row& r) {
  const std::string config = r.backend + "/" + r.solver;
  std::printf("%10zu %-12s %5.2f %6.4f %2d", r.n, config.c_str(), r.theta, r.alpha, r.multipole);
  if (r.skipped) {
    std::printf(" skipped: %s\n", r.note.c_str());
    return;
  }
  for (int s = 0; s < kStageCount; ++s) std::printf(" %9.3f", r.stage_ms[s]);
  std::printf(" %9.3f %9.3f %9.3g %9.3g %7.0f %7.0f %7.0f %9.2e %9.2e %9.2e", r.step_ms, r.wall_ms,
              r.bodies_per_s, r.interactions_per_s, r.body_body_per_body, r.body_cell_per_body,
              r.gflops, r.err.median, r.err.p99, r.err.max);
  if (r.bodies_per_group > 0) std::printf("  %.1f bodies/group", r.bodies_per_group);
  if (!r.note.empty()) std::printf("  (%s)", r.note.c_str());
  std::printf("\n");
  std::fflush(stdout);
}

void write_rows(std::ostream& f, const std::vector<Row>& rows);

// Whole or not at all (io::atomic_write: checked to the close, a temporary renamed).
void write_csv(const std::string& path, const std::vector<Row>& rows) {
  io::atomic_write(path, [&](std::ostream& f) { write_rows(f, rows); });
}

void write_rows(std::ostream& f, const std::vector<Row>& rows) {
  f << "scenario,n,backend,solver,theta,alpha,multipole";
  for (int s = 0; s < kStageCount; ++s) {
    std::string name(stage_name(Stage(s)));
    std::replace(name.begin(), name.end(), ' ', '_');
    f << "," << name << "_ms";
  }
  f << ",step_ms,wall_ms,bodies_per_s,interactions_per_s,interactions_per_body,"
       "body_body_per_body,body_cell_per_body,gflops,err_median,err_p99,err_max,steps,note\n";
  for (const Row& r : rows) {
    f << r.scenario << "," << r.n << "," << r.backend << "," << r.solver << "," << r.theta << ","
      << r.alpha << "," << r.multipole;
    for (double v : r.stage_ms) f << "," << v;
    f << "," << r.step_ms << "," << r.wall_ms << "," << r.bodies_per_s << ","
      << r.interactions_per_s << "," << r.interactions_per_body << "," << r.body_body_per_body
      << "," << r.body_cell_per_body << "," << r.gflops << "," << r.err.median << "," << r.err.p99
      << "," << r.err.max << "," << r.steps << ",\"" << r.note << "\"\n";
  }
}

// One configuration's run of the size's bodies: in lockstep, drawing nothing, no keyframes.
RunSpec bench_run(const SimParams& params, Backend backend, Solver solver,
                  const std::shared_ptr<const HostBodies>& bodies) {
  RunSpec spec;
  spec.bodies.given = bodies;
  spec.params = params;
  spec.backend = backend;
  spec.solver = solver;
  spec.rendering = false;
  spec.threaded = false;
  spec.keyframes = false;
  return spec;
}

// One backend/solver at one size: warm-up, timed steps, accuracy.
Row bench_one(const Options& o, const SimParams& params, Backend backend, Solver solver,
              const std::shared_ptr<const HostBodies>& bodies, Predictor& predictor) {
  const BenchOptions& b = o.bench_options;
  Row r;
  r.scenario = o.scenario;
  r.n = bodies->size();
  r.backend = std::string(to_string(backend));
  r.solver = std::string(to_string(solver));
  r.theta = solver == Solver::BarnesHut ? params.theta : 0.0f;
  r.multipole = solver == Solver::BarnesHut ? params.multipole : 0;
  r.alpha = solver == Solver::BarnesHut ? params.alpha : 0.0f;
  // The prediction goes by configuration and opening angle: a smaller theta is slower.
  const std::string config =
      fmt::format("{}/{}/{:f}/{}/{:f}", r.backend, r.solver, r.theta, r.multipole, params.alpha);
  if (const auto p = predictor.predict(config, r.n, solver == Solver::Direct); p && *p > b.budget_s) {
    r.skipped = true;
    r.note =
        fmt::format("a step would take about {:.0f} s, over the {:.0f} s budget", *p, b.budget_s);
    return r;
  }
  std::unique_ptr<Run> run;
  try {
    run = std::make_unique<Run>(bench_run(params, backend, solver, bodies));
    run->start();
    // Accuracy at the initial positions, over the same sampled bodies for every configuration.
    r.err = run->accuracy(b.samples, o.seed + 1);
  } catch (const std::bad_alloc&) {
    r.skipped = true;
    r.note = "does not fit in memory";
    return r;
  } catch (const std::exception& e) {
    r.skipped = true;
    r.note = std::string("does not fit: ") + e.what();
    return r;
  }
  // Warm-up; the first step also tells how many timed steps fit the budget.
  double first_s = 0;
  for (int k = 0; k < std::max(1, b.warmup); ++k) {
    const auto t0 = Clock::now();
    run->step();  // finished when it returns
    if (k == 0) first_s = seconds_since(t0);
    if (first_s > b.budget_s / 2) break;
  }
  predictor.last[config] = {r.n, first_s};
  int steps = b.steps;
  if (first_s * steps > b.budget_s) {
    steps = std::max(1, static_cast<int>(b.budget_s / std::max(first_s, 1e-9)));
    r.note = "shortened to " + std::to_string(steps) + " steps by the budget";
  }
  std::array<std::vector<double>, kStageCount> stage;
  std::vector<double> total, wall, inter, body_body, body_cell;
  for (int k = 0; k < steps; ++k) {
    const auto t0 = Clock::now();
    run->step();
    wall.push_back(seconds_since(t0) * 1e3);
    const StepReport done = run->status().step;
    const StageTimings& t = done.timings;
    for (int s = 0; s < kStageCount; ++s) stage[s].push_back(t.ms[s]);
    total.push_back(t.total_ms);
    const InteractionCounts& c = done.interactions;
    inter.push_back(double(c.body_body + c.body_cell));
    body_body.push_back(double(c.body_body));
    body_cell.push_back(double(c.body_cell));
    if (c.groups > 0) r.bodies_per_group = double(r.n) / double(c.groups);
  }
  for (int s = 0; s < kStageCount; ++s) r.stage_ms[s] = median(stage[s]);
  r.step_ms = median(total);
  r.wall_ms = median(wall);
  r.steps = steps;
  const double step_s = r.step_ms > 0 ? r.step_ms * 1e-3 : r.wall_ms * 1e-3;
  r.bodies_per_s = double(r.n) / step_s;
  r.interactions_per_s = median(inter) / step_s;
  r.interactions_per_body = median(inter) / double(r.n);
  r.body_body_per_body = median(body_body) / double(r.n);
  r.body_cell_per_body = median(body_cell) / double(r.n);
  const double cell_flops = params.multipole >= 3   ? kFlopsOctupole
                            : params.multipole >= 2 ? kFlopsQuadrupole
                                                    : kFlopsBodyBody;
  r.gflops = (median(body_body) * kFlopsBodyBody + median(body_cell) * cell_flops) / step_s * 1e-9;
  return r;
}

#if GALAXY_HAVE_CUDA
// Seed 001's comparison: naive, shared-memory tiled and Newton's-third-law-with-atomics direct
// kernels, one force evaluation each.
void bench_direct_kernels(const Options& o, const std::vector<std::size_t>& sizes, std::vector<Row>& rows) {
  const BenchOptions& b = o.bench_options;
  std::printf("\nDirect-sum kernels (seed 001), one force evaluation, median of 3:\n");
  std::printf("%10s %-14s %12s %14s\n", "N", "kernel", "ms", "pairs/s");
  const std::pair<DirectKernel, const char*> kernels[] = {
      {DirectKernel::Naive, "direct-naive"}, {DirectKernel::Tiled, "direct-tiled"},
      {DirectKernel::Atomic, "direct-atomic"}};
  Predictor predictor;
  for (std::size_t n : sizes) {
    const HostBodies bodies = make_scenario(o.scenario, n, o.seed);
    for (const auto& [kernel, name] : kernels) {
      Row r;
      r.scenario = o.scenario;
      r.n = n;
      r.backend = "cuda";
      r.solver = name;
      if (const auto p = predictor.predict(name, n, true); p && *p * 4 > b.budget_s) {
        std::printf("%10zu %-14s skipped: about %.0f s a run, over the budget\n", n, name, *p);
        continue;
      }
      const double ms = time_direct_kernel(kernel, bodies, o.params.softening, 3);
      predictor.last[name] = {n, ms * 1e-3};
      r.step_ms = r.stage_ms[static_cast<int>(Stage::Force)] = ms;
      r.bodies_per_s = double(n) / (ms * 1e-3);
      r.interactions_per_s = double(n) * double(n - 1) / (ms * 1e-3);
      r.interactions_per_body = double(n - 1);
      r.steps = 3;
      std::printf("%10zu %-14s %12.3f %14.4g\n", n, name, ms, r.interactions_per_s);
      std::fflush(stdout);
      rows.push_back(r);
    }
  }
}
#endif

}  // namespace

int run_bench(const Options& o) {
  const BenchOptions& b = o.bench_options;
  std::vector<Backend> backends = b.backends;
  std::string why;
  const bool have_cuda = cuda_available(&why);
  if (backends.empty()) {
    if (have_cuda) backends.push_back(Backend::Cuda);
    backends.push_back(Backend::Cpu);
  }
  if (std::find(backends.begin(), backends.end(), Backend::Cuda) != backends.end() && !have_cuda) {
    throw std::runtime_error("bench: the cuda backend was asked for but is not available: " + why);
  }
  std::printf(
      "galaxy bench: %s scenario, %s, %d warm-up and up to %d timed steps, %.0f s budget per "
      "configuration, accuracy over %zu bodies (float64 direct)\n",
      o.scenario.c_str(), describe(o.params, false).c_str(), b.warmup, b.steps, b.budget_s,
      b.samples);
  if (rank_count() > 1) {
    std::printf("The cpu/bh rows run over %d MPI ranks (docs/ranks.md); the others cannot.\n",
                rank_count());
  }
  std::printf(
      "Stage times are medians in ms (CUDA events on the GPU, wall clock on the CPU); mp is the\n"
      "multipole order, pp and pc the body-body and body-cell interactions per body, Gflop/s at\n"
      "%g flops a pair, %g a quadrupole cell and %g an octupole cell.\n",
      kFlopsBodyBody, kFlopsQuadrupole, kFlopsOctupole);
  print_header();
  std::vector<Row> rows;
  Predictor predictor;
  std::vector<std::size_t> sizes = b.bodies;
  std::sort(sizes.begin(), sizes.end());
  // A stop signal (cli/signals) ends the bench between configurations; the rows so far are kept.
  const auto add = [&](const SimParams& p, Backend backend, Solver solver,
                       const std::shared_ptr<const HostBodies>& b) {
    if (stop_signal()) return;
    rows.push_back(bench_one(o, p, backend, solver, b, predictor));
    print_row(rows.back());
  };
  for (std::size_t n : sizes) {
    if (stop_signal()) break;
    const auto t0 = std::chrono::steady_clock::now();
    const auto bodies = std::make_shared<const HostBodies>(make_scenario(o.scenario, n, o.seed));
    std::printf("%10zu scenario %s built on the host in %.3f s\n", n, o.scenario.c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    for (Backend backend : backends) {
      for (Solver solver : b.solvers) {
        if (solver == Solver::Direct) {  // the opening test and the multipoles mean nothing here
          add(o.params, backend, solver, bodies);
          continue;
        }
        for (float theta : b.thetas) {
          for (int multipole : b.multipoles) {
            for (float alpha : b.alphas) {
              SimParams p = o.params;
              p.theta = theta;
              p.multipole = multipole;
              p.alpha = alpha;
              add(p, backend, solver, bodies);
            }
          }
        }
      }
    }
  }
#if GALAXY_HAVE_CUDA
  if (b.direct_kernels && have_cuda && !stop_signal() &&
      std::find(backends.begin(), backends.end(), Backend::Cuda) != backends.end()) {
    bench_direct_kernels(o, sizes, rows);
  }
#endif
  if (!b.csv.empty()) {
    try {
      write_csv(b.csv, rows);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "galaxy bench: %s\n", e.what());
      return 1;
    }
    std::printf("galaxy bench: wrote %s (plot it with scripts/plot_bench.py %s bench.png)\n",
                b.csv.c_str(), b.csv.c_str());
  }
  std::fflush(stdout);
  if (const int sig = stop_signal()) {
    std::fprintf(stderr, "galaxy bench: stopped by signal %d after %zu rows\n", sig, rows.size());
    return exit_status_for(sig);
  }
  return 0;
}

}  // namespace galaxy::app
