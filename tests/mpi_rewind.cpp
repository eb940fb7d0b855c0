// SPDX-License-Identifier: MIT
// galaxy_mpi_check rewind (mpi_check.cpp): time that runs back over MPI ranks. A run keeps its
// keyframes in a Timeline of at most four (the older ones thin out, so the ranks forget theirs
// and reuse their memory), goes back to steps between them and steps on to the end; every state
// on the way must equal, bit for bit, the one the run first had at that step (the ranks' own
// decompositions too: a cut placed otherwise would send other trees and change the forces'
// last bits). Then an edit (half the bodies taken out) and its undo, which must give back the
// state before the edit.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "mpi_checks.hpp"
#include "scenarios/scenarios.hpp"
#include "timeline.hpp"

namespace {

// Bodies of `a` that differ from `b` in any bit of any array (all of them where the counts do).
std::size_t differing(const galaxy::HostBodies& a, const galaxy::HostBodies& b) {
  if (a.size() != b.size()) return std::max(a.size(), b.size());
  std::vector<bool> bad(a.size(), false);
  galaxy::for_each_member([&](auto member) {
    const auto &u = a.*member, &v = b.*member;
    for (std::size_t i = 0; i < u.size(); ++i) {
      if (std::memcmp(&u[i], &v[i], sizeof(u[i])) != 0) bad[i] = true;
    }
  });
  return static_cast<std::size_t>(std::count(bad.begin(), bad.end(), true));
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

struct Check {
  int failures = 0;
  void same(const galaxy::Simulation& sim, const galaxy::HostBodies& first, const char* what) {
    const std::size_t d = differing(sim.download(), first);
    if (d == 0) return;
    if (failures++ < 5) {
      std::fprintf(stderr, "FAIL: %s, step %llu: %zu bodies differ from the first time\n", what,
                   static_cast<unsigned long long>(sim.steps_taken()), d);
    }
  }
};

}  // namespace

int rewind_check(const std::string& scenario, std::size_t n, int steps, bool cuda) {
  auto sim = galaxy::make_simulation(cuda ? galaxy::Backend::Cuda : galaxy::Backend::Cpu,
                                     galaxy::Solver::BarnesHut, galaxy::SimParams{});
  sim->reset(galaxy::make_scenario(scenario, n, 1));
  galaxy::Timeline timeline(std::size_t(1) << 40, 4, 4);
  std::vector<galaxy::HostBodies> first{sim->download()};
  timeline.record(*sim);
  double step_ms = 0, record_ms = 0;  // steps, and the record() calls at multiples of 4
  for (int s = 1; s <= steps; ++s) {
    auto t0 = std::chrono::steady_clock::now();
    sim->step();
    sim->synchronize();
    step_ms += ms_since(t0);
    t0 = std::chrono::steady_clock::now();
    timeline.record(*sim);
    if (s % 4 == 0) record_ms += ms_since(t0);
    first.push_back(sim->download());
  }
  Check check;
  if (!timeline.note().empty() || timeline.bytes() == 0) {
    std::fprintf(stderr, "FAIL: no keyframes kept (%s)\n", timeline.note().c_str());
    return 1;
  }
  const std::vector<std::uint64_t> kept = timeline.steps();
  std::size_t replayed = 0;
  double back_ms = 0;  // going back a step from the end: a restore and up to 3 steps
  for (std::uint64_t target : {kept.front() + 1, kept[kept.size() / 2] + 3, kept.back() - 1}) {
    const auto t0 = std::chrono::steady_clock::now();
    timeline.seek(*sim, target);
    sim->synchronize();
    if (target == kept.back() - 1) back_ms = ms_since(t0);
    check.same(*sim, first[target], "after going back");
    for (auto s = target + 1; s <= static_cast<std::uint64_t>(steps); ++s, ++replayed) {
      sim->step();
      check.same(*sim, first[s], "stepping on after going back");
    }
  }
  // An edit: half the bodies taken out, three steps, then undone.
  std::unique_ptr<galaxy::Keyframe> before = sim->capture();
  galaxy::HostBodies half = first.back();
  galaxy::for_each_array(half, [&](auto& v) { v.resize(n / 2); });
  sim->reset(half);
  sim->set_clock(before->time, before->steps);
  timeline.edited(*sim, std::move(before));
  for (int s = 0; s < 3; ++s) sim->step();
  const bool undone = timeline.undo(*sim);
  check.same(*sim, first.back(), "undoing the edit");
  timeline.seek(*sim, static_cast<std::uint64_t>(steps) - 2);
  check.same(*sim, first[first.size() - 3], "going back after the undo");
  std::printf("rewind over the ranks: %zu bodies, %d steps, keyframes at", n, steps);
  for (std::uint64_t k : kept) std::printf(" %llu", static_cast<unsigned long long>(k));
  std::printf(" (%.1f MB); %zu steps replayed, edit undone: %s; %d states differ\n",
              double(timeline.bytes()) / 1e6, replayed, undone ? "yes" : "NO", check.failures);
  std::printf("step %.2f ms, keeping a keyframe %.2f ms, one step back %.2f ms (means)\n",
              step_ms / steps, record_ms / (steps / 4), back_ms);
  return check.failures == 0 && undone ? 0 : 1;
}
