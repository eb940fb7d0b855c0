// SPDX-License-Identifier: MIT
// The CUDA backend's class: the owners of the device state (DeviceBodies, DeviceOctree), the stage
// sequence (pipeline.cu) on one stream, the stage timers and the read-backs. Its members are
// defined by job: the run and its read-backs (cuda_simulation.cu), keyframes
// (cuda_keyframes.cu), the overlays' trace and cells (cuda_overlays.cu), the vertices and the body
// fields (cuda_field_values.cu). Included by those files only.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "accuracy.cuh"
#include "cuda_simulation.hpp"
#include "diagnostics.hpp"
#include "field_buffers.cuh"
#include "pipeline.cuh"

namespace galaxy::cuda {

// What a pass leaves for the host, in pinned memory: the interaction counters, the flags and the
// runaway record.
struct Readback {
  unsigned long long counters[2];
  int flags[2];
  int groups;  // follows the flags in the device scalars
  RunawayRecord runaway;
};

// What a pass decided with beyond the bodies it leaves: its settings and each group's alpha |a|
// (from the accelerations before it). Kept with a keyframe taken where the pass left the
// potentials out, so that they can be walked again, bit for bit, after going back to it.
struct PassDecisions {
  PassSettings pass;
  DeviceBuffer<float> alpha;  // one a group, in the first `groups` (kept when a copy is smaller)
  std::size_t groups = 0;
  void copy(const PassSettings& p, const float* from, std::size_t count, cudaStream_t s) {
    pass = p;
    groups = count;
    if (alpha.size() < count) alpha.resize(count);
    CUDA_CHECK(
        cudaMemcpyAsync(alpha.data(), from, count * sizeof(float), cudaMemcpyDeviceToDevice, s));
  }
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
  void add_remote_forces(const TreeLayout& tree) override;
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
  DevicePositions device_positions() const override {
    const ConstBodiesView v = settled();  // after the stream is idle, as a reader must be
    int device = -1;
    CUDA_CHECK(cudaGetDevice(&device));
    return {reinterpret_cast<const float*>(v.pos), v.id, static_cast<std::size_t>(v.n), device};
  }
  Diagnostics diagnostics() const override;
  void write_vertices_host(float* xyzs, std::uint8_t* tags) const override;
  bool write_vertices_device(float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                             void* stream) override;
  void set_vertex_order(bool by_body) override { vertices_by_id_ = by_body; }
  ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const override {
    if (bodies_.size() == 0 || samples == 0) return {};
    return cuda::measure_accuracy(settled(), bodies_.ids(stream_.get()), params_.softening,
                                  samples, seed, stream_.get());
  }
  ExactSample exact_sample(const std::vector<std::uint64_t>& indices) const override {
    return exact_sample_of(download(), indices, params_.softening);
  }
  HostBodies bodies_at(const std::vector<std::uint64_t>& indices) const override {
    return bodies_of(download(), indices);
  }
  void synchronize() const override { CUDA_CHECK(cudaStreamSynchronize(stream_.get())); }
  std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare) const override;
  void restore(const Keyframe& k) override;
  WalkTrace trace_walk(std::size_t index) override;
  std::vector<TraceBox> tree_cells(int max_depth) const override;
  bool tree_current() const override { return tree_current_; }
  StageTimings timings() const override { return newest().first; }
  InteractionCounts interactions() const override { return newest().second; }
  GpuTree download_tree() const override;
  // The body fields (cuda_field_values.cu): computed into maps_'s device array and reduced there.
  FieldStats show_field(BodyField f, std::uint64_t seed, std::size_t max_bodies) override;
  BodyField shown_field() const override { return maps_.field(); }
  std::vector<float> field_values() const override;

