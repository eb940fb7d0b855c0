// SPDX-License-Identifier: MIT
// The CUDA backend: owns the device state and runs the six stages on one stream. Nothing in the
// step loop waits for the device: per-stage times and interaction counts are read from the
// previous steps' events and a 24-byte pinned read-back once the device has passed them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "cuda_simulation.hpp"
#include "../median.hpp"
#include "cuda_check.cuh"
#include "kernels.cuh"
#include "runaway.cuh"

namespace galaxy {

using namespace galaxy::cuda;

namespace {

class Stream {
 public:
  Stream() { CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

// Pinned host memory the device writes the last step's counters and flags into.
struct Readback {
  unsigned long long counters[2];
  int flags[2];
  int groups;  // follows the flags in the device scalars
  RunawayRecord runaway;
};

class PinnedReadback {
 public:
  PinnedReadback() {
    CUDA_CHECK(cudaMallocHost(&p_, 2 * sizeof(Readback)));
    std::memset(p_, 0, 2 * sizeof(Readback));
  }
  ~PinnedReadback() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedReadback(const PinnedReadback&) = delete;
  PinnedReadback& operator=(const PinnedReadback&) = delete;
  Readback& operator[](int k) { return p_[k]; }
  const Readback& operator[](int k) const { return p_[k]; }

 private:
  Readback* p_ = nullptr;
};

// Everything whose size depends on the body count. reset() builds a new one and swaps it in only
// when every allocation and the upload succeeded, so a failure keeps the old run.
struct State {
  int n = 0;
  DeviceBuffer<float4> pos, vel, acc, pos2, vel2, acc2;
  DeviceBuffer<int> id, id2;
  DeviceBuffer<std::uint8_t> tag, tag2;
  DeviceBuffer<std::uint64_t> keys, keys2;
  DeviceBuffer<int> index, index2;
  DeviceBuffer<unsigned char> sort_temp;
  DeviceBuffer<float4> node_com;
  DeviceBuffer<float4> node_quad;    // 2 per node
  DeviceBuffer<float4> node_bounds;  // 2 per node
  DeviceBuffer<float2> node_mac;
  DeviceBuffer<int4> node_link;
  DeviceBuffer<int2> node_range;
  DeviceBuffer<int2> groups;  // the walk's groups, at most one per body
  DeviceBuffer<std::uint8_t> group_start;
  DeviceBuffer<int> group_starts;
  DeviceBuffer<unsigned char> group_temp;
  // The runaway backup (runaway.cuh): the state before the newest step that did not run away.
  DeviceBuffer<float4> good_pos, good_vel, good_acc;
  DeviceBuffer<int> good_id;
  DeviceBuffer<std::uint8_t> good_tag;

  BodiesView bodies() { return {pos.data(), vel.data(), acc.data(), id.data(), tag.data(), n}; }
  BodiesView bodies2() {
    return {pos2.data(), vel2.data(), acc2.data(), id2.data(), tag2.data(), n};
  }
  BodiesView good() {
    return {good_pos.data(), good_vel.data(), good_acc.data(), good_id.data(), good_tag.data(), n};
  }
  void allocate_nodes(int capacity) {
    node_com.resize(capacity);
    node_quad.resize(2 * static_cast<std::size_t>(capacity));
    node_bounds.resize(2 * static_cast<std::size_t>(capacity));
    node_mac.resize(capacity);
    node_link.resize(capacity);
    node_range.resize(capacity);
  }
};

// Nodes for n bodies in leaves of up to 16: a Plummer sphere needs about n/4 (measured: a 50000-
// body build overflowed n/4), so n/2 leaves room for clustered scenarios, and smaller leaves need
// proportionally more; the array doubles when a build runs out anyway (tree_build.cu).
int initial_node_capacity(int n, int leaf_size) {
  return static_cast<int>(std::max<long>(4096, 8L * n / std::max(1, leaf_size)));
}

constexpr int kStackPerWarp = 8192;
// Device counters: nodes allocated, the walk's group counter, the two flags, groups built.
constexpr int kNodeCount = 0, kWork = 1, kFlags = 2, kGroupCount = 4, kScalars = 5;
constexpr int kPartialBoxes = 4096;

// The events of one pass, each recorded where its stage begins (the next one's mark ends it).
enum Mark : int {
  kStart,        // the opening kick-drift
  kBoundingBox,  // then the stages in Stage's order
  kSort,
  kTreeBuild,
  kSummarize,
  kForce,
  kClosingKick,
  kReadBack,  // the counters and flags on their way to the host
  kDone,      // everything of the pass has finished
  kEvents
};

class CudaSimulation final : public Simulation {
 public:
  CudaSimulation(Solver solver, const SimParams& p) : solver_(solver) {
    set_params(p);
    level_range_.resize(2 * (kLevels + 1));
    scalars_.resize(kScalars);
    blocks_done_.resize(1);
    counters_.resize(2);
    stack_.resize(static_cast<std::size_t>(force_resident_warps()) * kStackPerWarp);
    launch_clear_runaway(runaway_record_.data(), stream_.get());
  }
  ~CudaSimulation() override {
    if (stream_.get()) cudaStreamSynchronize(stream_.get());
  }

  Backend backend() const override { return Backend::Cuda; }
  std::string name() const override { return std::string("cuda/") + std::string(to_string(solver_)); }

  void reset(const HostBodies& b) override {
    validate(b);
    if (b.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
      throw std::invalid_argument("too many bodies for the cuda backend: " + std::to_string(b.size()));
    }
    const int n = static_cast<int>(b.size());
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    State s;
    s.n = n;
    if (n > 0) {
      s.pos.resize(n), s.vel.resize(n), s.acc.resize(n), s.pos2.resize(n), s.vel2.resize(n),
          s.acc2.resize(n);
      s.id.resize(n), s.id2.resize(n), s.tag.resize(n), s.tag2.resize(n);
      s.keys.resize(n), s.keys2.resize(n), s.index.resize(n), s.index2.resize(n);
      s.sort_temp.resize(sort_temp_bytes(n));
      s.allocate_nodes(initial_node_capacity(n, params_.leaf_size));
      s.groups.resize(n);
      s.group_start.resize(n);
      s.group_starts.resize(n);
      s.group_temp.resize(groups_temp_bytes(n));
      s.good_pos.resize(n), s.good_vel.resize(n), s.good_acc.resize(n), s.good_id.resize(n);
      s.good_tag.resize(n);
      std::vector<float4> pos(n), vel(n);
      std::vector<int> id(n);
      std::vector<std::uint8_t> tag(n);
      for (int i = 0; i < n; ++i) {
        pos[i] = make_float4(b.x[i], b.y[i], b.z[i], b.m[i]);
        vel[i] = make_float4(b.vx[i], b.vy[i], b.vz[i], 0.0f);
        id[i] = i;
        const std::uint8_t pop = i < static_cast<int>(b.population.size()) ? b.population[i] : 0;
        const std::uint8_t gal = i < static_cast<int>(b.galaxy.size()) ? b.galaxy[i] : 0;
        tag[i] = body_tag(pop, gal);
      }
      s.pos.upload(pos.data(), n, stream_.get());
      s.vel.upload(vel.data(), n, stream_.get());
      s.id.upload(id.data(), n, stream_.get());
      s.tag.upload(tag.data(), n, stream_.get());
    }
    state_ = std::move(s);
    host_vertices_.resize(0), host_tags_.resize(0);  // sized again by the next host-path frame
    launch_clear_runaway(runaway_record_.data(), stream_.get());
    runaway_.reset();
    time_ = 0;
    steps_ = 0;
    sequence_ = 0;
    done_ = {-1, -1};
    checked_ = {-1, -1};
    timings_ = {};
    counts_ = {};
    have_accel_ = false;
    compute_forces();
    if (params_.alpha > 0) compute_forces();  // the relative criterion needs accelerations
    // A build that ran out of nodes is exact but slow (big leaves summed directly); the array
    // grew, so build again: the state after reset always has the whole tree.
    for (int k = 0; k < 8 && state_.n > 0; ++k) {
      CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
      if (!collect_flags()) break;
      compute_forces();
    }
  }

  void restore_forces(const HostBodies& b) override {
    const int n = state_.n;
    if (b.size() != static_cast<std::size_t>(n))
      throw std::invalid_argument("restore_forces: body count differs");
    if (n == 0) return;
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    std::vector<int> id(n);
    state_.id.download(id.data(), n, stream_.get());
    std::vector<float4> acc(n);
    for (int k = 0; k < n; ++k) {
      const int i = id[k];
      acc[k] = make_float4(b.ax[i], b.ay[i], b.az[i], b.pot[i]);
    }
    state_.acc.upload(acc.data(), n, stream_.get());
  }

  void set_params(const SimParams& p) override {
    check_params(p);
    params_ = p;
  }
  const SimParams& params() const override { return params_; }
  void set_solver(Solver s) override {
    solver_ = s;
    if (state_.n > 0) compute_forces();
  }
  Solver solver() const override { return solver_; }

  void step() override {
    if (runaway_) return;  // stopped on the last good state until clear_runaway()
    if (state_.n == 0) {
      time_ += params_.dt;
      ++steps_;
      return;
    }
    run(true);
    if (runaway_) return;  // an earlier step ran away: run() went back instead of stepping
    time_ += params_.dt;
    ++steps_;
  }

  void compute_forces() override {
    if (state_.n == 0) return;
    run(false);
  }

  bool set_clock(double time, std::uint64_t steps) override {
    time_ = time;
    steps_ = steps;
    return true;
  }

  std::optional<Runaway> runaway() override {
    collect_flags();
    return runaway_;
  }
  void clear_runaway() override { runaway_.reset(); }

  std::size_t size() const override { return static_cast<std::size_t>(state_.n); }
  double time() const override { return time_; }
  std::uint64_t steps_taken() const override { return steps_; }

  HostBodies download() const override {
    HostBodies b;
    const int n = state_.n;
    b.resize(n);
    if (n == 0) return b;
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    check_flags();
    std::vector<float4> pos(n), vel(n), acc(n);
    std::vector<int> id(n);
    std::vector<std::uint8_t> tag(n);
    state_.pos.download(pos.data(), n, stream_.get());
    state_.vel.download(vel.data(), n, stream_.get());
    state_.acc.download(acc.data(), n, stream_.get());
    state_.id.download(id.data(), n, stream_.get());
    state_.tag.download(tag.data(), n, stream_.get());
    for (int k = 0; k < n; ++k) {
      const int i = id[k];
      b.x[i] = pos[k].x, b.y[i] = pos[k].y, b.z[i] = pos[k].z, b.m[i] = pos[k].w;
      b.vx[i] = vel[k].x, b.vy[i] = vel[k].y, b.vz[i] = vel[k].z;
      b.ax[i] = acc[k].x, b.ay[i] = acc[k].y, b.az[i] = acc[k].z, b.pot[i] = acc[k].w;
      b.population[i] = tag[k] & 3u;
      b.galaxy[i] = tag[k] >> 2;
    }
    return b;
  }

  // Reduced on the device (diagnostics.cu): 96 bytes come back, not every body.
  Diagnostics diagnostics() const override {
    Diagnostics d;
    if (state_.n == 0) return d;
    launch_diagnostics(const_cast<State&>(state_).bodies(), diag_sums_.data(), stream_.get());
    double v[kDiagnosticSums];
    CUDA_CHECK(cudaMemcpyAsync(v, diag_sums_.data(), sizeof v, cudaMemcpyDeviceToHost, stream_.get()));
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    check_flags();
    d.kinetic = v[0];
    d.potential = v[1];
    d.mass = v[2];
    for (int k = 0; k < 3; ++k) {
      d.momentum[k] = v[3 + k];
      d.angular_momentum[k] = v[6 + k];
      d.com[k] = d.mass > 0 ? v[9 + k] / d.mass : 0.0;
    }
    return d;
  }

  void write_vertices_host(float* xyzs, std::uint8_t* tags) const override {
    // Tree order, like the device path: the renderer does not care about body order.
    const int n = state_.n;
    if (n == 0) return;
    // Buffers kept from frame to frame (allocating two every frame cost a device
    // synchronisation each); they grow with the body count.
    if (host_vertices_.size() != static_cast<std::size_t>(n)) {
      host_vertices_.resize(n);
      host_tags_.resize(n);
    }
    BodiesView b = const_cast<State&>(state_).bodies();
    launch_vertices(b, reinterpret_cast<float*>(host_vertices_.data()), host_tags_.data(),
                    stream_.get());
    host_vertices_.download(reinterpret_cast<float4*>(xyzs), n, stream_.get());
    if (tags) host_tags_.download(tags, n, stream_.get());
  }

  bool write_vertices_device(float* xyzs, std::uint8_t* tags, void* stream) override {
    if (state_.n == 0) return true;
    launch_vertices(state_.bodies(), xyzs, tags, stream_.get());
    if (stream) {
      CUDA_CHECK(cudaEventRecord(vertex_event_.get(), stream_.get()));
      CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), vertex_event_.get(), 0));
    }
    return true;
  }

