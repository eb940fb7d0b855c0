// SPDX-License-Identifier: MIT
// The simulation rank 0 runs where there are several MPI ranks: the CPU backend's Barnes-Hut over
// all ranks (RankState). Each operation is broadcast to the others (command.hpp), which carry it
// out in their serve() loop, so the app on rank 0 sees one Simulation. What needs the whole run
// in one place (download, a save other than .gxy) is gathered to rank 0 in reset()'s order.
// What rank 0 draws is a subset picked on the ranks above a budget (vertex_stride); the accuracy
// meter and a click's exact sums are summed on the ranks (exact_sample). A keyframe is
// kept by every rank, each its share (rank 0's Keyframe holds the id). Not distributed (they say
// so when asked): the direct solver, body fields other than the speed and the overlays (the
// face is null, and why_not(Face::Overlays) says so). Its own faces: the vertices, the body
// fields, the meters and the .gxy files (each rank writes and reads its share).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "mpi/rank_state.hpp"
#include "simulation.hpp"

namespace galaxy::mpi {

// Ids of keyframes rank 0 no longer keeps, which the ranks forget at the next capture or restore:
// a keyframe's destructor cannot start a collective (the ranks may have stopped serving).
class ForgottenKeyframes {
 public:
  void add(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    ids_.push_back(id);
  }
  std::vector<std::uint64_t> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(ids_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<std::uint64_t> ids_;
};

class MpiSimulation final : public Simulation,
                            public VertexWriter,
                            public BodyFields,
                            public Meters,
                            public GxyFiles {
 public:
  explicit MpiSimulation(const SimParams& p, Backend backend = Backend::Cpu);

  Backend backend() const override { return state_.backend(); }
  std::string name() const override;
  void reset(const HostBodies& bodies) override;
  void set_params(const SimParams& p) override;
  const SimParams& params() const override { return state_.params(); }
  void set_solver(Solver s) override;
  Solver solver() const override { return Solver::BarnesHut; }
  void step() override;
  void compute_forces() override;
  void restore_forces(const HostBodies& b) override;
  void set_clock(double time, std::uint64_t steps) override;
  std::unique_ptr<Keyframe> capture(std::unique_ptr<Keyframe> spare) const override;
  void restore(const Keyframe& k) override;
  std::optional<Runaway> runaway() override { return state_.runaway(); }
  void clear_runaway() override;
  std::size_t size() const override { return state_.total(); }
  double time() const override { return state_.time(); }
  std::uint64_t steps_taken() const override { return state_.steps(); }
  HostBodies download() const override;
  void save_gxy(const std::string& path, const Units& units) override;
  void load_gxy(const std::string& path, bool file_forces) override;
  Diagnostics diagnostics() const override;
  ErrorStats measure_accuracy(std::size_t samples, std::uint64_t seed) const override {
    return sampled_accuracy(*this, size(), samples, seed);
  }
  ExactSample exact_sample(const std::vector<std::uint64_t>& indices) const override;
  HostBodies bodies_at(const std::vector<std::uint64_t>& indices) const override;
  StageTimings timings() const override { return state_.timings(); }
  InteractionCounts interactions() const override { return state_.counts(); }
  RankReport ranks() const override { return state_.report(); }
  FieldStats show_field(BodyField f, std::uint64_t seed, std::size_t max_bodies) override;
  BodyField shown_field() const override { return BodyField::Speed; }
  std::vector<float> field_values() const override;
  // Rank 0 draws every k-th body of the run (at most the budget, and kMostVertices), picked on
  // the ranks and sent to it: device ranks' device to device into the window's buffers.
  void write_vertices_host(float* xyzs, std::uint8_t* tags) const override;
  bool write_vertices_device(float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                             void* stream) override;
  std::size_t vertex_stride() const override;
  void set_vertex_budget(std::size_t most) override { vertex_budget_ = most; }

  // Vertices rank 0 takes at most a publication, whatever the budget: 64M (1.5 GiB on the way).
  static constexpr std::size_t kMostVertices = std::size_t(1) << 26;

 private:
  // Both forms: the ranks' vertices of every vertex_stride()-th body (a collective).
  void gather_vertices(float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                       bool device) const;
  mutable RankState state_;
  std::size_t vertex_budget_ = 0;  // 0: every body (up to kMostVertices)
  std::shared_ptr<ForgottenKeyframes> forgotten_ = std::make_shared<ForgottenKeyframes>();
  mutable std::uint64_t next_keyframe_ = 1;
};

// Ranks other than 0: carries out rank 0's commands on this rank's share until Quit.
int serve_commands();
// Rank 0: the others stop serving.
void stop_serving();

}  // namespace galaxy::mpi
