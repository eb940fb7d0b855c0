// SPDX-License-Identifier: MIT
// The device rank's class (device_rank.hpp): the owners of its device state, the pass
// (rank_device.cu), the decomposition and migration (rank_decompose.cu) and the local essential
// trees (rank_let.cu). Included by those files only.
#pragma once

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "device_bodies.cuh"
#include "device_octree.cuh"
#include "device_rank.hpp"
#include "pipeline.cuh"
#include "rank_cuts.hpp"

namespace galaxy::cuda {

// A box a rank describes its bodies by: the box of one cell's bodies, and the smallest alpha |a|
// of the walk groups in it (0 with the relative test off). cpu::RankBox's meaning.
struct RankBox {
  float lo[3], hi[3];
  float alpha_accel;
};
// Boxes a rank sends the others: the shallowest cells of at most max(group size, n / kRankBoxes)
// bodies whose cubes lie within its keys (cpu/let.hpp's rank_boxes; TreeView::key_lo), at most
// kMaxRankBoxes; slot 0 of each rank's row is the box
// around them all with their smallest alpha |a| (a cell it accepts, every box accepts).
inline constexpr int kRankBoxes = 16;
inline constexpr int kMaxRankBoxes = 1024;
// One rank's boxes on the wire: how many (0: it has no bodies), then the box around them and
// each of them.
struct BoxRow {
  int count;
  RankBox box[kMaxRankBoxes + 1];
};

// The bytes of a packed tree: com, quad (2), link, then mac and range, then its bodies; every
// part starts 16-byte aligned.
struct PackLayout {
  std::size_t com, quad, link, mac, range, pos, total;
  PackLayout(std::uint64_t nodes, std::uint64_t bodies) {
    com = 0, quad = 16 * nodes, link = 48 * nodes, mac = 64 * nodes, range = 72 * nodes;
    pos = 80 * nodes, total = pos + 16 * bodies;
  }
};

inline int rank_blocks(long n) {
  return static_cast<int>(std::clamp((n + 255) / 256, 1L, 4096L));
}

class RankDevice final : public DeviceRank {
 public:
  RankDevice(const SimParams& p, RankLink& link);
  ~RankDevice() override;
  void set_params(const SimParams& p) override { params_ = p; }
  void load(const HostBodies& mine, const std::vector<std::uint64_t>& ids) override;
  HostBodies download(std::vector<std::uint64_t>& ids) const override;
  void set_accelerations(const HostBodies& b) override;
  InteractionCounts pass(bool integrate, bool have_accel, double time,
                         std::uint64_t steps) override;
  bool ran_away(std::vector<std::uint64_t>& named, std::uint64_t& count, unsigned& kinds) override;
  void go_back() override;
  std::size_t size() const override { return static_cast<std::size_t>(bodies_.size()); }
  std::unique_ptr<RankKeyframe> capture(std::unique_ptr<RankKeyframe> spare) override;
  void room_for(const RankKeyframe& k) override;
  void restore(const RankKeyframe& k) override;
  void write_vertices(std::uint64_t stride, float* xyzs, std::uint8_t* tags,
                      std::uint32_t* vertex_of, std::size_t count, bool device) override;
  HostBodies find(const std::vector<std::uint64_t>& wanted,
                  std::vector<std::uint64_t>& places) override;  // rank_sample.cu
  std::vector<AccelD> direct_sums_at(const std::vector<float>& xyz, float softening) override;
  void diagnostics_sums(double* sums) const override;
  RankReport::Pass times() const override { return times_; }
  double let_bytes() const override { return let_bytes_; }