  // Exact accelerations on the GPU, in double, for a random sample of bodies against all N.
  ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const override {
    const int n = state_.n;
    if (n == 0 || samples == 0) return {};
    // The same bodies as the CPU backend's meter with the same seed (indices in the order the
    // user gave), found in tree order through the ids, so that backends compare on equal terms.
    const std::vector<int> wanted = random_sample(n, samples, seed);
    const int count = static_cast<int>(wanted.size());
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    std::vector<int> id(n), slot_of(n, -1), targets(count);
    state_.id.download(id.data(), n, stream_.get());
    for (int k = 0; k < count; ++k) slot_of[wanted[k]] = k;
    for (int k = 0; k < n; ++k) {
      if (slot_of[id[k]] >= 0) targets[slot_of[id[k]]] = k;
    }
    DeviceBuffer<int> t(count);
    DeviceBuffer<ExactAccel> exact(count);
    DeviceBuffer<float4> current(count);
    t.upload(targets.data(), count, stream_.get());
    const double eps = params_.softening;
    launch_direct_sample_f64(const_cast<State&>(state_).bodies(), t.data(), count, eps * eps,
                             exact.data(), current.data(), stream_.get());
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    std::vector<ExactAccel> e(count);
    std::vector<float4> c(count);
    exact.download(e.data(), count, stream_.get());
    current.download(c.data(), count, stream_.get());
    HostBodies b;
    b.resize(count);
    std::vector<int> idx(count);
    std::vector<AccelD> ref(count);
    for (int k = 0; k < count; ++k) {
      b.ax[k] = c[k].x, b.ay[k] = c[k].y, b.az[k] = c[k].z;
      idx[k] = k;
      ref[k] = {e[k].ax, e[k].ay, e[k].az, e[k].pot};
    }
    return relative_errors(b, idx, ref);
  }

