// SPDX-License-Identifier: MIT
// galaxy_mpi_check exact (mpi_check.cpp): the exact sample over MPI ranks (each rank sums its own
// bodies' pull at the sampled bodies; nothing else is gathered) against one process's float64
// direct sum over the gathered bodies. After two steps (the bodies have moved between ranks),
// for indices asked out of order and once twice: the bodies come back bit for bit in the order
// asked (bodies_at's too), their exact sums within 1e-12 of |a| (and of |pot|: the same float64
// pair terms added in another order, whose cancellations leave 2e-14 measured on 2 and 3 ranks),
// and the accuracy meter over the ranks gives the statistics the one-process meter gives of the
// same bodies.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "mpi_checks.hpp"
#include "reference.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"

namespace {

double apart(double a, double b, double scale) {
  return std::fabs(a - b) / scale;
}

// The largest relative difference of the sums, and bodies that are not the ones asked.
int compare(const galaxy::ExactSample& e, const galaxy::HostBodies& all,
            const std::vector<int>& asked, const std::vector<galaxy::AccelD>& ref, double& worst) {
  const galaxy::HostBodies want = galaxy::subset(all, asked);
  int bad = e.bodies.size() == want.size() && e.exact.size() == ref.size() ? 0 : 1;
  if (bad) return bad;
  galaxy::for_each_member([&](auto member) {
    const auto &u = e.bodies.*member, &v = want.*member;
    if (std::memcmp(u.data(), v.data(), u.size() * sizeof(u[0])) != 0) ++bad;
  });
  for (std::size_t k = 0; k < ref.size(); ++k) {
    const galaxy::AccelD &a = e.exact[k], &r = ref[k];
    const double scale = std::sqrt(r.ax * r.ax + r.ay * r.ay + r.az * r.az);
    worst = std::max({worst, apart(a.ax, r.ax, scale), apart(a.ay, r.ay, scale),
                      apart(a.az, r.az, scale), apart(a.pot, r.pot, std::fabs(r.pot))});
  }
  return bad;
}

}  // namespace

int exact_check(const std::string& scenario, std::size_t n, std::size_t samples, bool cuda) {
  auto sim = galaxy::make_simulation(cuda ? galaxy::Backend::Cuda : galaxy::Backend::Cpu,
                                     galaxy::Solver::BarnesHut, galaxy::SimParams{});
  sim->reset(galaxy::make_scenario(scenario, n, 1));
  sim->step(), sim->step();
  std::vector<int> asked = galaxy::random_sample(n, samples, 11);
  std::reverse(asked.begin(), asked.end());
  asked.push_back(asked.front());  // once twice
  const galaxy::ExactSample e =
      sim->meters()->exact_sample(std::vector<std::uint64_t>(asked.begin(), asked.end()));
  const galaxy::HostBodies all = sim->download();
  const float eps = sim->params().softening;
  double worst = 0;
  int bad = compare(e, all, asked, galaxy::direct_forces_cpu_sample(all, asked, eps), worst);
  // The bodies alone (what the view's fit reads over the ranks).
  const galaxy::ExactSample alone{
      sim->meters()->bodies_at(std::vector<std::uint64_t>(asked.begin(), asked.end())), e.exact};
  double none = 0;
  bad += compare(alone, all, asked, e.exact, none);
  // The meter: the same bodies, the same statistics; timed against what it did before (the run
  // gathered to rank 0 and summed there).
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  const galaxy::ErrorStats ranks = sim->meters()->measure_accuracy(samples, 7);
  const double ranks_s = std::chrono::duration<double>(Clock::now() - t0).count();
  t0 = Clock::now();
  const galaxy::HostBodies gathered = sim->download();
  const std::vector<int> drawn = galaxy::random_sample(n, samples, 7);
  const galaxy::ErrorStats one = galaxy::relative_errors(
      gathered, drawn, galaxy::direct_forces_cpu_sample(gathered, drawn, eps));
  const double one_s = std::chrono::duration<double>(Clock::now() - t0).count();
  const double meter =
      std::max({apart(ranks.p99, one.p99, one.p99), apart(ranks.median, one.median, one.median),
                apart(ranks.max, one.max, one.max)});
  std::printf(
      "exact sample over the ranks: %zu bodies, %zu asked: %s; sums within %.1e of one "
      "process's; meter p99 %.4e (one process %.4e), statistics within %.1e\n",
      n, asked.size(), bad ? "NOT the bodies asked" : "the bodies asked", worst, ranks.p99, one.p99,
      meter);
  std::printf(
      "the meter's %zu samples: %.3f s summed on the ranks, %.3f s gathered and summed "
      "on rank 0\n",
      samples, ranks_s, one_s);
  if (bad || !(worst <= 1e-12) || !(meter <= 1e-9) || ranks.samples != one.samples) {
    std::fprintf(stderr, "FAIL: the exact sample over the ranks differs from one process's\n");
    return 1;
  }
  try {
    sim->meters()->exact_sample({static_cast<std::uint64_t>(n)});
    std::fprintf(stderr, "FAIL: body %zu of %zu was not refused\n", n, n);
    return 1;
  } catch (const std::out_of_range&) {
  }
  return 0;
}
