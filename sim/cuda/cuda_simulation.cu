// SPDX-License-Identifier: MIT
// The CUDA backend's run (cuda_backend.cuh has the class): reset, the passes of the pipeline and
// their read-backs. Nothing in the step loop waits for the device: times, interaction counts and
// flags are read from earlier passes once the device has passed them.
#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "cuda_backend.cuh"
#include "diagnostics.hpp"

namespace galaxy::cuda {

void CudaBackend::reset(const HostBodies& b) {
  replace(b);
  time_ = 0;
  steps_ = 0;
  compute_forces();
  if (params_.alpha > 0) compute_forces();  // the relative criterion needs accelerations
  rebuild_if_out_of_nodes();
}

// A build that ran out of nodes is exact but slow (big leaves summed directly); the array grew, so
// build again: the state after reset always has the whole tree.
void CudaBackend::rebuild_if_out_of_nodes() {
  for (int k = 0; k < 8 && bodies_.size() > 0; ++k) {
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    if (!collect_flags()) break;
    compute_forces();
  }
}

void CudaBackend::replace(const HostBodies& b) {
  validate(b);
  for (std::size_t i = 0; b.has_gas() && i < b.size(); ++i) {
    if (b.is_gas(i)) {
      throw std::invalid_argument("gas body " + std::to_string(i) +
                                  ": the cuda backend has no hydrodynamics yet; a run with gas "
                                  "runs on the cpu backend (--backend cpu)");
    }
  }
  if (b.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
    throw std::invalid_argument("too many bodies for the cuda backend: " + std::to_string(b.size()));
  }
  const int n = static_cast<int>(b.size());
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  // Built aside and moved in only when every allocation and the upload succeeded: a failure keeps
  // the old run.
  DeviceBodies bodies(n);
  std::optional<DeviceOctree> tree;
  if (n > 0) {
    tree.emplace(n, params_.leaf_size);
    tree->order_walk_by_cost();
    bodies.upload(b, stream_.get());
  }
  bodies_ = std::move(bodies);
  tree_ = std::move(tree);
  host_vertices_.resize(0), host_tags_.resize(0);  // sized again by the next host-path frame
  maps_.clear();  // the old bodies' values
  launch_clear_runaway(record_.data(), stream_.get());
  runaway_.reset();
  passes_ = {};
  have_accel_ = tree_current_ = potentials_current_ = false;
  decisions_.reset();
  forget_box();
}

void CudaBackend::add_remote_forces(const TreeLayout& l) {
  const int n = bodies_.size();
  if (n == 0 || l.nodes() == 0) return;
  if (solver_ != Solver::BarnesHut || !tree_ || !tree_current_) {
    throw std::logic_error("add_remote_forces: no Barnes-Hut pass to add to");
  }
  if (l.body_offset != n) {
    throw std::invalid_argument("add_remote_forces: the tree's bodies must be numbered from " +
                                std::to_string(n));
  }
  ensure_potentials();  // this rank's part, which the other's is added to
  cudaStream_t st = stream_.get();
  forget_box();  // the accelerations change after the pass's closing kick
  const std::size_t nodes = l.nodes(), m = l.bodies();
  DeviceBuffer<float4> com(nodes), quad(2 * nodes), pos(static_cast<std::size_t>(n) + m);
  DeviceBuffer<float2> mac(nodes);
  DeviceBuffer<int4> link(nodes);
  DeviceBuffer<int2> range(nodes);
  com.upload(reinterpret_cast<const float4*>(l.com.data()), nodes, st);
  quad.upload(reinterpret_cast<const float4*>(l.quad.data()), 2 * nodes, st);
  mac.upload(reinterpret_cast<const float2*>(l.mac.data()), nodes, st);
  link.upload(reinterpret_cast<const int4*>(l.link.data()), nodes, st);
  range.upload(reinterpret_cast<const int2*>(l.range.data()), nodes, st);
  // This rank's bodies (tree order), then the tree's: one array for the group and leaf loads.
  BodiesView b = bodies_.view();
  CUDA_CHECK(cudaMemcpyAsync(pos.data(), b.pos, static_cast<std::size_t>(n) * sizeof(float4),
                             cudaMemcpyDeviceToDevice, st));
  if (m > 0) {
    CUDA_CHECK(cudaMemcpyAsync(pos.data() + n, l.pos.data(), m * sizeof(float4),
                               cudaMemcpyHostToDevice, st));
  }
  TreeView t = tree_->view(last_.params.leaf_size, last_.params.group_size);
  t.com = com.data(), t.quad = quad.data(), t.mac = mac.data(), t.link = link.data();
  t.range = range.data(), t.bounds = nullptr, t.oct = nullptr;
  b.pos = pos.data();
  const float eps2 = last_.params.softening * last_.params.softening;
  launch_remote_force(b, t, last_.params.multipole, eps2, last_.relative, tree_->walk_scratch(), st);
  CUDA_CHECK(cudaStreamSynchronize(st));  // the walk is done before its buffers go
}

void CudaBackend::restore_forces(const HostBodies& b) {
  if (b.size() != size()) throw std::invalid_argument("restore_forces: body count differs");
  if (b.empty()) return;
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  bodies_.upload_accelerations(b, stream_.get());
  potentials_current_ = true;
  forget_box();
}

void CudaBackend::step() {
  if (runaway_) return;  // stopped on the last good state until clear_runaway()
  if (bodies_.size() > 0) {
    run(true);
    if (runaway_) return;  // an earlier step ran away: run() went back instead of stepping
  }
  time_ += params_.dt;
  ++steps_;
}

// A pass of the current settings and clock; the relative test waits for accelerations.
PassSettings CudaBackend::pass_settings(bool integrate) const {
  const physics::Relative relative{have_accel_ ? params_.alpha : 0.0f,
                                   params_.alpha_reach * params_.alpha_reach};
  return {integrate, solver_, params_, relative, time_, steps_, passes_.sequence};
}

// One pass of the pipeline on the stream, then its read-back.
void CudaBackend::run(bool integrate) {
  collect_flags();
  if (integrate && runaway_) return;
  const int slot = passes_.next_slot();
  cudaStream_t st = stream_.get();
  last_ = pass_settings(integrate);
  last_.potentials = Potentials::Skip;
  decisions_.reset();
  // The box the last closing kick predicted holds for this pass if nothing touched the bodies
  // since (forget_box) and dt is the same; a stepping pass predicts the next one's.
  last_.box_ready = integrate && box_for_pass_ == static_cast<long long>(passes_.sequence) &&
                    box_dt_ == params_.dt;
  last_.predict_box = integrate && solver_ == Solver::BarnesHut;
  box_for_pass_ = last_.predict_box ? static_cast<long long>(passes_.sequence) + 1 : -1;
  box_dt_ = params_.dt;
  potentials_current_ = run_pass(last_, bodies_, *tree_, reports(), timer_, slot, st);
  if (solver_ == Solver::BarnesHut) have_accel_ = tree_current_ = true;
  Readback& r = readback_[slot];
  CUDA_CHECK(cudaMemcpyAsync(&r.runaway, record_.data(), sizeof(RunawayRecord),
                             cudaMemcpyDeviceToHost, st));
  if (solver_ == Solver::BarnesHut) {
    CUDA_CHECK(cudaMemcpyAsync(r.counters, counters_.data(), counters_.bytes(),
                               cudaMemcpyDeviceToHost, st));
    CUDA_CHECK(cudaMemcpyAsync(r.flags, tree_->scalars() + DeviceOctree::kFlags, 3 * sizeof(int),
                               cudaMemcpyDeviceToHost, st));
  }
  timer_.mark(slot, Mark::Done, st);
  passes_.done[slot] = static_cast<long long>(passes_.sequence);
  passes_.solver[slot] = solver_;
  passes_.checked[slot] = -1;
  ++passes_.sequence;
}

// Flags of passes the device has finished: a runaway goes back; a full node array grows for the
// next pass; a walk stack overflow (never seen; its size bounds the depth of any realistic tree)
// is an error. Returns whether the node array grew.
bool CudaBackend::collect_flags() const {
  bool grew = false;
  for (int slot = 0; slot < StageTimer::kSlots; ++slot) {
    if (passes_.done[slot] < 0 || passes_.checked[slot] == passes_.done[slot]) continue;
    if (!timer_.done(slot)) continue;
    passes_.checked[slot] = passes_.done[slot];
    const Readback& r = readback_[slot];
    if (r.runaway.count > 0) {
      go_back(r.runaway);
      return false;
    }
    if (passes_.solver[slot] != Solver::BarnesHut) continue;
    if (r.flags[kFlagStackOverflow]) {
      throw std::runtime_error("cuda force walk: the traversal stack overflowed; the step's forces are wrong");
    }
    if (r.flags[kFlagNodeOverflow]) {
      CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
      forget_tree();  // its nodes go; the group alphas (not among them) are kept first
      tree_->grow();
      grew = true;
    }
  }
  return grew;
}

// A step ran away (the record read back): put the state before it in place (the set not current:
// runaway.cuh), with its clock, and stop stepping until clear_runaway().
void CudaBackend::go_back(const RunawayRecord& rec) const {
  cudaStream_t st = stream_.get();
  CUDA_CHECK(cudaStreamSynchronize(st));
  bodies_.swap_sets();
  forget_box();
  tree_current_ = potentials_current_ = false;  // both were the step's that ran away
  decisions_.reset();
  RunawayClock clock{};
  CUDA_CHECK(cudaMemcpyAsync(&clock, clock_.data(), sizeof clock, cudaMemcpyDeviceToHost, st));
  launch_clear_runaway(record_.data(), st);
  CUDA_CHECK(cudaStreamSynchronize(st));
  Runaway r;
  r.step = rec.first_step;
  r.good_step = clock.steps;
  r.good_time = clock.time;
  r.count = rec.count;
  r.kinds = rec.kinds;
  for (int k = 0; k < kRunawayNamed && k < static_cast<int>(rec.count); ++k) {
    if (rec.bodies[k] >= 0) r.bodies.push_back(static_cast<std::size_t>(rec.bodies[k]));
  }
  std::sort(r.bodies.begin(), r.bodies.end());
  r.bodies.erase(std::unique(r.bodies.begin(), r.bodies.end()), r.bodies.end());
  runaway_ = std::move(r);
  time_ = clock.time;
  steps_ = clock.steps;
  passes_.checked = passes_.done;  // the other slot's read-back shows the same record: handled
}

// The bodies a reader should see, once the stream has finished: the state before the runaway (the
// set not current) where a finished pass ran away and runaway() has not yet gone back (it will,
// to the same state).
ConstBodiesView CudaBackend::settled() const {
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  for (int slot = 0; slot < StageTimer::kSlots; ++slot) {
    const bool unread = passes_.done[slot] >= 0 && passes_.checked[slot] != passes_.done[slot];
    if (unread && readback_[slot].runaway.count > 0) return bodies_.other_read_view();
  }
  return bodies_.read_view();
}

// A walk for the potentials alone where the newest pass left them out: of that pass's tree with
// its decisions (the potentials it would have summed, bit for bit), or where the tree is gone
// (after restore() or a runaway) of a new one over a sorted copy (run_potential_pass). After a
// synchronization, so that a pass that ran away has gone back first.
void CudaBackend::ensure_potentials() const {
  if (potentials_current_ || bodies_.size() == 0) return;
  cudaStream_t st = stream_.get();
  CUDA_CHECK(cudaStreamSynchronize(st));
  collect_flags();
  if (potentials_current_) return;
  if (tree_current_ && last_.solver == Solver::BarnesHut) {
    const SimParams& p = last_.params;
    const TreeView t = tree_->view(p.leaf_size, p.group_size, p.multipole);
    launch_force(bodies_.view(), t, p.multipole, p.softening * p.softening, last_.relative,
                 tree_->force_scratch(), nullptr, st, Potentials::Only);
  } else if (decisions_) {
    PassSettings p = decisions_->pass;
    p.integrate = false;
    run_potential_pass(p, bodies_, *tree_, reports(), decisions_->alpha.data(), decisions_->groups,
                       st);
  } else {  // the state before a step that ran away: alpha |a| from its own accelerations
    run_potential_pass(pass_settings(false), bodies_, *tree_, reports(), nullptr, 0, st);
  }
  potentials_current_ = true;
}

void CudaBackend::forget_tree() const {
  if (tree_current_ && !potentials_current_ && last_.solver == Solver::BarnesHut) {
    if (!decisions_) decisions_.emplace();
    save_decisions(*decisions_);
  }
  tree_current_ = false;
}

bool CudaBackend::save_decisions(PassDecisions& d) const {
  cudaStream_t st = stream_.get();
  if (tree_current_ && last_.solver == Solver::BarnesHut) {
    const auto groups = static_cast<std::size_t>(tree_->group_count(st));
    d.copy(last_, tree_->group_alpha(), groups, st);
  } else if (decisions_) {
    d.copy(decisions_->pass, decisions_->alpha.data(), decisions_->groups, st);
  } else {
    return false;
  }
  return true;
}

HostBodies CudaBackend::download() const {
  HostBodies b;
  if (bodies_.size() == 0) return b;
  ensure_potentials();  // computed once, when first read
  bodies_.download(settled(), b, stream_.get());
  return b;
}

// Reduced on the device (diagnostics.cu): 96 bytes come back, not every body.
Diagnostics CudaBackend::diagnostics() const {
  Diagnostics d;
  if (bodies_.size() == 0) return d;
  ensure_potentials();
  launch_diagnostics(settled(), diag_sums_.data(), stream_.get());
  double v[kDiagnosticSums];
  diag_sums_.download(v, kDiagnosticSums, stream_.get());
  return diagnostics_from_sums(v);
}

// Times and counts of the newest pass the device has finished.
std::pair<StageTimings, InteractionCounts> CudaBackend::newest() const {
  int best = -1;
  for (int slot = 0; slot < StageTimer::kSlots; ++slot) {
    if (passes_.done[slot] < 0 || !timer_.done(slot)) continue;
    if (best < 0 || passes_.done[slot] > passes_.done[best]) best = slot;
  }
  if (best < 0) return {};
  InteractionCounts c;
  if (passes_.solver[best] == Solver::BarnesHut) {
    const Readback& r = readback_[best];
    c = {r.counters[0], r.counters[1], static_cast<std::uint64_t>(r.groups)};
  } else {
    const auto n = static_cast<std::uint64_t>(bodies_.size());
    c = {n * (n > 0 ? n - 1 : 0), 0, 0};
  }
  return {timer_.read(best), c};
}

void CudaBackend::require_tree(const char* what) const {
  if (solver_ != Solver::BarnesHut || !tree_) {
    throw std::logic_error(std::string(what) + ": the direct solver builds no tree");
  }
  if (!tree_current_) {
    throw std::logic_error(std::string(what) +
                           ": no force pass since going back in time; step once");
  }
}

}  // namespace galaxy::cuda

namespace galaxy {

using cuda::CudaBackend;

bool cuda_device_available(std::string* why) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    if (why) *why = std::string("no CUDA device (") + cudaGetErrorString(e) + ")";
    cudaGetLastError();
    return false;
  }
  if (count == 0) {
    if (why) *why = "no CUDA device";
    return false;
  }
  return true;
}

std::unique_ptr<CudaSimulation> make_cuda_simulation(Solver solver, const SimParams& p) {
  return std::make_unique<CudaBackend>(solver, p);
}

int use_cuda_device(int index) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();
    return -1;
  }
  const int device = index % count;
  CUDA_CHECK(cudaSetDevice(device));
  return device;
}

std::size_t cuda_device_memory_free() {
  std::size_t free = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return free;
}

}  // namespace galaxy
