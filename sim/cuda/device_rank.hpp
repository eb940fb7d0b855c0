// SPDX-License-Identifier: MIT
// One rank of a run over several GPUs with its bodies resident on its device (sim/mpi's
// RankState with --backend cuda): every stage of a pass runs there, the decomposition along the
// Morton curve, the migration, the local tree and walk, the local essential trees for the other
// ranks, their exchange and walk, and the closing kick. The host sees small things: the bounding
// boxes, the curve's cut keys, counts and the boxes the ranks describe their bodies by. No CUDA or
// MPI header here: the ranks' collectives come through RankLink (sim/mpi implements it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "simulation.hpp"

namespace galaxy {

// What a device rank needs of the ranks. Every call is collective.
class RankLink {
 public:
  virtual ~RankLink() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual void min_floats(float* v, int count) = 0;    // in place, over the ranks
  virtual void sum_doubles(double* v, int count) = 0;  // in place, over the ranks
  // `bytes` from every rank into all[rank * bytes ...].
  virtual void all_gather(const void* mine, std::size_t bytes, void* all) = 0;
  // One count to each rank; recv[q] is what rank q sent this one.
  virtual void all_to_all(const std::uint64_t* send, std::uint64_t* recv) = 0;
  // Device memory on `stream` (a cudaStream_t): send_bytes[r] bytes to rank r, packed in rank
  // order from `send`; recv_bytes[q] from rank q, packed in rank order into `recv`. Where
  // exchange_queued(), the exchange is queued on the stream (the bytes are there for what the
  // stream runs after it; `send` must stay as it is until then); else the bytes have arrived
  // when it returns.
  virtual void exchange(const void* send, const std::uint64_t* send_bytes, void* recv,
                        const std::uint64_t* recv_bytes, void* stream) = 0;
  virtual bool exchange_queued() const = 0;
  // How exchange() moves the bytes: "NCCL" or "host staging (...why...)".
  virtual std::string path() const = 0;
};

// A body's vertex on its way to rank 0 (VertexWriter::vertex_stride): where it goes among the
// vertices (its index in the run / the stride), its position and speed, its tag.
struct RankVertex {
  float x, y, z, speed;
  std::uint32_t index;
  std::uint32_t tag;
};

// What a device rank's next passes read, kept in its device memory (RankState's keyframes): its
// bodies in their order, the last cuts and the walk costs its next decomposition weighs its
// samples by. Restoring it makes the passes after it repeat the original ones bit for bit.
class RankKeyframe {
 public:
  virtual ~RankKeyframe() = default;
  virtual std::size_t bytes() const = 0;
};

class DeviceRank {
 public:
  virtual ~DeviceRank() = default;
  virtual void set_params(const SimParams& p) = 0;
  // This rank's share of a new run (their accelerations too: a resume's), with each body's index
  // in the run's order; no pass yet.
  virtual void load(const HostBodies& mine, const std::vector<std::uint64_t>& ids) = 0;
  // The bodies here now (in the device's order) and their indices in the run's order.
  virtual HostBodies download(std::vector<std::uint64_t>& ids) const = 0;
  // Accelerations and potentials of b (download()'s order) in place of the current ones.
  virtual void set_accelerations(const HostBodies& b) = 0;
  // A force pass over all ranks (collective): with `integrate`, the opening kick and drift before
  // it and the closing kick after; `have_accel` turns the relative opening test on. The counts of
  // this rank's walks (its own tree's and the received ones').
  virtual InteractionCounts pass(bool integrate, bool have_accel, double time,
                                 std::uint64_t steps) = 0;
  // After a stepping pass: whether it ran away here (the first bodies' indices and the kinds);
  // go_back() (collective once any rank ran away) puts the state before the pass back.
  virtual bool ran_away(std::vector<std::uint64_t>& named, std::uint64_t& count,
                        unsigned& kinds) = 0;
  virtual void go_back() = 0;
  virtual std::size_t size() const = 0;
  // This rank's state now, into `spare`'s memory where it has room (not collective); throws
  // std::runtime_error on out-of-memory, changing nothing. Going back is two calls, so that all
  // ranks can first make room (room_for: may throw, keeps the state) and then restore (all or
  // none of the ranks: a way back half made would mix two moments of the run).
  virtual std::unique_ptr<RankKeyframe> capture(std::unique_ptr<RankKeyframe> spare) = 0;
  virtual void room_for(const RankKeyframe& k) = 0;
  virtual void restore(const RankKeyframe& k) = 0;
  // The vertices of every `stride`-th body of the run (index % stride == 0) to rank 0
  // (collective), through the link's exchange. Rank 0 places each at its index into `xyzs`
  // (4 floats) and `tags` (one byte), `count` vertices in all, and writes `vertex_of` (where not
  // null: vertex j is the j-th vertex); device pointers where `device`, else host memory. The
  // other ranks pass null.
  virtual void write_vertices(std::uint64_t stride, float* xyzs, std::uint8_t* tags,
                              std::uint32_t* vertex_of, std::size_t count, bool device) = 0;
  // An exact sample over the ranks (RankState::exact_sample): the bodies here among `wanted`
  // (indices in the run's order, sorted, distinct) and each one's place in `wanted`; the pull of
  // this rank's bodies at the points xyz (3 floats a point), summed in double (reference.hpp's
  // direct_sums_at).
  virtual HostBodies find(const std::vector<std::uint64_t>& wanted,
                          std::vector<std::uint64_t>& places) = 0;
  virtual std::vector<AccelD> direct_sums_at(const std::vector<float>& xyz, float softening) = 0;
  // This rank's diagnostics sums (diagnostics.hpp's kDiagnosticSums), for a reduction.
  virtual void diagnostics_sums(double* sums) const = 0;
  // Where the last pass went, and the bytes of the trees this rank sent.
  virtual RankReport::Pass times() const = 0;
  virtual double let_bytes() const = 0;
};

// Throws where the parameters cannot run over ranks on the device (the direct solver, order 3).
std::unique_ptr<DeviceRank> make_device_rank(const SimParams& p, RankLink& link);

}  // namespace galaxy
