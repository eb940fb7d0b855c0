// SPDX-License-Identifier: MIT
// A rank's share of the run (rank_state.hpp): reset, the step, gathers and reductions.
#include "mpi/rank_state.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "cpu/leapfrog.hpp"
#include "cpu/runaways.hpp"
#include "diagnostics.hpp"
#include "mpi/collectives.hpp"
#include "mpi/rank_link.hpp"
#include "threads.hpp"
#include "wall_clock.hpp"

namespace galaxy::mpi {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

class RankState::Gravity final : public ForceTerm {
 public:
  explicit Gravity(RankState& s) : s_(s) {}
  std::string_view name() const override { return "gravity"; }
  // The local tree in the decomposition's cube, the walks of it and of the other ranks' trees
  // (forces()), and the interaction counts summed over the ranks.
  void accelerations(HostBodies& b, const ForcePass& p) override {
    const WalkParams w = walk_params(p.params, p.have_accel);
    if (!b.empty()) {
      const CpuOctree::BuildTimes bt =
          s_.tree_.build(b, p.params.leaf_size, p.params.group_size, &s_.domain_);
      p.timings[Stage::BoundingBox] = bt.bounding_box;
      p.timings[Stage::Sort] += bt.sort;
      p.timings[Stage::TreeBuild] = bt.tree_build;
      p.timings[Stage::Summarize] = bt.summarize;
      s_.pass_.tree = bt.bounding_box + bt.sort + bt.tree_build + bt.summarize;
    }
    const auto t0 = Clock::now();
    const InteractionCounts local = s_.forces(w);
    std::uint64_t sums[3] = {local.body_body, local.body_cell, local.groups};
    MPI_Allreduce(MPI_IN_PLACE, sums, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    p.counts = {sums[0], sums[1], sums[2]};
    p.timings[Stage::Force] = ms_since(t0);
  }

 private:
  RankState& s_;
};

void RankState::configure(const SimParams& p, int threads, Backend backend) {
  set_cpu_threads(threads);
  std::unique_ptr<RankLink> link = std::move(link_);
  *this = RankState{};
  terms_.add(std::make_unique<Gravity>(*this));
  params_ = p;
#if GALAXY_HAVE_CUDA
  if (backend == Backend::Cuda) {
    link_ = link ? std::move(link) : std::make_unique<MpiRankLink>();
    device_ = make_device_rank(p, *link_);
  }
#else
  if (backend == Backend::Cuda) throw std::runtime_error("built without CUDA");
#endif
}

void RankState::reset(const HostBodies& all) {
  std::uint64_t n = all.size();
  MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  const std::vector<int> counts = block_counts(n);
  HostBodies mine;
  for_each_member([&](auto member) { scatterv(all.*member, mine.*member, counts); });
  take_block(std::move(mine), n, false);
}

void RankState::take_block(HostBodies mine, std::uint64_t n, bool forces_given) {
  total_ = n;
  ids_.resize(mine.size());
  std::iota(ids_.begin(), ids_.end(), block_first(n, world_rank()));
  if (device_) {  // the device holds the bodies and their ids from here on
    device_->set_params(params_);
    device_->load(mine, ids_);
    ids_.clear();
  } else {
    cost_.assign(mine.size(), 1.0f);  // no walk yet: balance the body count
    bodies_ = std::move(mine);
  }
  time_ = 0, steps_ = 0;
  timings_ = {};
  have_accel_ = false;
  runaway_.reset();
  if (forces_given) {
    have_accel_ = true;
    return;
  }
  compute_forces();
  if (params_.alpha > 0) compute_forces();  // the relative criterion needs accelerations
}

void RankState::restore_forces(const HostBodies& all) {
  // Rank 0 learns which ids each rank holds and sends their values back in that order.
  std::vector<std::uint64_t> mine = ids_;
  HostBodies here;
  if (device_) here = device_->download(mine);
  HostBodies& to = device_ ? here : bodies_;
  const std::vector<int> counts = all_counts(mine.size());
  const std::vector<std::uint64_t> ids = gatherv(mine, counts);
  for (auto member : {&HostBodies::ax, &HostBodies::ay, &HostBodies::az, &HostBodies::pot}) {
    std::vector<float> values(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) values[i] = (all.*member)[ids[i]];
    scatterv(values, to.*member, counts);
  }
  if (device_) device_->set_accelerations(here);
  have_accel_ = true;
}

void RankState::compute_forces() {
  if (device_) {
    device_pass(false);
    return;
  }
  timings_.ms = {};
  const auto t0 = Clock::now();
  decompose();  // every term's bodies: this rank's key range
  timings_[Stage::Sort] = pass_.decompose = ms_since(t0);  // the ranks' key ranges
  const ForcePass pass{params_, Solver::BarnesHut, have_accel_, timings_, counts_};
  terms_.accelerations(bodies_, pass);
  have_accel_ = true;
}

void RankState::step() {
  if (runaway_) return;
  const auto t_step = Clock::now();
  const float dt = params_.dt;
  if (device_) {
    device_pass(true);
    device_check_runaway();
    if (runaway_) return;
    timings_[Stage::Integrate] = 0;  // in the local walk's stages
    timings_.total_ms = ms_since(t_step);
    timings_.valid = true;
    time_ += dt;
    ++steps_;
    gather_report(timings_.total_ms);
    return;
  }
  good_ = bodies_, good_ids_ = ids_, good_cost_ = cost_;
  const float integrate_ms = leapfrog_step(bodies_, dt, [&] { compute_forces(); });
  check_runaway();
  if (runaway_) return;
  timings_[Stage::Integrate] = integrate_ms;
  timings_.total_ms = ms_since(t_step);
  timings_.valid = true;
  time_ += dt;
  ++steps_;
  gather_report(timings_.total_ms);
}

// Each rank's bodies and step time to rank 0, for the panel (Meters::ranks); the force pass
// wrote the LET bytes.
void RankState::gather_report(float step_ms) {
  const auto k = static_cast<std::size_t>(world_size());
  const std::uint64_t mine = local_size();
  report_.bodies.resize(k);
  report_.step_ms.resize(k);
  report_.pass.resize(k);
  MPI_Gather(&mine, 1, MPI_UINT64_T, report_.bodies.data(), 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  MPI_Gather(&step_ms, 1, MPI_FLOAT, report_.step_ms.data(), 1, MPI_FLOAT, 0, MPI_COMM_WORLD);
  constexpr int fields = sizeof(RankReport::Pass) / sizeof(float);
  static_assert(sizeof(RankReport::Pass) == fields * sizeof(float));
  MPI_Gather(&pass_, fields, MPI_FLOAT, report_.pass.data(), fields, MPI_FLOAT, 0, MPI_COMM_WORLD);
}

// Any rank's bad bodies stop every rank on its state before the step; the report names the first
// few bodies of all ranks by their reset() index.
void RankState::check_runaway() {
  Runaway r;
  find_runaways(bodies_, r);
  std::uint64_t count = r.count;
  unsigned kinds = r.kinds;
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &kinds, 1, MPI_UNSIGNED, MPI_BOR, MPI_COMM_WORLD);
  if (count == 0) return;
  std::vector<std::uint64_t> named;
  for (std::size_t k = 0; k < r.bodies.size() && k < kRunawayNamed; ++k)
    named.push_back(ids_[r.bodies[k]]);
  name_runaway(count, kinds, named);
  bodies_ = std::move(good_), ids_ = std::move(good_ids_), cost_ = std::move(good_cost_);
}

// The runaway record of all ranks (each names its first few bodies by their reset() index).
void RankState::name_runaway(std::uint64_t count, unsigned kinds,
                             const std::vector<std::uint64_t>& named) {
  std::vector<std::uint64_t> mine(kRunawayNamed, std::numeric_limits<std::uint64_t>::max());
  std::copy_n(named.begin(), std::min<std::size_t>(named.size(), kRunawayNamed), mine.begin());
  std::vector<std::uint64_t> all(mine.size() * static_cast<std::size_t>(world_size()));
  MPI_Allgather(mine.data(), kRunawayNamed, MPI_UINT64_T, all.data(), kRunawayNamed, MPI_UINT64_T,
                MPI_COMM_WORLD);
  std::sort(all.begin(), all.end());
  Runaway r;
  r.step = steps_ + 1, r.good_step = steps_, r.good_time = time_;
  r.count = count, r.kinds = kinds;
  for (std::size_t k = 0; k < all.size() && r.bodies.size() < kRunawayNamed; ++k) {
    if (all[k] != std::numeric_limits<std::uint64_t>::max()) r.bodies.push_back(all[k]);
  }
  runaway_ = std::move(r);
}

HostBodies RankState::gather() const {
  std::vector<std::uint64_t> mine = ids_;
  const HostBodies here = device_ ? device_->download(mine) : HostBodies{};
  const HostBodies& bodies = device_ ? here : bodies_;
  const std::vector<int> counts = all_counts(mine.size());
  const std::vector<std::uint64_t> ids = gatherv(mine, counts);
  HostBodies all;
  // Placed by id: rank 0 gets reset()'s order back, whatever the ranks now hold.
  for_each_member([&](auto member) {
    const auto gathered = gatherv(bodies.*member, counts);
    (all.*member).resize(gathered.size());
    for (std::size_t i = 0; i < gathered.size(); ++i) (all.*member)[ids[i]] = gathered[i];
  });
  return all;
}

Diagnostics RankState::diagnostics() const {
  double s[kDiagnosticSums] = {};
  const HostBodies& b = bodies_;
  if (device_) device_->diagnostics_sums(s);
  for (std::size_t i = 0; i < b.size(); ++i) {
    add_diagnostics(s, b.m[i], b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i], b.pot[i]);
  }
  MPI_Allreduce(MPI_IN_PLACE, s, kDiagnosticSums, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return diagnostics_from_sums(s);
}

}  // namespace galaxy::mpi
