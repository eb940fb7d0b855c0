// SPDX-License-Identifier: MIT
// The CUDA backend: the owners of the device state (DeviceBodies, DeviceOctree), the stage
// sequence (pipeline.cu) on one stream, the stage timers and the read-backs. Nothing in the step
// loop waits for the device: times, interaction counts and flags are read from earlier passes
// once the device has passed them.
#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>

#include "accuracy.cuh"
#include "cuda_simulation.hpp"
#include "diagnostics.hpp"
#include "error_map.cuh"
#include "pipeline.cuh"

namespace galaxy {

using namespace galaxy::cuda;

namespace {

// What a pass leaves for the host, in pinned memory: the interaction counters, the flags and the
// runaway record.
struct Readback {
  unsigned long long counters[2];
  int flags[2];
  int groups;  // follows the flags in the device scalars
  RunawayRecord runaway;
};

// Bookkeeping of the two passes in flight: which pass a slot holds, whether its flags were read.
struct Passes {
  std::uint64_t sequence = 0;  // passes run, with or without integration
  std::array<long long, StageTimer::kSlots> done{-1, -1}, checked{-1, -1};
  std::array<Solver, StageTimer::kSlots> solver{Solver::BarnesHut, Solver::BarnesHut};
  int next_slot() const { return static_cast<int>(sequence & 1); }
};

class CudaBackend final : public CudaSimulation {
 public:
  CudaBackend(Solver solver, const SimParams& p) : solver_(solver) {
    set_params(p);
    launch_clear_runaway(record_.data(), stream_.get());
  }
  ~CudaBackend() override {
    if (stream_.get()) cudaStreamSynchronize(stream_.get());
  }

  Backend backend() const override { return Backend::Cuda; }
  std::string name() const override { return "cuda/" + std::string(to_string(solver_)); }
  void reset(const HostBodies& b) override;
  void restore_forces(const HostBodies& b) override;
  void set_params(const SimParams& p) override {
    check_params(p);
    params_ = p;
  }
  const SimParams& params() const override { return params_; }
  void set_solver(Solver s) override {
    solver_ = s;
    if (bodies_.size() > 0) compute_forces();
  }
  Solver solver() const override { return solver_; }
  void step() override;
  void compute_forces() override {
    if (bodies_.size() > 0) run(false);
  }
  void set_clock(double time, std::uint64_t steps) override {
    time_ = time;
    steps_ = steps;
  }
  std::optional<Runaway> runaway() override {
    collect_flags();
    return runaway_;
  }
  void clear_runaway() override { runaway_.reset(); }
  std::size_t size() const override { return static_cast<std::size_t>(bodies_.size()); }
  double time() const override { return time_; }
  std::uint64_t steps_taken() const override { return steps_; }
  HostBodies download() const override;
  Diagnostics diagnostics() const override;
  void write_vertices_host(float* xyzs, std::uint8_t* tags) const override;
  bool write_vertices_device(float* xyzs, std::uint8_t* tags, void* stream) override;
  ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const override {
    if (bodies_.size() == 0 || samples == 0) return {};
    return cuda::measure_accuracy(settled(), bodies_.ids(stream_.get()), params_.softening,
                                  samples, seed, stream_.get());
  }
  void synchronize() const override { CUDA_CHECK(cudaStreamSynchronize(stream_.get())); }
  std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare) const override;
  void restore(const Keyframe& k) override;
  WalkTrace trace_walk(std::size_t index) override;
  std::vector<TraceBox> tree_cells(int max_depth) const override;
  StageTimings timings() const override { return newest().first; }
  InteractionCounts interactions() const override { return newest().second; }
  GpuTree download_tree() const override;
  // The colour maps: error_map.cu and force.cu's counting walk, through maps_.
  std::vector<float> body_errors(std::size_t max_bodies, std::uint64_t seed) const override;
  std::vector<float> body_costs() override;
  void set_vertex_values(std::vector<float> v) override { maps_.set_values(v, size(), stream_.get()); }
  void clear_vertex_values() override { maps_.clear(); }
  bool has_vertex_values() const override { return maps_.has_values(); }