  void synchronize() const override {
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    check_flags();
  }

  StageTimings timings() const override {
    refresh();
    return timings_;
  }
  InteractionCounts interactions() const override {
    refresh();
    return counts_;
  }

  GpuTree tree() const {
    GpuTree g;
    if (state_.n == 0 || solver_ != Solver::BarnesHut) return g;
    CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    check_flags();
    int scal[kScalars];
    scalars_.download(scal, kScalars, stream_.get());
    const int count = std::min(scal[kNodeCount], static_cast<int>(state_.node_com.size()));
    std::vector<float4> com(count);
    std::vector<int4> link(count);
    std::vector<int2> range(count);
    std::vector<float4> quad(2 * static_cast<std::size_t>(count));
    std::vector<float2> mac(count);
    state_.node_com.download(com.data(), count, stream_.get());
    state_.node_quad.download(quad.data(), 2 * static_cast<std::size_t>(count), stream_.get());
    state_.node_mac.download(mac.data(), count, stream_.get());
    state_.node_link.download(link.data(), count, stream_.get());
    state_.node_range.download(range.data(), count, stream_.get());
    const int group_count = std::min(scal[kGroupCount], state_.n);
    std::vector<int2> groups(group_count);
    state_.groups.download(groups.data(), group_count, stream_.get());
    for (const int2 r : groups) g.groups.emplace_back(r.x, r.y);
    g.order.resize(state_.n);
    state_.id.download(g.order.data(), state_.n, stream_.get());
    BodyBounds box;
    box_.download(&box, 1, stream_.get());
    physics::cube_from_bounds(box.lo, box.hi, g.lox, g.loy, g.loz, g.size);
    g.nodes.resize(count);
    for (int k = 0; k < count; ++k) {
      GpuTreeNode& o = g.nodes[k];
      o.comx = com[k].x, o.comy = com[k].y, o.comz = com[k].z, o.mass = com[k].w;
      const float4 a = quad[2 * k], q = quad[2 * k + 1];
      const float qs[7] = {a.x, a.y, a.z, a.w, q.x, q.y, q.z};
      std::copy(qs, qs + 7, o.quad);
      o.open_radius = std::sqrt(mac[k].x);
      o.first = link[k].x, o.count = link[k].y, o.level = link[k].z, o.leaf = link[k].w != 0;
      o.body_begin = range[k].x, o.body_end = range[k].y;
    }
    return g;
  }