 private:
  // rank_device.cu: the local tree; its walk while the trees for the others travel; the closing
  // kick and the read-backs.
  PassReports reports() { return {record_.data(), clock_.data(), counters_.data()}; }
  TreeView build(const PassSettings& p);
  void walk_local(const PassSettings& p, const TreeView& t);
  InteractionCounts finish(const PassSettings& p);
  // rank_decompose.cu: the global cube, the cut keys by the walks' counts and the bodies' migration
  // into the other set (made current); room for them first.
  void decompose(PassSettings& p);
  std::vector<std::uint64_t> cut_keys(int n, const BodyBounds& cube, const Drift& d);
  std::vector<std::uint64_t> group_by_rank(const BodyBounds& cube, const Drift& d,
                                           const std::vector<std::uint64_t>& cuts);
  void make_room(int n);
  // The cost of each sample's walk group in the last pass (0s where not known): what the next
  // cut_keys weighs the samples by.
  std::vector<float> sample_costs();
  // rank_let.cu: the trees for the other ranks made and sent (the received ones' pull is added
  // to the local walk's accelerations by walk_lets, rank_forest.cu).
  void build_lets(const TreeView& t, const physics::Relative& rel);
  void exchange_lets();
  std::vector<RankBox> own_boxes(const TreeView& t, const physics::Relative& rel);
  void mark_lets(const TreeView& t, const std::vector<BoxRow>& rows, const physics::Relative& rel);
  std::pair<std::uint64_t, std::uint64_t> number_let(const std::uint8_t* state, const TreeView& t,
                                                     int count);
  std::vector<std::uint64_t> pack_lets(const TreeView& t, std::vector<std::uint64_t>& nodes,
                                       std::vector<std::uint64_t>& bodies);
  void walk_lets(const TreeView& t, const std::vector<std::uint64_t>& nodes,
                 const std::vector<std::uint64_t>& bodies, const physics::Relative& rel);
  // rank_vertices.cu: rank 0 places the gathered vertices.
  void place(std::size_t n, float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of, bool device);

  SimParams params_;
  RankLink& link_;
  Stream stream_;
  Stream comm_;                         // the trees' exchange, beside the local walk on stream_
  StageTimer timer_;                    // the tree's stages (slot 0)
  Event packed_, walk_from_, walk_to_;  // the packs made; the local walk
  DeviceBodies bodies_;
  std::optional<DeviceOctree> tree_;
  DeviceBuffer<unsigned long long> counters_{2};
  DeviceBuffer<RunawayRecord> record_{1};
  DeviceBuffer<RunawayClock> clock_{1};
  mutable DeviceBuffer<double> diag_sums_;
  // The decomposition's samples and cut keys, and where each rank's bodies start.
  DeviceBuffer<std::uint64_t> cuts_;
  DeviceBuffer<int> cut_at_;
  DeviceBuffer<unsigned char> sort_temp_;  // where grouping wants more than the tree's sort has
  std::vector<std::uint64_t> last_cuts_;   // the last pass's (rank_cuts.hpp: relaxed)
  BodyBounds cube_{};                      // this pass's cube of all ranks
  // The trees: every rank's boxes, each node's state for each other rank, the scans that number
  // a tree's nodes and bodies, the packed trees sent and received, and the bodies the remote
  // walk reads (this rank's, then the received trees').
  DeviceBuffer<int> box_cells_{kMaxRankBoxes + 1};     // own_boxes': the cells, then their count
  DeviceBuffer<RankBox> own_boxes_{kMaxRankBoxes};     // and their boxes
  std::vector<BoxRow> rows_;  // every rank's boxes, this pass
  DeviceBuffer<RankBox> boxes_;
  DeviceBuffer<int> box_count_;
  DeviceBuffer<std::uint8_t> let_state_;
  DeviceBuffer<int> node_index_, body_index_;
  DeviceBuffer<unsigned char> scan_temp_;
  DeviceBuffer<unsigned char> send_, recv_;
  // Bytes of the packs to and from each rank, and the nodes and bodies of those received.
  std::vector<std::uint64_t> let_send_, let_in_, in_nodes_, in_bodies_;
  DeviceBuffer<float4> pos_all_;
  DeviceBuffer<unsigned char> forest_;  // the received trees under one root (PackLayout's arrays)
  // Each group's interactions a body in this pass's walks (TreeView::group_cost), and whether
  // they are the last pass's for the bodies as they lie (not after a load or a way back); the
  // samples' costs.
  DeviceBuffer<float> group_cost_;
  bool costs_known_ = false;
  DeviceBuffer<float> sample_cost_{kCutSamples};
  // After a way back to a keyframe: its samples' costs, which the next cut_keys takes instead of
  // the tree's (that tree is not the keyframe's).
  std::optional<std::vector<float>> restored_costs_;
  // What rank 0 draws (write_vertices): this rank's picked vertices, rank 0's gathered ones and
  // their staging for the host.
  DeviceBuffer<RankVertex> picked_, gathered_;
  DeviceBuffer<unsigned long long> picked_count_{1};
  DeviceBuffer<float4> staged_xyzs_;
  DeviceBuffer<std::uint8_t> staged_tags_;
  unsigned long long passes_ = 0;
  RankReport::Pass times_;
  double let_bytes_ = 0;
};

}  // namespace galaxy::cuda
