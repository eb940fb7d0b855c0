// SPDX-License-Identifier: MIT
// The device rank (rank_device.cuh): loading and reading its bodies, the pass, the way back.
#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

#include "diagnostics.hpp"
#include "rank_device.cuh"
#include "runaway.cuh"

namespace galaxy::cuda {

namespace {
using Clock = std::chrono::steady_clock;
float ms_since(Clock::time_point t0) {
  return std::chrono::duration<float, std::milli>(Clock::now() - t0).count();
}
template <typename T>
void put(T* to, const std::vector<T>& v, cudaStream_t s) {
  if (v.empty()) return;
  CUDA_CHECK(cudaMemcpyAsync(to, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice, s));
}
template <typename T>
std::vector<T> get(const T* from, int n, cudaStream_t s) {
  std::vector<T> v(static_cast<std::size_t>(n));
  if (n > 0) {
    CUDA_CHECK(cudaMemcpyAsync(v.data(), from, v.size() * sizeof(T), cudaMemcpyDeviceToHost, s));
  }
  CUDA_CHECK(cudaStreamSynchronize(s));
  return v;
}
}  // namespace

RankDevice::RankDevice(const SimParams& p, RankLink& link)
    : params_(p), link_(link), diag_sums_(static_cast<std::size_t>(kDiagnosticSums)) {
  launch_clear_runaway(record_.data(), stream_.get());
}

RankDevice::~RankDevice() {
  if (stream_.get()) cudaStreamSynchronize(stream_.get());
}

// Room for n bodies: the arrays keep a quarter more than they hold, so that the counts a
// migration moves do not make them anew each step. Keeps the bodies.
void RankDevice::make_room(int n) {
  cudaStream_t s = stream_.get();
  CUDA_CHECK(cudaStreamSynchronize(s));
  const int room = n + n / 4 + 1024;
  if (n > bodies_.capacity()) {
    DeviceBodies more(bodies_.size(), room);
    const BodiesView from = bodies_.view(), to = more.view();
    const auto k = static_cast<std::size_t>(bodies_.size());
    CUDA_CHECK(cudaMemcpyAsync(to.pos, from.pos, k * sizeof(float4), cudaMemcpyDeviceToDevice, s));
    CUDA_CHECK(cudaMemcpyAsync(to.vel, from.vel, k * sizeof(float4), cudaMemcpyDeviceToDevice, s));
    CUDA_CHECK(cudaMemcpyAsync(to.acc, from.acc, k * sizeof(float4), cudaMemcpyDeviceToDevice, s));
    CUDA_CHECK(cudaMemcpyAsync(to.id, from.id, k * sizeof(int), cudaMemcpyDeviceToDevice, s));
    CUDA_CHECK(cudaMemcpyAsync(to.tag, from.tag, k, cudaMemcpyDeviceToDevice, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    bodies_ = std::move(more);
  }
  if (!tree_ || n > tree_->body_capacity()) {
    tree_.reset();  // its memory first
    tree_.emplace(std::min(n, room), params_.leaf_size, room);
  }
}

void RankDevice::load(const HostBodies& mine, const std::vector<std::uint64_t>& ids) {
  validate(mine);
  const std::size_t count = mine.size();
  if (count > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
    throw std::invalid_argument("too many bodies for one GPU rank: " + std::to_string(count));
  }
  const int n = static_cast<int>(count);
  std::vector<float4> pos(count), vel(count), acc(count);
  std::vector<int> id(count);
  std::vector<std::uint8_t> tag(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (ids[i] > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
      throw std::invalid_argument("a run over GPU ranks holds at most 2^31 - 1 bodies");
    }
    pos[i] = make_float4(mine.x[i], mine.y[i], mine.z[i], mine.m[i]);
    vel[i] = make_float4(mine.vx[i], mine.vy[i], mine.vz[i], 0.0f);
    acc[i] = make_float4(mine.ax[i], mine.ay[i], mine.az[i], mine.pot[i]);
    id[i] = static_cast<int>(ids[i]);
    const std::uint8_t pop = i < mine.population.size() ? mine.population[i] : 0;
    tag[i] = body_tag(pop, i < mine.galaxy.size() ? mine.galaxy[i] : std::uint8_t{0});
  }
  bodies_ = DeviceBodies{};
  last_cuts_.clear();
  make_room(n);
  bodies_.set_size(n);
  tree_->set_bodies(n);
  cudaStream_t s = stream_.get();
  const BodiesView v = bodies_.view();
  put(v.pos, pos, s), put(v.vel, vel, s), put(v.acc, acc, s), put(v.id, id, s), put(v.tag, tag, s);
  launch_clear_runaway(record_.data(), s);
  CUDA_CHECK(cudaStreamSynchronize(s));
}

HostBodies RankDevice::download(std::vector<std::uint64_t>& ids) const {
  cudaStream_t s = stream_.get();
  const ConstBodiesView v = bodies_.read_view();
  const auto pos = get(v.pos, v.n, s), vel = get(v.vel, v.n, s), acc = get(v.acc, v.n, s);
  const auto id = get(v.id, v.n, s);
  const auto tag = get(v.tag, v.n, s);
  HostBodies b;
  b.resize(static_cast<std::size_t>(v.n));
  ids.resize(b.size());
  for (std::size_t k = 0; k < b.size(); ++k) {
    b.x[k] = pos[k].x, b.y[k] = pos[k].y, b.z[k] = pos[k].z, b.m[k] = pos[k].w;
    b.vx[k] = vel[k].x, b.vy[k] = vel[k].y, b.vz[k] = vel[k].z;
    b.ax[k] = acc[k].x, b.ay[k] = acc[k].y, b.az[k] = acc[k].z, b.pot[k] = acc[k].w;
    b.population[k] = tag[k] & 3u;
    b.galaxy[k] = tag[k] >> 2;
    ids[k] = static_cast<std::uint64_t>(id[k]);
  }
  return b;
}

void RankDevice::set_accelerations(const HostBodies& b) {
  if (b.size() != size()) throw std::invalid_argument("set_accelerations: body count differs");
  std::vector<float4> acc(b.size());
  for (std::size_t k = 0; k < b.size(); ++k)
    acc[k] = make_float4(b.ax[k], b.ay[k], b.az[k], b.pot[k]);
  put(bodies_.view().acc, acc, stream_.get());
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
}

InteractionCounts RankDevice::pass(bool integrate, bool have_accel, double time,
                                   std::uint64_t steps) {
  times_ = {};
  const auto t0 = Clock::now();
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
  const auto ms = [&](Stage k) { return st.ms[static_cast<int>(k)]; };
  times_.tree =
      ms(Stage::BoundingBox) + ms(Stage::Sort) + ms(Stage::TreeBuild) + ms(Stage::Summarize);
  times_.local_walk = ms(Stage::Force);
}

// The walks' counts and time a body (the next cuts' weight), the closing kick, the tree's flags.
InteractionCounts RankDevice::finish(const PassSettings& p) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size();
  if (n == 0) {
    CUDA_CHECK(cudaStreamSynchronize(s));
    return {};
  }
  const auto c = get(counters_.data(), 2, s);
  // The received trees' walk included: a rank whose range cuts through the core walks the most
  // of them (4 H200s, 25M bodies each: one rank's remote walk 68 ms, the others' 16-19, when only
  // the local walk's interactions were weighed).
  cost_per_body_ = std::max(1e-9f, (times_.local_walk + times_.remote_walk) / n);
  if (p.integrate) {
    launch_kick_checked(bodies_.view(), 0.5f * params_.dt, record_.data(), p.steps + 1, p.pass,
                        NextBox{}, s);
  }
  const auto flags = get(tree_->scalars() + DeviceOctree::kFlags, 2, s);
  if (flags[kFlagStackOverflow]) {
    throw std::runtime_error(
        "cuda force walk: the traversal stack overflowed; the step's forces are wrong");
  }
  if (flags[kFlagNodeOverflow]) tree_->grow();  // exact but slow this pass; room for the next
  return {c[0], c[1], 0};
}

bool RankDevice::ran_away(std::vector<std::uint64_t>& named, std::uint64_t& count,
                          unsigned& kinds) {
  const auto r = get(record_.data(), 1, stream_.get());
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
  const auto d = get(diag_sums_.data(), kDiagnosticSums, stream_.get());
  std::copy(d.begin(), d.end(), sums);
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