 private:
  // One pass of the pipeline on the stream: the opening kick and drift when `integrate`, forces,
  // then the closing kick. Records the stage events and the read-back.
  void run(bool integrate) {
    collect_flags();
    if (integrate && runaway_) return;
    State& s = state_;
    const int slot = static_cast<int>(sequence_ & 1);
    auto& ev = events_[slot];
    cudaStream_t st = stream_.get();
    auto mark = [&](int k) { CUDA_CHECK(cudaEventRecord(ev[k].get(), st)); };
    const float eps2 = params_.softening * params_.softening;
    mark(kStart);
    if (integrate) {
      launch_backup_if_good(s.bodies(), s.good(), runaway_record_.data(), runaway_clock_.data(),
                            time_, steps_, st);
      launch_kick_drift_checked(s.bodies(), params_.dt, runaway_record_.data(), steps_ + 1, st);
    }
    mark(kBoundingBox);
    if (solver_ == Solver::BarnesHut) {
      launch_bounding_box(s.pos.data(), s.n, partial_.data(), kPartialBoxes, box_.data(), st);
      mark(kSort);
      const SortScratch scratch{s.keys.data(), s.keys2.data(), s.index.data(), s.index2.data(),
                                s.sort_temp.data(), s.sort_temp.bytes()};
      launch_sort(s.bodies(), s.bodies2(), box_.data(), scratch, st);
      s.pos.swap(s.pos2), s.vel.swap(s.vel2), s.acc.swap(s.acc2), s.id.swap(s.id2),
          s.tag.swap(s.tag2);
      mark(kTreeBuild);
      const TreeView t = tree_view();
      launch_tree_build(s.keys2.data(), s.n, t, st);
      launch_groups(t, s.n, s.group_starts.data(), s.group_temp.data(), s.group_temp.bytes(), st);
      mark(kSummarize);
      launch_summarize(s.pos.data(), t, 1.0f / params_.theta, st);
      mark(kForce);
      CUDA_CHECK(cudaMemsetAsync(counters_.data(), 0, counters_.bytes(), st));
      const WalkScratch w{stack_.data(), kStackPerWarp, scalars_.data() + kWork};
      launch_force(s.bodies(), t, params_.multipole, eps2, have_accel_ ? params_.alpha : 0.0f, w,
                   counters_.data(), st);
      have_accel_ = true;
    } else {
      mark(kSort), mark(kTreeBuild), mark(kSummarize), mark(kForce);
      launch_direct_tiled(s.bodies(), eps2, st);
    }
    mark(kClosingKick);
    if (integrate) {
      launch_kick_checked(s.bodies(), 0.5f * params_.dt, runaway_record_.data(), steps_ + 1, st);
    }
    mark(kReadBack);
    CUDA_CHECK(cudaMemcpyAsync(&readback_[slot].runaway, runaway_record_.data(),
                               sizeof(RunawayRecord), cudaMemcpyDeviceToHost, st));
    if (solver_ == Solver::BarnesHut) {
      CUDA_CHECK(cudaMemcpyAsync(readback_[slot].counters, counters_.data(), counters_.bytes(),
                                 cudaMemcpyDeviceToHost, st));
      CUDA_CHECK(cudaMemcpyAsync(readback_[slot].flags, scalars_.data() + kFlags, 3 * sizeof(int),
                                 cudaMemcpyDeviceToHost, st));
    }
    mark(kDone);
    done_[slot] = static_cast<long long>(sequence_);
    solver_of_[slot] = solver_;
    checked_[slot] = -1;
    ++sequence_;
  }

