// SPDX-License-Identifier: MIT
// One rank's share of a run over several MPI ranks: its bodies (a contiguous range of the global
// Morton order), their ids (index in reset()'s order) and walk costs, and its tree. Every method
// is collective: all ranks call it in the same order (rank 0's MpiSimulation, the others' serve()
// loop, both from one Command), and arguments that only rank 0 has (bodies) are read there.
//
// A step is the host's leapfrog (cpu/leapfrog.hpp) around the force pass, or on device ranks the
// device's (cuda/leapfrog.cuh, the same phases). A force pass (compute_forces): decompose
// (decompose.cpp: the global cube, Morton keys, cut points by the last pass's walk costs, the
// bodies migrate with MPI_Alltoallv); then the force terms (cpu/force_terms.hpp) on this rank's
// bodies: gravity builds the local CpuOctree, sends every other rank the local essential tree its
// box needs (let.hpp) with a non-blocking MPI_Ialltoallv while the local tree is walked, then
// walks the received trees.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cpu/force_terms.hpp"
#include "cpu/let.hpp"
#include "cpu/octree.hpp"
#include "cuda/device_rank.hpp"
#include "simulation.hpp"

namespace galaxy::mpi {

class RankState {
 public:
  // A new run; with Backend::Cuda each rank's bodies live on its CUDA device and every stage of a
  // pass runs there (cuda/device_rank.hpp), the trees travelling device to device.
  void configure(const SimParams& p, int threads, Backend backend = Backend::Cpu);
  Backend backend() const { return device_ ? Backend::Cuda : Backend::Cpu; }
  // Rank 0's `all` split into even blocks; forces computed (twice with the relative test, as
  // CpuSimulation::reset does). Clears the clock and a runaway.
  void reset(const HostBodies& all);
  void set_params(const SimParams& p) {
    params_ = p;
    if (device_) device_->set_params(p);
  }
  void set_clock(double time, std::uint64_t steps) { time_ = time, steps_ = steps; }
  // The .gxy at `path` (rank 0's; the others pass "") read by every rank, its block of every
  // array in parallel (rank_load.cpp), checked and taken as reset() takes bodies, with the file's
  // accelerations where `file_forces`; "" or, on rank 0, what failed (the run is kept).
  std::string load_gxy(const std::string& path, bool file_forces);
  // Rank 0's accelerations and potentials of `all` (reset()'s order) for the bodies here.
  void restore_forces(const HostBodies& all);
  void compute_forces();
  void step();
  // Rank 0: every body in reset()'s order; the others: nothing.
  HostBodies gather() const;
  // Writes the run as a .gxy at `path` (rank 0's; the others pass ""), each rank its share in
  // parallel (rank_save.cpp); "" or, on rank 0, the message of what failed (an older file stays).
  std::string save_gxy(const std::string& path, const Units& units);
  // Rank 0: the vertices of every `stride`-th body of reset()'s order (rank_vertices.cpp), into
  // device memory where `device` (device ranks only), else host memory; the others pass null.
  void write_vertices(std::uint64_t stride, float* xyzs, std::uint8_t* tags,
                      std::uint32_t* vertex_of, bool device);
  Diagnostics diagnostics() const;
  // Rank 0: the bodies `wanted` (rank 0's list: indices in reset()'s order, sorted, distinct,
  // all in the run) with their float64 direct sums over every rank's bodies (rank_sample.cpp);
  // the others: nothing.
  ExactSample exact_sample(std::vector<std::uint64_t> wanted);
  // The same bodies without the sums (`wanted` becomes rank 0's list on every rank).
  HostBodies bodies_at(std::vector<std::uint64_t>& wanted) const;
  void clear_runaway() { runaway_.reset(); }
  // Keyframes (MpiSimulation::capture; rank_keyframes.cpp): each rank keeps its share of the
  // state under rank 0's id. Both first forget the ids in rank 0's `forget` (keyframes it no
  // longer keeps; the others pass none and receive the list). capture() writes over the one kept
  // under `id` (in its memory where it has room) and returns "" or, on rank 0, the first rank's
  // failure (then no rank keeps it), with `bytes` its size over the ranks: their sum with the CPU
  // backend (they share the host's memory), the largest rank's on the devices (each has its own).
  // restore() returns "" or the first rank's failure, in which case no rank changed anything.
  std::string capture(std::uint64_t id, std::vector<std::uint64_t> forget, std::size_t& bytes);
  std::string restore(std::uint64_t id, std::vector<std::uint64_t> forget);

