// SPDX-License-Identifier: MIT
// The device rank (rank_device.cuh): loading and reading its bodies, the pass, the way back.
#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

#include "diagnostics.hpp"
#include "rank_device.cuh"
#include "runaway.cuh"
#include "wall_clock.hpp"

namespace galaxy::cuda {

RankDevice::RankDevice(const SimParams& p, RankLink& link)
    : params_(p), link_(link), diag_sums_(static_cast<std::size_t>(kDiagnosticSums)) {
  launch_clear_runaway(record_.data(), stream_.get());
}

RankDevice::~RankDevice() {
  if (stream_.get()) cudaStreamSynchronize(stream_.get());
}

// Room for n bodies: the arrays keep a quarter more than they hold, so that the counts a
// migration moves do not make them anew each step. Keeps the bodies (the current set).
void RankDevice::make_room(int n) {
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  const int room = n + n / 4 + 1024;
  if (n > bodies_.capacity()) bodies_.reserve(room, stream_.get());
  if (!tree_ || n > tree_->body_capacity()) {
    tree_.reset();  // its memory first
    tree_.emplace(std::min(n, room), params_.leaf_size, room);
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

InteractionCounts RankDevice::pass(bool integrate, bool have_accel, double time,
                                   std::uint64_t steps) {
  times_ = {};
  const auto t0 = std::chrono::steady_clock::now();
  launch_clear_runaway(record_.data(), stream_.get());
  decompose();
  times_.decompose = ms_since(t0);
  PassSettings p;
  p.integrate = integrate;
  p.params = params_;
  p.relative = {have_accel ? params_.alpha : 0.0f, params_.alpha_reach * params_.alpha_reach};
  p.time = time, p.steps = steps, p.pass = passes_++;
  if (bodies_.size() > 0) local_pass(p);
  remote_forces(p.relative);  // its walk adds to the local walk's counters
  return finish(p);
}

// The local tree and walk (the kick-drift folded into its sort when stepping), timed by stage.
void RankDevice::local_pass(const PassSettings& p) {
  cudaStream_t s = stream_.get();
  timer_.mark(0, Mark::Start, s);
  timer_.mark(0, Mark::BoundingBox, s);
  run_tree_stages(p, bodies_, *tree_, {record_.data(), clock_.data(), counters_.data()}, timer_, 0,
                  s);
  timer_.mark(0, Mark::ClosingKick, s);
  timer_.mark(0, Mark::ReadBack, s);
  timer_.mark(0, Mark::Done, s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  const StageTimings st = timer_.read(0);
  times_.tree =
      st[Stage::BoundingBox] + st[Stage::Sort] + st[Stage::TreeBuild] + st[Stage::Summarize];
  times_.local_walk = st[Stage::Force];
}

// The walks' counts and time a body (the next cuts' weight), the closing kick, the tree's flags.
InteractionCounts RankDevice::finish(const PassSettings& p) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size();
  if (n == 0) {
    CUDA_CHECK(cudaStreamSynchronize(s));
    return {};
  }
  unsigned long long c[2];
  counters_.download(c, 2, s);
  // The received trees' walk included: a rank whose range cuts through the core walks the most
  // of them (4 H200s, 25M bodies each: one rank's remote walk 68 ms, the others' 16-19, when only
  // the local walk's interactions were weighed).
  cost_per_body_ = std::max(1e-9f, (times_.local_walk + times_.remote_walk) / n);
  if (p.integrate) {
    launch_kick_checked(bodies_.view(), 0.5f * params_.dt, record_.data(), p.steps + 1, p.pass,
                        NextBox{}, s);
  }
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
