// SPDX-License-Identifier: MIT
// The MPI test's force check (tests/test_mpi.sh runs it under mpirun): the accelerations of a
// scenario's bodies computed over all ranks (the run galaxy makes under mpirun) and by one CPU
// simulation on rank 0, each against the float64 direct sum for the same sampled bodies.
//   galaxy_mpi_check forces SCENARIO BODIES SAMPLES FACTOR [cuda]
// (with cuda: each rank walks its own bodies on the CUDA device, against one CUDA simulation;
// ranks may share one device.) Prints both error statistics and the bytes the ranks' local
// essential trees took against sending every rank all bodies; exits 1 when the ranks' p99 exceeds
// FACTOR times one rank's.
//   galaxy_mpi_check vertices SCENARIO|parity BODIES BUDGET [cuda]
// What rank 0 draws: the vertices the ranks send of every k-th body (k = ceil(BODIES / BUDGET)),
// before and after 3 steps (the bodies then lie on other ranks), against the bodies gathered;
// with cuda the device form too (into device memory, as into the window's buffers).
//   galaxy_mpi_check rewind SCENARIO BODIES STEPS [cuda]
// Keyframes over the ranks: going back and stepping on repeats every state bit for bit, and an
// edit's undo gives back the state before it (mpi_rewind.cpp).
//   galaxy_mpi_check exact SCENARIO BODIES SAMPLES [cuda]
// The exact sample (the accuracy meter's and a click's reference) summed on the ranks, against
// one process's float64 direct sum of the gathered bodies (mpi_exact.cpp).
//   galaxy_mpi_check layout
// (one process) The collectives' counts: 2^31 - 1 elements in all pass, one more is refused
// (bytes counted in ints overflowed silently at 2 GiB before).
//   galaxy_mpi_check compare A.gxy B.gxy TOLERANCE
// (one process) Two snapshots of the same run: the same time, steps and body count, and every
// position within TOLERANCE times the bodies' extent of the other's; prints the largest offset.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#if GALAXY_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "cpu/cpu_simulation.hpp"
#include "cuda/cuda_simulation.hpp"
#include "io/snapshot.hpp"
#include "mpi/collectives.hpp"
#include "mpi_checks.hpp"
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

int layout() {
  const int half = 1 << 30, most = std::numeric_limits<int>::max();
  const galaxy::mpi::Layout fits({half, half - 1}, 1);
  bool refused = false;
  try {
    galaxy::mpi::Layout({half, half}, 1);
  } catch (const std::length_error&) {
    refused = true;
  }
  const bool ok = fits.total() == most && fits.displs[1] == half && refused;
  std::printf("layout: 2^31 - 1 elements %s, 2^31 %s\n", fits.total() == most ? "pass" : "FAIL",
              refused ? "refused" : "NOT refused");
  return ok ? 0 : 1;
}

// Vertex j of `sim`'s write forms against body j k of its gathered bodies; failures counted.
int check_vertices(const galaxy::Simulation& sim, const std::vector<float>& xyzs,
                   const std::vector<std::uint8_t>& tags, const char* form) {
  const galaxy::HostBodies b = sim.download();
  const std::size_t k = sim.vertices()->vertex_stride(), m = sim.vertex_count();
  int bad = 0;
  for (std::size_t j = 0; j < m; ++j) {
    const std::size_t i = j * k;
    const float speed = std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]);
    const bool same = xyzs[4 * j] == b.x[i] && xyzs[4 * j + 1] == b.y[i] &&
                      xyzs[4 * j + 2] == b.z[i] &&
                      std::fabs(xyzs[4 * j + 3] - speed) <= 1e-6f * speed &&
                      tags[j] == galaxy::body_tag(b.population[i], b.galaxy[i]);
    if (!same && bad++ < 3)
      std::fprintf(stderr, "FAIL: %s vertex %zu is not body %zu\n", form, j, i);
  }
  std::printf("%s: %zu vertices of %zu bodies (stride %zu), %d differ from the bodies\n", form, m,
              b.size(), k, bad);
  return bad;
}

// The device form (device memory, as the window's interop buffers) against the host form's.
int device_vertices(galaxy::Simulation& sim, const std::vector<float>& xyzs,
                    const std::vector<std::uint8_t>& tags) {
#if GALAXY_HAVE_CUDA
  const std::size_t m = sim.vertex_count();
  float* dx = nullptr;
  std::uint8_t* dt = nullptr;
  std::uint32_t* dv = nullptr;
  if (cudaMalloc(&dx, 16 * m) != cudaSuccess || cudaMalloc(&dt, m) != cudaSuccess ||
      cudaMalloc(&dv, 4 * m) != cudaSuccess) {
    std::fprintf(stderr, "FAIL: no device memory for %zu vertices\n", m);
    return 1;
  }
  std::vector<float> x(4 * m);
  std::vector<std::uint8_t> t(m);
  std::vector<std::uint32_t> v(m);
  const bool wrote = sim.vertices()->write_vertices_device(dx, dt, dv, nullptr);
  cudaMemcpy(x.data(), dx, 16 * m, cudaMemcpyDeviceToHost);
  cudaMemcpy(t.data(), dt, m, cudaMemcpyDeviceToHost);
  cudaMemcpy(v.data(), dv, 4 * m, cudaMemcpyDeviceToHost);
  cudaFree(dx), cudaFree(dt), cudaFree(dv);
  int bad = wrote ? 0 : 1;
  for (std::size_t j = 0; j < m; ++j) {
    const bool same =
        std::equal(&x[4 * j], &x[4 * j] + 4, &xyzs[4 * j]) && t[j] == tags[j] && v[j] == j;
    if (!same && bad++ < 3) std::fprintf(stderr, "FAIL: device vertex %zu differs\n", j);
  }
  std::printf("device form: %zu vertices, %d differ from the host form's\n", m, bad);
  return bad;
#else
  (void)sim, (void)xyzs, (void)tags;
  std::fprintf(stderr, "FAIL: built without CUDA\n");
  return 1;
#endif
}