  TreeView tree_view() {
    TreeView t;
    t.com = state_.node_com.data();
    t.quad = state_.node_quad.data();
    t.bounds = state_.node_bounds.data();
    t.mac = state_.node_mac.data();
    t.link = state_.node_link.data();
    t.range = state_.node_range.data();
    t.level_range = level_range_.data();
    t.node_count = scalars_.data() + kNodeCount;
    t.blocks_done = blocks_done_.data();
    t.flags = scalars_.data() + kFlags;
    t.capacity = static_cast<int>(state_.node_com.size());
    t.leaf_size = params_.leaf_size;
    t.group_size = params_.group_size;
    t.group_start = state_.group_start.data();
    t.groups = state_.groups.data();
    t.group_count = scalars_.data() + kGroupCount;
    return t;
  }

  // Flags of passes the device has finished: a full node array grows for the next pass; a walk
  // stack overflow (never seen; its size bounds the depth of any realistic tree) is an error.
  // Returns whether the node array grew.
  bool collect_flags() {
    bool grew = false;
    for (int slot = 0; slot < 2; ++slot) {
      if (done_[slot] < 0 || checked_[slot] == done_[slot]) continue;
      if (cudaEventQuery(events_[slot][kDone].get()) != cudaSuccess) continue;
      checked_[slot] = done_[slot];
      const Readback& r = readback_[slot];
      if (r.runaway.count > 0) {
        go_back(r.runaway);
        return false;
      }
      if (solver_of_[slot] != Solver::BarnesHut) continue;
      if (r.flags[kFlagStackOverflow]) {
        throw std::runtime_error("cuda force walk: the traversal stack overflowed; the step's forces are wrong");
      }
      if (r.flags[kFlagNodeOverflow]) {
        CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
        state_.allocate_nodes(static_cast<int>(state_.node_com.size()) * 2);
        grew = true;
      }
    }
    return grew;
  }
  void check_flags() const { const_cast<CudaSimulation*>(this)->collect_flags(); }