 private:
  void run(bool integrate);
  bool collect_flags();
  void go_back(const RunawayRecord& rec);
  ConstBodiesView settled() const;
  std::pair<StageTimings, InteractionCounts> newest() const;
  void require_tree(const char* what) const;

  Solver solver_;
  SimParams params_;
  // Member order is teardown order in reverse: the stream outlives nothing that uses it.
  Stream stream_;
  Event vertex_event_;
  StageTimer timer_;
  PinnedArray<Readback> readback_{StageTimer::kSlots};
  DeviceBodies bodies_;
  std::optional<DeviceOctree> tree_;  // Barnes-Hut's, sized for the bodies
  PassSettings last_;                 // the settings of the newest pass (the trace replays it)
  // trace_walk()'s output on the device, made by its first call (5 MB).
  struct TraceBuffers {
    DeviceBuffer<TraceHeader> header{1};
    DeviceBuffer<float4> accepted{2 * kMaxTraceEntries}, opened{2 * kMaxTraceEntries},
        direct{kMaxTraceEntries};
    DeviceBuffer<int> slot{1};
  };
  std::optional<TraceBuffers> trace_;
  DeviceBuffer<unsigned long long> counters_{2};
  DeviceBuffer<RunawayRecord> record_{1};
  DeviceBuffer<RunawayClock> clock_{1};
  mutable DeviceBuffer<double> diag_sums_{static_cast<std::size_t>(kDiagnosticSums)};
  mutable DeviceBuffer<float4> host_vertices_;  // write_vertices_host's staging on the device
  mutable DeviceBuffer<std::uint8_t> host_tags_;
  mutable ColourMapBuffers maps_;
  std::optional<Runaway> runaway_;
  double time_ = 0;
  std::uint64_t steps_ = 0;
  bool have_accel_ = false;  // acc holds the last pass's accelerations (the relative criterion)
  bool tree_current_ = false;  // tree_ and last_ belong to the bodies (not so after restore())
  Passes passes_;
};

void CudaBackend::reset(const HostBodies& b) {
  validate(b);
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
    bodies.upload(b, stream_.get());
  }
  bodies_ = std::move(bodies);
  tree_ = std::move(tree);
  host_vertices_.resize(0), host_tags_.resize(0);  // sized again by the next host-path frame
  maps_.clear();  // the old bodies' values
  launch_clear_runaway(record_.data(), stream_.get());
  runaway_.reset();
  time_ = 0;
  steps_ = 0;
  passes_ = {};
  have_accel_ = tree_current_ = false;
  compute_forces();
  if (params_.alpha > 0) compute_forces();  // the relative criterion needs accelerations
  // A build that ran out of nodes is exact but slow (big leaves summed directly); the array
  // grew, so build again: the state after reset always has the whole tree.
  for (int k = 0; k < 8 && n > 0; ++k) {
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    if (!collect_flags()) break;
    compute_forces();
  }
}

void CudaBackend::restore_forces(const HostBodies& b) {
  if (b.size() != size()) throw std::invalid_argument("restore_forces: body count differs");
  if (b.empty()) return;
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  bodies_.upload_accelerations(b, stream_.get());
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

// One pass of the pipeline on the stream, then its read-back.
void CudaBackend::run(bool integrate) {
  collect_flags();
  if (integrate && runaway_) return;
  const int slot = passes_.next_slot();
  cudaStream_t st = stream_.get();
  last_ = {integrate, solver_, params_, have_accel_ ? params_.alpha : 0.0f, time_, steps_};
  run_pass(last_, bodies_, *tree_, {record_.data(), clock_.data(), counters_.data()}, timer_, slot,
           st);
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
bool CudaBackend::collect_flags() {
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
      tree_->grow();
      grew = true;
    }
  }
  return grew;
}