  const SimParams& params() const { return params_; }
  std::size_t total() const { return total_; }
  double time() const { return time_; }
  std::uint64_t steps() const { return steps_; }
  const std::optional<Runaway>& runaway() const { return runaway_; }
  const StageTimings& timings() const { return timings_; }
  const InteractionCounts& counts() const { return counts_; }
  // Rank 0: every rank's bodies and step time as of the last step (gathered by step()); every
  // rank: what the last force pass sent between the ranks.
  const RankReport& report() const { return report_; }
  std::size_t local_size() const { return device_ ? device_->size() : bodies_.size(); }
  // How the device ranks exchange bodies and trees ("NCCL", "host staging (why)"); "" on the CPU.
  std::string exchange_path() const { return link_ ? link_->path() : ""; }

 private:
  // This rank's block of a new run of n bodies (block_first's), its accelerations taken as they
  // are where `forces_given`, else computed.
  void take_block(HostBodies mine, std::uint64_t n, bool forces_given);
  // The bodies, ids and costs move to the ranks that own their keys (decompose.cpp).
  void decompose();
  // The ranks' gravity term (rank_state.cpp): the tree, forces() and the counts' sum.
  class Gravity;
  // Local walk overlapped with the LET exchange, then the received trees (let_exchange.cpp).
  InteractionCounts forces(const WalkParams& w);
  std::vector<std::byte> lets_for_others(const WalkParams& w, std::vector<int>& send);
  void walk_received(const std::vector<cpu::Let>& lets, const WalkParams& w,
                     InteractionCounts& counts);
  void check_runaway();
  // The same on device ranks (rank_device_state.cpp).
  InteractionCounts device_pass(bool integrate);
  void device_check_runaway();
  void name_runaway(std::uint64_t count, unsigned kinds, const std::vector<std::uint64_t>& named);

  // One rank's share of a keyframe: the CPU ranks' bodies, ids and costs (the next
  // decomposition weighs the bodies by them), or the device rank's copy; the clock.
  struct Kept {
    HostBodies bodies;
    std::vector<std::uint64_t> ids;
    std::vector<float> cost;
    std::unique_ptr<RankKeyframe> device;
    std::size_t total = 0;
    double time = 0;
    std::uint64_t steps = 0;
    bool have_accel = false;
    std::size_t bytes() const;
  };
  void forget(std::vector<std::uint64_t>& ids);  // rank 0's list, broadcast
  std::map<std::uint64_t, Kept> kept_;

  SimParams params_;
  // The CPU ranks' force terms, gravity first: made by configure(), since Gravity refers to this
  // state, which configure() assigns anew.
  ForceTerms terms_;
  HostBodies bodies_;
  std::vector<std::uint64_t> ids_;  // each body's index in reset()'s order
  std::vector<float> cost_;         // each body's walk cost in the last pass (1 before any)
  HostBodies good_;                 // before the current step (a runaway goes back to it)
  std::vector<std::uint64_t> good_ids_;
  std::vector<float> good_cost_;
  CpuOctree tree_;
  CpuOctree::Domain domain_;  // the last decomposition's cube and this rank's keys in it
  std::vector<float> alpha_accel_;
  // With --backend cuda: the ranks' link (kept from run to run: NCCL's set-up is slow) and this
  // rank's device state, which then holds the bodies (bodies_ and the rest stay empty).
  std::unique_ptr<RankLink> link_;
  std::unique_ptr<DeviceRank> device_;
  RankReport report_;
  RankReport::Pass pass_;  // this rank's last force pass (report_.pass gathers them on rank 0)
  void gather_report(float step_ms);
  std::size_t total_ = 0;
  double time_ = 0;
  std::uint64_t steps_ = 0;
  bool have_accel_ = false;
  std::optional<Runaway> runaway_;
  StageTimings timings_;
  InteractionCounts counts_;
};

}  // namespace galaxy::mpi