  // A step ran away (the record read back): put the backup taken before it in place, with its
  // clock, and stop stepping until clear_runaway().
  void go_back(const RunawayRecord& rec) {
    cudaStream_t st = stream_.get();
    CUDA_CHECK(cudaStreamSynchronize(st));
    State& s = state_;
    const auto n = static_cast<std::size_t>(s.n);
    CUDA_CHECK(cudaMemcpyAsync(s.pos.data(), s.good_pos.data(), n * sizeof(float4),
                               cudaMemcpyDeviceToDevice, st));
    CUDA_CHECK(cudaMemcpyAsync(s.vel.data(), s.good_vel.data(), n * sizeof(float4),
                               cudaMemcpyDeviceToDevice, st));
    CUDA_CHECK(cudaMemcpyAsync(s.acc.data(), s.good_acc.data(), n * sizeof(float4),
                               cudaMemcpyDeviceToDevice, st));
    CUDA_CHECK(cudaMemcpyAsync(s.id.data(), s.good_id.data(), n * sizeof(int),
                               cudaMemcpyDeviceToDevice, st));
    CUDA_CHECK(cudaMemcpyAsync(s.tag.data(), s.good_tag.data(), n, cudaMemcpyDeviceToDevice, st));
    RunawayClock clock{};
    CUDA_CHECK(
        cudaMemcpyAsync(&clock, runaway_clock_.data(), sizeof clock, cudaMemcpyDeviceToHost, st));
    launch_clear_runaway(runaway_record_.data(), st);
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
    checked_ = done_;  // the other slot's read-back shows the same record: handled
  }