// A step ran away (the record read back): put the backup taken before it in place, with its
// clock, and stop stepping until clear_runaway().
void CudaBackend::go_back(const RunawayRecord& rec) {
  cudaStream_t st = stream_.get();
  CUDA_CHECK(cudaStreamSynchronize(st));
  bodies_.restore_backup(st);
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

// The bodies a reader should see, once the stream has finished: the backup where a finished pass
// ran away and runaway() has not yet gone back (it will, to the same state).
ConstBodiesView CudaBackend::settled() const {
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  for (int slot = 0; slot < StageTimer::kSlots; ++slot) {
    const bool unread = passes_.done[slot] >= 0 && passes_.checked[slot] != passes_.done[slot];
    if (unread && readback_[slot].runaway.count > 0) return bodies_.backup_read_view();
  }
  return bodies_.read_view();
}

HostBodies CudaBackend::download() const {
  HostBodies b;
  if (bodies_.size() == 0) return b;
  bodies_.download(settled(), b, stream_.get());
  return b;
}

// Reduced on the device (diagnostics.cu): 96 bytes come back, not every body.
Diagnostics CudaBackend::diagnostics() const {
  Diagnostics d;
  if (bodies_.size() == 0) return d;
  launch_diagnostics(settled(), diag_sums_.data(), stream_.get());
  double v[kDiagnosticSums];
  diag_sums_.download(v, kDiagnosticSums, stream_.get());
  return diagnostics_from_sums(v);
}

void CudaBackend::write_vertices_host(float* xyzs, std::uint8_t* tags) const {
  // Tree order, like the device path: the renderer does not care about body order.
  const int n = bodies_.size();
  if (n == 0) return;
  // Buffers kept from frame to frame (allocating two every frame cost a device synchronisation
  // each); they follow the body count.
  if (host_vertices_.size() != static_cast<std::size_t>(n)) {
    host_vertices_.resize(n);
    host_tags_.resize(n);
  }
  launch_vertices(bodies_.read_view(), reinterpret_cast<float*>(host_vertices_.data()),
                  host_tags_.data(), stream_.get());
  maps_.write_values(bodies_.read_view(), reinterpret_cast<float*>(host_vertices_.data()),
                     stream_.get());
  host_vertices_.download(reinterpret_cast<float4*>(xyzs), n, stream_.get());
  if (tags) host_tags_.download(tags, n, stream_.get());
}

bool CudaBackend::write_vertices_device(float* xyzs, std::uint8_t* tags, void* stream) {
  if (bodies_.size() == 0) return true;
  launch_vertices(bodies_.read_view(), xyzs, tags, stream_.get());
  maps_.write_values(bodies_.read_view(), xyzs, stream_.get());
  if (stream) {
    CUDA_CHECK(cudaEventRecord(vertex_event_.get(), stream_.get()));
    CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), vertex_event_.get(), 0));
  }
  return true;
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

namespace {
struct CudaKeyframe final : Keyframe {
  DeviceBodies::Saved bodies;
  bool have_accel = false;
  std::size_t bytes() const override { return bodies.bytes(); }
};
}  // namespace

// A device copy of the settled bodies (a pass that ran away is never kept: the backup it went
// back to is what settled() reads).
std::unique_ptr<Keyframe> CudaBackend::capture(std::unique_ptr<Keyframe> spare) const {
  if (settled().pos != bodies_.read_view().pos) {
    throw std::logic_error("capture: the newest step ran away; runaway() goes back first");
  }
  std::unique_ptr<CudaKeyframe> k;
  if (spare && spare->owner == this) k.reset(static_cast<CudaKeyframe*>(spare.release()));
  if (!k) k = std::make_unique<CudaKeyframe>();
  bodies_.save(k->bodies, stream_.get());  // into the spare's buffers where they fit
  k->have_accel = have_accel_;
  k->steps = steps_, k->time = time_, k->body_count = size(), k->owner = this;
  return k;
}

void CudaBackend::restore(const Keyframe& k) {
  if (k.owner != this || k.body_count != size()) {
    throw std::invalid_argument("restore: the keyframe belongs to another run");
  }
  const auto& c = static_cast<const CudaKeyframe&>(k);
  cudaStream_t st = stream_.get();
  CUDA_CHECK(cudaStreamSynchronize(st));
  passes_.checked = passes_.done;  // what passes before the jump found no longer matters
  bodies_.load(c.bodies, st);
  launch_clear_runaway(record_.data(), st);
  CUDA_CHECK(cudaStreamSynchronize(st));
  runaway_.reset();
  have_accel_ = c.have_accel;
  tree_current_ = false;
  time_ = c.time, steps_ = c.steps;
}

