// SPDX-License-Identifier: MIT
// The device rank (rank_device.cuh): loading and reading its bodies, the pass, the way back.
#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

#include "diagnostics.hpp"
#include "rank_device.cuh"
#include "leapfrog.cuh"
#include "runaway.cuh"
#include "wall_clock.hpp"

namespace galaxy::cuda {

RankDevice::RankDevice(const SimParams& p, RankLink& link)
    : params_(p), link_(link), diag_sums_(static_cast<std::size_t>(kDiagnosticSums)) {
  launch_clear_runaway(record_.data(), stream_.get());
}

RankDevice::~RankDevice() {
  if (stream_.get()) cudaStreamSynchronize(stream_.get());
  if (comm_.get()) cudaStreamSynchronize(comm_.get());
}

// Room for n bodies: the arrays keep a quarter more than they hold, so that the counts a
// migration moves do not make them anew each step. Keeps the bodies (the current set).
void RankDevice::make_room(int n) {
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  const int room = n + n / 4 + 1024;
  if (n > bodies_.capacity()) bodies_.reserve(room, stream_.get());
  if (!tree_ || n > tree_->body_capacity()) {
    const int had = tree_ ? tree_->body_capacity() : 0, in_use = bodies_.size();
    tree_.reset();  // its memory first
    try {
      tree_.emplace(std::min(n, room), params_.leaf_size, room);
    } catch (...) {
      if (had > 0) tree_.emplace(std::min(in_use, had), params_.leaf_size, had);  // as it was
      throw;
    }
  }
}

void RankDevice::load(const HostBodies& mine, const std::vector<std::uint64_t>& ids) {
  validate(mine);
  if (mine.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
    throw std::invalid_argument("too many bodies for one GPU rank: " + std::to_string(mine.size()));
  }
  const int n = static_cast<int>(mine.size());
  bodies_ = DeviceBodies{};
  last_cuts_.clear();
  costs_known_ = false;
  make_room(n);
  bodies_.set_size(n);
  tree_->set_bodies(n);
  cudaStream_t s = stream_.get();
  bodies_.upload(mine, s, &ids);
  launch_clear_runaway(record_.data(), s);
  CUDA_CHECK(cudaStreamSynchronize(s));
}

HostBodies RankDevice::download(std::vector<std::uint64_t>& ids) const {
  HostBodies b;
  bodies_.download(bodies_.read_view(), b, stream_.get(), &ids);
  return b;
}

void RankDevice::set_accelerations(const HostBodies& b) {
  if (b.size() != size()) throw std::invalid_argument("set_accelerations: body count differs");
  std::vector<float4> acc(b.size());
  for (std::size_t k = 0; k < b.size(); ++k) {
    acc[k] = make_float4(b.ax[k], b.ay[k], b.az[k], b.pot[k]);
  }
  cudaStream_t s = stream_.get();
  CUDA_CHECK(cudaMemcpyAsync(bodies_.view().acc, acc.data(), acc.size() * sizeof(float4),
                             cudaMemcpyHostToDevice, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
}

// The leapfrog's phases (leapfrog.cuh) over the ranks: the decomposition by the positions part 1
// will give, part 1 in build(), gravity's walks of the local tree and the others' (the only force
// term over the ranks), part 2 in finish().
InteractionCounts RankDevice::pass(bool integrate, bool have_accel, double time,
                                   std::uint64_t steps) {
  times_ = {};
  PassSettings p;
  p.integrate = integrate;
  p.params = params_;
  p.relative = {have_accel ? params_.alpha : 0.0f, params_.alpha_reach * params_.alpha_reach};
  p.time = time, p.steps = steps, p.pass = passes_;
  auto t0 = std::chrono::steady_clock::now();
  launch_clear_runaway(record_.data(), stream_.get());
  decompose(p);  // the cube, this rank's keys
  times_.decompose = ms_since(t0);
  ++passes_;
  costs_known_ = false;  // until this pass's walks have counted
  const TreeView t = bodies_.size() > 0 ? build(p) : TreeView{};
  t0 = std::chrono::steady_clock::now();
  build_lets(t, p.relative);
  times_.let_build = ms_since(t0);
  walk_local(p, t);
  t0 = std::chrono::steady_clock::now();
  if (bodies_.size() > 0) walk_lets(t, in_nodes_, in_bodies_, p.relative);
  times_.remote_walk = ms_since(t0);
  return finish(p);  // its walk adds to the local walk's counters
}

// Gravity's sort, the leapfrog's part 1 (folded into the sort's move when stepping) and the local
// tree, timed by stage, and its groups' alpha |a| for the boxes. The timer's marks past the tree
// are made at its end (its stages past Summarize are not this pass's: walk_local times the walk).
TreeView RankDevice::build(const PassSettings& p) {
  cudaStream_t s = stream_.get();
  timer_.mark(0, Mark::Start, s);
  timer_.mark(0, Mark::BoundingBox, s);
  const int* order = run_sort_stages(p, bodies_, *tree_, timer_, 0, s);
  leapfrog_part1(p, bodies_, order, reports(), s);
  TreeView t = run_tree_stages(p, bodies_, *tree_, timer_, 0, s);
  launch_group_alphas(bodies_.view(), t, p.relative.alpha, s);
  const auto groups = static_cast<std::size_t>(bodies_.size());  // at most
  if (group_cost_.size() < groups) group_cost_.resize(groups + groups / 4);
  CUDA_CHECK(cudaMemsetAsync(group_cost_.data(), 0, groups * sizeof(float), s));
  t.group_cost = group_cost_.data();
  for (Mark m : {Mark::Force, Mark::ClosingKick, Mark::ReadBack, Mark::Done}) timer_.mark(0, m, s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  const StageTimings st = timer_.read(0);
  times_.tree =
      st[Stage::BoundingBox] + st[Stage::Sort] + st[Stage::TreeBuild] + st[Stage::Summarize];
  return t;
}

// The local walk while the trees for the others travel (build_lets made them). NCCL's kernels
// are queued first: the walk's persistent blocks would hold every SM until it ends, so kernels
// queued after them would wait for the whole walk. Host staging moves the bytes while the walk
// runs. `wait` is what the exchange adds after the walk.
void RankDevice::walk_local(const PassSettings& p, const TreeView& t) {
  cudaStream_t s = stream_.get();
  const bool queued = link_.exchange_queued();
  const auto t0 = std::chrono::steady_clock::now();
  if (queued) {
    CUDA_CHECK(cudaStreamSynchronize(s));  // the packs made: nothing holds the SMs
    exchange_lets();
  }
  const bool walking = bodies_.size() > 0;
  if (walking) {
    CUDA_CHECK(cudaEventRecord(walk_from_.get(), s));
    run_force_stage(p, bodies_, *tree_, t, reports(), s);
    CUDA_CHECK(cudaEventRecord(walk_to_.get(), s));
  }
  if (!queued) exchange_lets();
  CUDA_CHECK(cudaStreamSynchronize(s));
  CUDA_CHECK(cudaStreamSynchronize(comm_.get()));
  if (walking) {
    CUDA_CHECK(cudaEventElapsedTime(&times_.local_walk, walk_from_.get(), walk_to_.get()));
    unsigned long long c[2];
    counters_.download(c, 2, s);
    times_.own_interactions = static_cast<float>(static_cast<double>(c[0] + c[1]) / bodies_.size());
  }
  times_.wait = std::max(0.0f, ms_since(t0) - times_.local_walk);
}

// The walks' counts (the groups' are the next cuts' weights), the leapfrog's part 2, the tree's
// flags.
InteractionCounts RankDevice::finish(const PassSettings& p) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size();
  if (n == 0) {
    CUDA_CHECK(cudaStreamSynchronize(s));
    return {};
  }
  unsigned long long c[2];
  counters_.download(c, 2, s);
  times_.received_interactions =
      static_cast<float>(static_cast<double>(c[0] + c[1]) / n) - times_.own_interactions;
  costs_known_ = true;
  if (p.integrate) leapfrog_part2(p, bodies_, NextBox{}, reports(), s);
  int flags[2];
  CUDA_CHECK(cudaMemcpyAsync(flags, tree_->scalars() + DeviceOctree::kFlags, sizeof flags,
                             cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  if (flags[kFlagStackOverflow]) {
    throw std::runtime_error(
        "cuda force walk: the traversal stack overflowed; the step's forces are wrong");
  }
  if (flags[kFlagNodeOverflow]) tree_->grow();  // exact but slow this pass; room for the next
  return {c[0], c[1], 0};
}

bool RankDevice::ran_away(std::vector<std::uint64_t>& named, std::uint64_t& count,
                          unsigned& kinds) {
  RunawayRecord r[1];
  record_.download(r, 1, stream_.get());
  named.clear();
  count = r[0].count, kinds = r[0].kinds;
  for (int k = 0; k < kRunawayNamed && k < static_cast<int>(r[0].count); ++k) {
    if (r[0].bodies[k] >= 0) named.push_back(static_cast<std::uint64_t>(r[0].bodies[k]));
  }
  return count > 0;
}

// The set not current holds the bodies as the pass found them after the migration (its first
// move, launch_advance, left them there): the state before the step, over all ranks.
void RankDevice::go_back() {
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  bodies_.swap_sets();
  costs_known_ = false;  // not in the tree's order
  launch_clear_runaway(record_.data(), stream_.get());
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
}

void RankDevice::diagnostics_sums(double* sums) const {
  std::fill(sums, sums + kDiagnosticSums, 0.0);
  if (bodies_.size() == 0) return;
  launch_diagnostics(bodies_.read_view(), diag_sums_.data(), stream_.get());
  diag_sums_.download(sums, kDiagnosticSums, stream_.get());
}

}  // namespace galaxy::cuda

namespace galaxy {

std::unique_ptr<DeviceRank> make_device_rank(const SimParams& p, RankLink& link) {
  if (p.multipole > 2) {
    throw std::invalid_argument(
        "--multipole 3 does not run over several ranks (the trees sent "
        "carry quadrupoles)");
  }
  return std::make_unique<cuda::RankDevice>(p, link);
}

}  // namespace galaxy