  // Times and counts of the newest pass the device has finished.
  void refresh() const {
    int best = -1;
    for (int slot = 0; slot < 2; ++slot) {
      if (done_[slot] < 0 || cudaEventQuery(events_[slot][kDone].get()) != cudaSuccess) continue;
      if (best < 0 || done_[slot] > done_[best]) best = slot;
    }
    if (best < 0) return;
    const auto& ev = events_[best];
    auto between = [&](int a, int b) {
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, ev[a].get(), ev[b].get()));
      return ms;
    };
    StageTimings t;
    t.ms[static_cast<int>(Stage::Integrate)] =
        between(kStart, kBoundingBox) + between(kClosingKick, kReadBack);
    t.ms[static_cast<int>(Stage::BoundingBox)] = between(kBoundingBox, kSort);
    t.ms[static_cast<int>(Stage::Sort)] = between(kSort, kTreeBuild);
    t.ms[static_cast<int>(Stage::TreeBuild)] = between(kTreeBuild, kSummarize);
    t.ms[static_cast<int>(Stage::Summarize)] = between(kSummarize, kForce);
    t.ms[static_cast<int>(Stage::Force)] = between(kForce, kClosingKick);
    t.total_ms = between(kStart, kReadBack);
    t.valid = true;
    timings_ = t;
    if (solver_of_[best] == Solver::BarnesHut) {
      counts_ = {readback_[best].counters[0], readback_[best].counters[1],
                 static_cast<std::uint64_t>(readback_[best].groups)};
    } else {
      const auto n = static_cast<std::uint64_t>(state_.n);
      counts_ = {n * (n > 0 ? n - 1 : 0), 0};
    }
  }

  Solver solver_;
  SimParams params_;
  // Member order is teardown order in reverse: the stream outlives nothing that uses it.
  Stream stream_;
  Event vertex_event_;
  std::array<std::array<Event, kEvents>, 2> events_;
  PinnedReadback readback_;
  State state_;
  DeviceBuffer<BodyBounds> box_{1};
  DeviceBuffer<BodyBounds> partial_{static_cast<std::size_t>(kPartialBoxes)};
  DeviceBuffer<int> level_range_;
  DeviceBuffer<int> scalars_;
  DeviceBuffer<unsigned> blocks_done_;
  DeviceBuffer<unsigned long long> counters_;
  mutable DeviceBuffer<double> diag_sums_{static_cast<std::size_t>(kDiagnosticSums)};
  mutable DeviceBuffer<float4> host_vertices_;  // write_vertices_host's staging on the device
  mutable DeviceBuffer<std::uint8_t> host_tags_;
  DeviceBuffer<int> stack_;
  DeviceBuffer<RunawayRecord> runaway_record_{1};
  DeviceBuffer<RunawayClock> runaway_clock_{1};
  std::optional<Runaway> runaway_;
  double time_ = 0;
  bool have_accel_ = false;  // acc holds the last pass's accelerations (the relative criterion)
  std::uint64_t steps_ = 0;
  std::uint64_t sequence_ = 0;  // passes run, with or without integration
  std::array<long long, 2> done_{-1, -1}, checked_{-1, -1};
  std::array<Solver, 2> solver_of_{Solver::BarnesHut, Solver::BarnesHut};
  mutable StageTimings timings_;
  mutable InteractionCounts counts_;
};

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

std::unique_ptr<Simulation> make_cuda_simulation(Solver solver, const SimParams& p) {
  return std::make_unique<CudaSimulation>(solver, p);
}

GpuTree download_gpu_tree(const Simulation& sim) {
  const auto* c = dynamic_cast<const CudaSimulation*>(&sim);
  if (!c) throw std::invalid_argument("download_gpu_tree: not a cuda simulation");
  return c->tree();
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

float time_direct_kernel(DirectKernel k, const HostBodies& bodies, float softening, int reps) {
  const int n = static_cast<int>(bodies.size());
  if (n == 0 || reps <= 0) return 0.0f;
  State s;
  s.n = n;
  s.pos.resize(n), s.vel.resize(n), s.acc.resize(n), s.id.resize(n), s.tag.resize(n);
  std::vector<float4> pos(n);
  for (int i = 0; i < n; ++i)
    pos[i] = make_float4(bodies.x[i], bodies.y[i], bodies.z[i], bodies.m[i]);
  Stream stream;
  s.pos.upload(pos.data(), n, stream.get());
  DeviceBuffer<float> scratch(k == DirectKernel::Atomic ? 4 * static_cast<std::size_t>(n) : 0);
  Event a, b;
  const float eps2 = softening * softening;
  std::vector<float> ms;
  for (int r = 0; r < reps + 1; ++r) {  // the first run warms up
    CUDA_CHECK(cudaEventRecord(a.get(), stream.get()));
    switch (k) {
      case DirectKernel::Tiled: launch_direct_tiled(s.bodies(), eps2, stream.get()); break;
      case DirectKernel::Naive: launch_direct_naive(s.bodies(), eps2, stream.get()); break;
      case DirectKernel::Atomic: launch_direct_atomic(s.bodies(), eps2, scratch.data(), stream.get()); break;
    }
    CUDA_CHECK(cudaEventRecord(b.get(), stream.get()));
    CUDA_CHECK(cudaEventSynchronize(b.get()));
    float t = 0;
    CUDA_CHECK(cudaEventElapsedTime(&t, a.get(), b.get()));
    if (r > 0) ms.push_back(t);
  }
  return static_cast<float>(median(ms));
}

}  // namespace galaxy