// The group walk of the newest pass, replayed by one warp (force.cu, launch_trace).
WalkTrace CudaBackend::trace_walk(std::size_t index) {
  require_tree("trace_walk");
  if (index >= size()) {
    throw std::out_of_range("trace_walk: no body " + std::to_string(index) + " among " +
                            std::to_string(size()));
  }
  cudaStream_t st = stream_.get();
  const int cap = static_cast<int>(kMaxTraceEntries);
  if (!trace_) trace_.emplace();  // kept: the overlay asks up to five times a second
  DeviceBuffer<TraceHeader>& header = trace_->header;
  const DeviceBuffer<float4>&accepted = trace_->accepted, &opened = trace_->opened,
                          &direct = trace_->direct;
  const TraceView out{header.data(),         trace_->accepted.data(), trace_->opened.data(),
                      trace_->direct.data(), cap,                     trace_->slot.data()};
  const TreeView t = tree_->view(last_.params.leaf_size, last_.params.group_size);
  launch_trace(bodies_.view(), t, last_.params.multipole, last_.alpha, static_cast<int>(index),
               tree_->walk_scratch(), out, st);
  TraceHeader h{};
  header.download(&h, 1, st);
  if (!h.found) throw std::logic_error("trace_walk: body " + std::to_string(index) + " not found");
  WalkTrace w;
  w.group = {{h.lo[0], h.lo[1], h.lo[2]}, {h.hi[0], h.hi[1], h.hi[2]}, 0};
  w.group_bodies = static_cast<std::size_t>(h.end - h.begin);
  w.truncated = std::max({h.accepted, h.opened, h.direct}) > cap;
  auto boxes = [&](const DeviceBuffer<float4>& list, int count) {
    std::vector<float4> v(2 * static_cast<std::size_t>(std::min(count, cap)));
    list.download(v.data(), v.size(), st);
    std::vector<TraceBox> out;
    for (std::size_t k = 0; k + 1 < v.size(); k += 2) {
      int level = 0;
      std::memcpy(&level, &v[k].w, sizeof level);
      out.push_back({{v[k].x, v[k].y, v[k].z}, {v[k + 1].x, v[k + 1].y, v[k + 1].z}, level});
    }
    return out;
  };
  w.accepted = boxes(accepted, h.accepted);
  w.opened = boxes(opened, h.opened);
  std::vector<float4> d(std::min(h.direct, cap));
  direct.download(d.data(), d.size(), st);
  for (const float4& p : d) w.direct.push_back({p.x, p.y, p.z});
  w.body = {h.body[0], h.body[1], h.body[2]};
  w.theta = last_.params.theta;
  w.alpha = last_.alpha;
  return w;
}

std::vector<TraceBox> CudaBackend::tree_cells(int max_depth) const {
  require_tree("tree_cells");
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  return tree_->cells(max_depth, stream_.get());
}

std::vector<float> CudaBackend::body_errors(std::size_t max_bodies, std::uint64_t seed) const {
  if (bodies_.size() == 0) return {};
  const ConstBodiesView b = settled();
  const bool all = max_bodies >= size();
  return maps_.errors(b, all ? std::vector<int>{} : bodies_.ids(stream_.get()), max_bodies, seed,
                      params_.softening, stream_.get());
}

// The newest pass's walk counted again (like trace_walk, with its own decisions).
std::vector<float> CudaBackend::body_costs() {
  const auto n = static_cast<std::size_t>(bodies_.size());
  if (solver_ == Solver::Direct) return std::vector<float>(n, n > 0 ? float(n - 1) : 0.0f);
  if (n == 0 || !tree_) return std::vector<float>(n, 0.0f);
  const TreeView t = tree_->view(last_.params.leaf_size, last_.params.group_size);
  return maps_.costs(bodies_.view(), t, last_.params.multipole, last_.alpha,
                     tree_->walk_scratch(), stream_.get());
}

GpuTree CudaBackend::download_tree() const {
  if (solver_ != Solver::BarnesHut || !tree_ || size() == 0) return {};
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  return tree_->download(bodies_.ids(stream_.get()), stream_.get());
}

}  // namespace

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

std::size_t cuda_device_memory_free() {
  std::size_t free = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return free;
}

std::size_t cuda_device_memory_used() {
  std::size_t free = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return total - free;
}

}  // namespace galaxy