// A scenario, or "parity": a Plummer sphere whose even bodies are moved to x < 0 and odd ones to
// x > 0, so that with stride 2 the ranks of one side hold all the multiples of the stride (twice
// their share: a device rank's first guess of room falls short).
galaxy::HostBodies vertex_bodies(const std::string& scenario, std::size_t n) {
  if (scenario != "parity") return galaxy::make_scenario(scenario, n, 1);
  galaxy::HostBodies b = galaxy::make_scenario("plummer", n, 1);
  for (std::size_t i = 0; i < n; ++i) b.x[i] = (i % 2 ? 1.0f : -1.0f) * (std::fabs(b.x[i]) + 4.0f);
  return b;
}

int vertices(const std::string& scenario, std::size_t n, std::size_t budget, bool cuda) {
  auto sim = galaxy::make_simulation(cuda ? galaxy::Backend::Cuda : galaxy::Backend::Cpu,
                                     galaxy::Solver::BarnesHut, galaxy::SimParams{});
  sim->reset(vertex_bodies(scenario, n));
  // The faces a run over ranks distributes, and the one it refuses in the words it always used.
  if (!sim->vertices() || !sim->fields() || !sim->meters() || !sim->gxy_files() ||
      sim->overlays() ||
      sim->refusal(galaxy::Face::Overlays, "the walk overlay") !=
          "the walk overlay is not available in a run over several MPI ranks") {
    std::fprintf(stderr, "FAIL: the faces of a run over ranks (overlays: %s)\n",
                 sim->why_not(galaxy::Face::Overlays).c_str());
    return 1;
  }
  sim->vertices()->set_vertex_budget(budget);
  if (sim->vertices()->vertex_stride() != (n + budget - 1) / budget) {
    std::fprintf(stderr, "FAIL: stride %zu for %zu bodies and a budget of %zu\n",
                 sim->vertices()->vertex_stride(), n, budget);
    return 1;
  }
  int bad = 0;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t m = sim->vertex_count();
    std::vector<float> xyzs(4 * m, -1.0f);
    std::vector<std::uint8_t> tags(m, 255);
    sim->vertices()->write_vertices_host(xyzs.data(), tags.data());
    bad += check_vertices(*sim, xyzs, tags, "host form");
    if (cuda) bad += device_vertices(*sim, xyzs, tags);
    for (int s = 0; s < 3; ++s) sim->step();
  }
  return bad ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  galaxy::Ranks ranks(argc, argv);
  if (ranks.rank() > 0) return ranks.serve();
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "compare" && argc == 5) return compare(argv[2], argv[3], std::atof(argv[4]));
  if (mode == "layout") return layout();
  if (mode == "exact" && (argc == 5 || argc == 6)) {
    return exact_check(argv[2], std::strtoul(argv[3], nullptr, 10),
                       std::strtoul(argv[4], nullptr, 10),
                       argc == 6 && std::string(argv[5]) == "cuda");
  }
  if (mode == "rewind" && (argc == 5 || argc == 6)) {
    return rewind_check(argv[2], std::strtoul(argv[3], nullptr, 10), std::atoi(argv[4]),
                        argc == 6 && std::string(argv[5]) == "cuda");
  }
  if (mode == "vertices" && (argc == 5 || argc == 6)) {
    return vertices(argv[2], std::strtoul(argv[3], nullptr, 10), std::strtoul(argv[4], nullptr, 10),
                    argc == 6 && std::string(argv[5]) == "cuda");
  }
  const bool cuda = argc == 7 && std::string(argv[6]) == "cuda";
  if (mode != "forces" || (argc != 6 && !cuda)) {
    std::fprintf(stderr,
                 "usage: galaxy_mpi_check forces SCENARIO BODIES SAMPLES FACTOR [cuda]\n"
                 "       galaxy_mpi_check vertices SCENARIO BODIES BUDGET [cuda]\n"
                 "       galaxy_mpi_check rewind SCENARIO BODIES STEPS [cuda]\n"
                 "       galaxy_mpi_check exact SCENARIO BODIES SAMPLES [cuda]\n"
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
  const galaxy::ErrorStats ek = many->meters()->measure_accuracy(samples, 7);
  const galaxy::ErrorStats e1 = one.meters()->measure_accuracy(samples, 7);
  std::printf(
      "%s, N = %zu, %zu samples: %d ranks p99 %.4e median %.4e max %.4e; one rank p99 "
      "%.4e median %.4e max %.4e\n",
      scenario.c_str(), n, ek.samples, ranks.size(), ek.p99, ek.median, ek.max, e1.p99, e1.median,
      e1.max);
  const galaxy::InteractionCounts ik = many->meters()->interactions(), i1 = one.meters()->interactions();
  std::printf("interactions per body: %d ranks %.0f, one rank %.0f\n", ranks.size(),
              double(ik.body_body + ik.body_cell) / double(n),
              double(i1.body_body + i1.body_cell) / double(n));
  for (auto* sim : {many.get(), &one}) {
    sim->step();
    const galaxy::StageTimings t = sim->meters()->timings();
    std::printf(
        "%s: step %.1f ms (bounding box %.1f, sort %.1f, tree %.1f, summarize %.1f, force "
        "%.1f, integrate %.1f)\n",
        sim->name().c_str(), t.total_ms, t.ms[0], t.ms[1], t.ms[2], t.ms[3], t.ms[4], t.ms[5]);
  }
  if (const galaxy::RankReport x = many->meters()->ranks(); x.all_bodies_bytes > 0) {
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
