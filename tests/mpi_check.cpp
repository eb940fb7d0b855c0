// SPDX-License-Identifier: MIT
// The MPI test's force check (tests/test_mpi.sh runs it under mpirun): the accelerations of a
// scenario's bodies computed over all ranks (the run galaxy makes under mpirun) and by one CPU
// simulation on rank 0, each against the float64 direct sum for the same sampled bodies.
//   galaxy_mpi_check forces SCENARIO BODIES SAMPLES FACTOR [cuda]
// (with cuda: each rank walks its own bodies on the CUDA device, against one CUDA simulation;
// ranks may share one device.) Prints both error statistics and the bytes the ranks' local essential trees took against
// sending every rank all bodies; exits 1 when the ranks' p99 exceeds FACTOR times one rank's.
//   galaxy_mpi_check compare A.gxy B.gxy TOLERANCE
// (one process) Two snapshots of the same run: the same time, steps and body count, and every
// position within TOLERANCE times the bodies' extent of the other's; prints the largest offset.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <algorithm>
#include <cmath>

#include "cpu/cpu_simulation.hpp"
#include "cuda/cuda_simulation.hpp"
#include "io/snapshot.hpp"
#include "ranks.hpp"
#include "scenarios/scenarios.hpp"

namespace {

int compare(const char* a_path, const char* b_path, double tolerance) {
  const galaxy::io::Snapshot a = galaxy::io::load_snapshot(a_path);
  const galaxy::io::Snapshot b = galaxy::io::load_snapshot(b_path);
  if (a.bodies.size() != b.bodies.size() || a.steps != b.steps || a.time != b.time) {
    std::fprintf(stderr, "FAIL: %s and %s differ in body count, steps or time\n", a_path, b_path);
    return 1;
  }
  double extent = 0, largest = 0;
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    const double d[3] = {a.bodies.x[i] - b.bodies.x[i], a.bodies.y[i] - b.bodies.y[i],
                         a.bodies.z[i] - b.bodies.z[i]};
    largest = std::max(largest, std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
    extent = std::max({extent, std::fabs(double(a.bodies.x[i])), std::fabs(double(a.bodies.y[i])),
                       std::fabs(double(a.bodies.z[i]))});
  }
  std::printf("%s against %s: %zu bodies, largest position offset %.3e (%.3e of the extent %.3g)\n",
              a_path, b_path, a.bodies.size(), largest, largest / extent, extent);
  if (!(largest <= tolerance * extent)) {
    std::fprintf(stderr, "FAIL: offset above %.1e of the extent\n", tolerance);
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  galaxy::Ranks ranks(argc, argv);
  if (ranks.rank() > 0) return ranks.serve();
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "compare" && argc == 5) return compare(argv[2], argv[3], std::atof(argv[4]));
  const bool cuda = argc == 7 && std::string(argv[6]) == "cuda";
  if (mode != "forces" || (argc != 6 && !cuda)) {
    std::fprintf(stderr, "usage: galaxy_mpi_check forces SCENARIO BODIES SAMPLES FACTOR [cuda]\n"
                         "       galaxy_mpi_check compare A.gxy B.gxy TOLERANCE\n");
    return 2;
  }
  const std::string scenario = argv[2];
  const auto n = static_cast<std::size_t>(std::atol(argv[3]));
  const auto samples = static_cast<std::size_t>(std::atol(argv[4]));
  const double factor = std::atof(argv[5]);
  const galaxy::HostBodies bodies = galaxy::make_scenario(scenario, n, 1);
  const galaxy::SimParams p;
  const galaxy::Backend backend = cuda ? galaxy::Backend::Cuda : galaxy::Backend::Cpu;
  auto many = galaxy::make_simulation(backend, galaxy::Solver::BarnesHut, p);
  many->reset(bodies);
  std::unique_ptr<galaxy::Simulation> one_owner;
#if GALAXY_HAVE_CUDA
  if (cuda) one_owner = galaxy::make_cuda_simulation(galaxy::Solver::BarnesHut, p);
#endif
  if (!one_owner) one_owner = std::make_unique<galaxy::CpuSimulation>(galaxy::Solver::BarnesHut, p);
  galaxy::Simulation& one = *one_owner;
  one.reset(bodies);
  const galaxy::ErrorStats ek = many->measure_accuracy(samples, 7);
  const galaxy::ErrorStats e1 = one.measure_accuracy(samples, 7);
  std::printf("%s, N = %zu, %zu samples: %d ranks p99 %.4e median %.4e max %.4e; one rank p99 "
              "%.4e median %.4e max %.4e\n",
              scenario.c_str(), n, ek.samples, ranks.size(), ek.p99, ek.median, ek.max, e1.p99,
              e1.median, e1.max);
  const galaxy::InteractionCounts ik = many->interactions(), i1 = one.interactions();
  std::printf("interactions per body: %d ranks %.0f, one rank %.0f\n", ranks.size(),
              double(ik.body_body + ik.body_cell) / double(n),
              double(i1.body_body + i1.body_cell) / double(n));
  for (auto* sim : {many.get(), &one}) {
    sim->step();
    const galaxy::StageTimings t = sim->timings();
    std::printf("%s: step %.1f ms (bounding box %.1f, sort %.1f, tree %.1f, summarize %.1f, force "
                "%.1f, integrate %.1f)\n", sim->name().c_str(), t.total_ms, t.ms[0], t.ms[1],
                t.ms[2], t.ms[3], t.ms[4], t.ms[5]);
  }
  if (const galaxy::RankReport x = many->ranks(); x.all_bodies_bytes > 0) {
    std::printf("bytes per force pass: LETs %.0f, all bodies to all ranks %.0f (%.1f%%)\n",
                x.let_bytes, x.all_bodies_bytes, 100.0 * x.let_bytes / x.all_bodies_bytes);
  }
  if (!(ek.p99 <= factor * e1.p99)) {
    std::fprintf(stderr, "FAIL: p99 over %d ranks %.4e is above %.2f x one rank's %.4e\n",
                 ranks.size(), ek.p99, factor, e1.p99);
    return 1;
  }
  return 0;
}