 private:
  void run(bool integrate);
  PassSettings pass_settings(bool integrate) const;
  PassReports reports() const { return {record_.data(), clock_.data(), counters_.data()}; }
  // The bodies changed outside a pass: the next pass computes its box itself.
  void forget_box() const { box_for_pass_ = -1; }
  // reset()'s part: the new bodies uploaded, no pass made.
  void replace(const HostBodies& b);
  void rebuild_if_out_of_nodes();
  // Settling: the flags of the passes the device has finished (collect_flags), going back where
  // one ran away (go_back). Const, as the const readers settle (see the mutable members).
  bool collect_flags() const;
  void go_back(const RunawayRecord& rec) const;
  ConstBodiesView settled() const;
  // acc.w holds the potentials of the current bodies afterwards (the readers of them call it).
  void ensure_potentials() const;
  // Into `d`: the newest pass's decisions (its tree current) or the restored ones; false where
  // neither is known.
  bool save_decisions(PassDecisions& d) const;
  // The tree is about to go (a grown node array): its pass's decisions are kept where the
  // potentials are still to be walked (the walk then builds a tree of its own), and
  // tree_current_ is false.
  void forget_tree() const;
  std::pair<StageTimings, InteractionCounts> newest() const;
  void require_tree(const char* what) const;
  void compute_field(BodyField f, std::uint64_t seed, std::size_t max_bodies, float* by_id);

  Solver solver_;
  SimParams params_;
  // Member order is teardown order in reverse: the stream outlives nothing that uses it.
  Stream stream_;
  Event vertex_event_;
  StageTimer timer_;
  PinnedArray<Readback> readback_{StageTimer::kSlots};
  // The members marked mutable below the readers that are const in the Simulation interface
  // (download, diagnostics, capture) write: they read the potentials, which the passes leave out
  // where that pays (Potentials::Skip) and which are computed lazily, when first read
  // (ensure_potentials); and before that they settle the passes the device has finished
  // (collect_flags: going back from a runaway, growing a full node array). Neither changes the
  // state a reader sees: the potentials are those of the bodies as they are, and settled()
  // already reads the state going back makes current. (The speed-up the lazy potentials buy is
  // 3-3.5% of a 1M step.)
  mutable DeviceBodies bodies_;
  mutable std::optional<DeviceOctree> tree_;  // Barnes-Hut's, sized for the bodies
  PassSettings last_;  // the settings of the newest pass (the trace replays it)
  // The pass whose partial boxes the last closing kick wrote, at box_dt_.
  mutable long long box_for_pass_ = -1;
  float box_dt_ = 0;
  // trace_walk()'s output on the device, made by its first call (5 MB).
  struct TraceBuffers {
    DeviceBuffer<TraceHeader> header{1};
    DeviceBuffer<float4> accepted{2 * kMaxTraceEntries}, opened{2 * kMaxTraceEntries},
        direct{kMaxTraceEntries};
    DeviceBuffer<int> slot{1};
  };
  std::optional<TraceBuffers> trace_;
  mutable DeviceBuffer<unsigned long long> counters_{2};
  mutable DeviceBuffer<RunawayRecord> record_{1};
  mutable DeviceBuffer<RunawayClock> clock_{1};
  mutable DeviceBuffer<double> diag_sums_{static_cast<std::size_t>(kDiagnosticSums)};
  mutable DeviceBuffer<float4> host_vertices_;  // write_vertices_host's staging on the device
  mutable DeviceBuffer<std::uint8_t> host_tags_;
  mutable FieldBuffers maps_;
  // The speed field for its statistics and field_values (the vertices draw it live).
  mutable DeviceBuffer<float> live_;
  mutable std::optional<Runaway> runaway_;
  mutable double time_ = 0;
  mutable std::uint64_t steps_ = 0;
  bool have_accel_ = false;  // acc holds the last pass's accelerations (the relative criterion)
  // tree_ and last_ belong to the bodies (not so after restore())
  mutable bool tree_current_ = false;
  // acc.w holds the bodies' potentials: the passes leave them out where that pays (Potentials),
  // and ensure_potentials() computes them for the energy and the saves.
  mutable bool potentials_current_ = false;
  // Where they are not and the tree is gone (after restore()): the decisions of the pass that
  // made the accelerations, where the keyframe kept them (ensure_potentials).
  mutable std::optional<PassDecisions> decisions_;
  bool vertices_by_id_ = false;  // set_vertex_order (the host form's)
  mutable Passes passes_;
};

}  // namespace galaxy::cuda
