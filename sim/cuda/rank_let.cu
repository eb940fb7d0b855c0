// SPDX-License-Identifier: MIT
// Local essential trees on the device (RankDevice::build_lets), as cpu/let.hpp builds them on
// the CPU: every rank describes its bodies by boxes (own_boxes); for each other rank, this rank's
// tree is marked top down, a level a launch, with the opening test at the nearest point of that
// rank's boxes (mark_lets: a node is sent where its parent was opened; it is opened where a box
// refuses it); the marked nodes are numbered by scans and packed, the opened leaves with their
// bodies (pack_lets); all before the local walk, so that the packs travel in one exchange while it
// runs (exchange_lets, RankDevice::walk_local); each received tree is then walked by this rank's
// groups with the local walk's alpha |a|, all of them in one walk under a common root
// (rank_forest.cu). Node order is kept, so the children of an opened cell stay contiguous: the
// packed tree is laid out as the walk reads a tree.
#include <algorithm>
#include <cub/device/device_scan.cuh>
#include <tuple>
#include <utility>

#include "rank_device.cuh"

namespace galaxy::cuda {

namespace {

// A node's state in one rank's tree: not sent, sent but not yet tested, and the three outcomes.
enum : std::uint8_t { kNotSent = 0, kSent = 1, kPruned = 2, kOpenLeaf = 3, kOpenCell = 4 };

__device__ __forceinline__ int body_count(const TreeView& t, int i) {
  const int2 r = t.range[i];
  return r.y - r.x;
}

// Whether node i is past the limit, or its cube reaches past the rank's keys: its bodies' box
// could then reach round other ranks' bodies (TreeView::key_lo), and each other rank's tree
// would be opened there for it (one rank was sent 244M of the 300M other bodies so, 4 H200s).
__device__ bool too_big(const TreeView& t, int i, int limit, const float4* pos,
                        const CubeKeys& key) {
  const int2 r = t.range[i];
  return r.y - r.x > limit || (r.y > r.x && !cell_in_range(t, key(pos[r.x]), t.link[i].z));
}

// The cells the boxes come from: the children within the limit of cells past it (and leaves
// past it).
__global__ void box_cells(TreeView t, const float4* pos, BodyBounds cube, int nodes, int limit,
                          int* out, int* count) {
  const CubeKeys key(cube);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nodes; i += gridDim.x * blockDim.x) {
    const int4 lk = t.link[i];
    if (!too_big(t, i, limit, pos, key)) continue;
    if (lk.w) {  // a leaf past the limit (a build that ran out of nodes): its own box
      const int at = atomicAdd(count, 1);
      if (at < kMaxRankBoxes) out[at] = i;
      continue;
    }
    for (int c = lk.x; c < lk.x + lk.y; ++c) {
      if (body_count(t, c) == 0 || too_big(t, c, limit, pos, key)) continue;
      const int at = atomicAdd(count, 1);
      if (at < kMaxRankBoxes) out[at] = c;
    }
  }
}

// A block a cell: its body box and the smallest alpha |a| of the groups that hold its bodies.
__global__ void box_of_cells(TreeView t, const int* cells, int alpha_on, RankBox* out) {
  const int c = cells[blockIdx.x];
  const int2 r = t.range[c];
  const int groups = *t.group_count;
  __shared__ int first;
  if (threadIdx.x == 0) {  // the group that holds the cell's first body
    int lo = 0, hi = groups - 1;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (t.group_first[mid] <= r.x)
        lo = mid;
      else
        hi = mid - 1;
    }
    first = lo;
  }
  __syncthreads();
  float a = alpha_on ? 3.0e38f : 0.0f;
  for (int g = first + threadIdx.x; alpha_on && g < groups && t.group_first[g] < r.y;
       g += blockDim.x) {
    a = fminf(a, t.group_alpha[g]);
  }
  __shared__ float least[256];
  least[threadIdx.x] = a;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) least[threadIdx.x] = fminf(least[threadIdx.x], least[threadIdx.x + h]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    const float4 lo = t.bounds[2 * c], hi = t.bounds[2 * c + 1];
    out[blockIdx.x] = {{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}, least[0]};
  }
}

struct MarkArgs {
  const RankBox* boxes;  // kMaxRankBoxes + 1 a rank, slot 0 the box around the others
  const int* box_count;  // a rank (0: nothing to send it)
  std::uint8_t* state;   // node_stride a rank
  std::size_t node_stride;
  int me;
  physics::Relative rel;
  physics::Order order;  // the walk's (the relative test's error term)
};

__device__ bool accepted_by(const TreeView& t, int i, const RankBox& b, const MarkArgs& a) {
  const float4 c = t.com[i];
  const float2 mac = t.mac[i];
  const float d2 =
      physics::box_distance2(c.x, c.y, c.z, b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2]);
  return physics::accept(d2, mac.x, c.w, mac.y, a.order, a.rel.alpha > 0.0f, b.alpha_accel,
                         a.rel.reach2);
}

// One level [begin, end) for the rank blockIdx.y: the nodes sent there tested against its boxes.
__global__ void mark_level(TreeView t, int begin, int end, MarkArgs a) {
  const int d = blockIdx.y;
  const int boxes = a.box_count[d];
  if (d == a.me || boxes == 0) return;
  std::uint8_t* state = a.state + d * a.node_stride;
  const RankBox* box = a.boxes + d * (kMaxRankBoxes + 1);
  for (int i = begin + blockIdx.x * blockDim.x + threadIdx.x; i < end;
       i += gridDim.x * blockDim.x) {
    if (i > 0 && state[i] == kNotSent) continue;
    // Accepted for the box around them all, it is for each; else every box must accept it.
    bool accepted = accepted_by(t, i, box[0], a);
    for (int k = 1; !accepted && k <= boxes; ++k) {
      if (!accepted_by(t, i, box[k], a)) break;
      if (k == boxes) accepted = true;
    }
    const int4 lk = t.link[i];
    if (accepted) {
      state[i] = kPruned;
    } else if (lk.w) {
      state[i] = kOpenLeaf;
    } else {
      state[i] = kOpenCell;
      for (int c = lk.x; c < lk.x + lk.y; ++c) state[c] = kSent;
    }
  }
}

// The scans' inputs: 1 a node sent, and the bodies of each opened leaf; a 0 past the end, so that
// the exclusive sums' last entries are the totals.
__global__ void count_sent(const std::uint8_t* state, TreeView t, int nodes, int* node_one,
                           int* leaf_bodies) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= nodes; i += gridDim.x * blockDim.x) {
    const std::uint8_t s = i < nodes ? state[i] : kNotSent;
    node_one[i] = s != kNotSent;
    leaf_bodies[i] = s == kOpenLeaf ? t.link[i].y : 0;
  }
}

// The sent nodes into a pack, numbered by the scans; bodies numbered from 0 (the receiver adds
// where they land: plant, rank_forest.cu).
__global__ void pack_nodes(const std::uint8_t* state, TreeView t, const float4* pos, int nodes,
                           const int* node_at, const int* body_at, unsigned char* out,
                           PackLayout l) {
  auto* com = reinterpret_cast<float4*>(out + l.com);
  auto* quad = reinterpret_cast<float4*>(out + l.quad);
  auto* link = reinterpret_cast<int4*>(out + l.link);
  auto* mac = reinterpret_cast<float2*>(out + l.mac);
  auto* range = reinterpret_cast<int2*>(out + l.range);
  auto* bodies = reinterpret_cast<float4*>(out + l.pos);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nodes; i += gridDim.x * blockDim.x) {
    const std::uint8_t s = state[i];
    if (s == kNotSent) continue;
    const int j = node_at[i];
    const int4 lk = t.link[i];
    com[j] = t.com[i];
    quad[2 * j] = t.quad[2 * i], quad[2 * j + 1] = t.quad[2 * i + 1];
    const float2 m = t.mac[i];
    mac[j] = s == kPruned ? make_float2(-1.0f, m.y) : m;  // a pruned node: always accepted
    if (s == kOpenCell) {
      link[j] = make_int4(node_at[lk.x], lk.y, 0, 0);
      range[j] = make_int2(0, 0);
    } else if (s == kOpenLeaf) {
      const int b = body_at[i];
      link[j] = make_int4(b, lk.y, 0, 1);
      range[j] = make_int2(b, b + lk.y);
      for (int k = 0; k < lk.y; ++k) bodies[b + k] = pos[lk.x + k];
    } else {
      link[j] = make_int4(0, 0, 0, 1);
      range[j] = make_int2(0, 0);
    }
  }
}

}  // namespace

// The shallowest cells of at most max(group size, n / kRankBoxes) bodies (more allowed per cell
// where that gives too many) whose cubes lie within the rank's keys, as boxes; slot 0 the box
// around them all with their least alpha.
std::vector<RankBox> RankDevice::own_boxes(const TreeView& t, const physics::Relative& rel) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size();
  const int nodes = tree_->node_count(s);
  DeviceBuffer<int>& cells = box_cells_;  // the cells found, then their count
  std::vector<int> chosen;
  for (long limit = std::max(params_.group_size, n / kRankBoxes);; limit *= 4) {
    if (limit > 64L * n) {
      chosen = {0};  // the root (not expected: the cells past the keys are few)
      break;
    }
    CUDA_CHECK(cudaMemsetAsync(cells.data() + kMaxRankBoxes, 0, sizeof(int), s));
    box_cells<<<rank_blocks(nodes), 256, 0, s>>>(t, bodies_.view().pos, cube_, nodes,
                                                 static_cast<int>(std::min<long>(limit, n)),
                                                 cells.data(), cells.data() + kMaxRankBoxes);
    CUDA_LAUNCH_CHECK();
    std::vector<int> got(kMaxRankBoxes + 1);
    cells.download(got.data(), got.size(), s);
    if (got.back() > kMaxRankBoxes) continue;
    chosen.assign(got.begin(), got.begin() + got.back());
    if (chosen.empty()) chosen = {0};  // the root is within the limit and the keys
    break;
  }
  cells.upload(chosen.data(), chosen.size(), s);
  DeviceBuffer<RankBox>& out = own_boxes_;
  box_of_cells<<<static_cast<int>(chosen.size()), 256, 0, s>>>(t, cells.data(), rel.alpha > 0.0f,
                                                               out.data());
  CUDA_LAUNCH_CHECK();
  std::vector<RankBox> boxes(chosen.size() + 1);
  out.download(boxes.data() + 1, chosen.size(), s);
  RankBox& all = boxes[0];
  all = boxes[1];
  for (const RankBox& b : boxes) {
    for (int k = 0; k < 3; ++k)
      all.lo[k] = std::min(all.lo[k], b.lo[k]), all.hi[k] = std::max(all.hi[k], b.hi[k]);
    all.alpha_accel = std::min(all.alpha_accel, b.alpha_accel);
  }
  return boxes;
}

void RankDevice::mark_lets(const TreeView& t, const std::vector<BoxRow>& rows,
                           const physics::Relative& rel) {
  cudaStream_t s = stream_.get();
  const int ranks = link_.size(), nodes = tree_->node_count(s);
  const std::size_t row = kMaxRankBoxes + 1;
  std::vector<RankBox> flat(row * static_cast<std::size_t>(ranks));
  std::vector<int> counts(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    counts[r] = rows[r].count;
    std::copy(rows[r].box, rows[r].box + row, flat.begin() + static_cast<long>(r * row));
  }
  if (boxes_.size() < flat.size()) boxes_.resize(flat.size());
  if (box_count_.size() < counts.size()) box_count_.resize(counts.size());
  boxes_.upload(flat.data(), flat.size(), s);
  box_count_.upload(counts.data(), counts.size(), s);
  const std::size_t stride = (static_cast<std::size_t>(nodes) + 15) / 16 * 16;
  if (let_state_.size() < stride * ranks) let_state_.resize(stride * ranks);
  CUDA_CHECK(cudaMemsetAsync(let_state_.data(), 0, stride * ranks, s));
  const MarkArgs a{boxes_.data(),
                   box_count_.data(),
                   let_state_.data(),
                   stride,
                   link_.rank(),
                   rel,
                   physics::order_of(params_.multipole)};
  const std::vector<int> levels = tree_->level_ranges(s);
  for (int l = 0; l < kLevels; ++l) {
    const int begin = levels[2 * l], end = std::min(levels[2 * l + 1], nodes);
    if (end <= begin) continue;
    mark_level<<<dim3(rank_blocks(end - begin), ranks), 256, 0, s>>>(t, begin, end, a);
    CUDA_LAUNCH_CHECK();
  }
}

// The nodes of one rank's tree (its `state`) numbered in node_index_ and its opened leaves'
// bodies in body_index_, by exclusive scans; their totals.
std::pair<std::uint64_t, std::uint64_t> RankDevice::number_let(const std::uint8_t* state,
                                                               const TreeView& t, int count) {
  cudaStream_t s = stream_.get();
  count_sent<<<rank_blocks(count + 1), 256, 0, s>>>(state, t, count, node_index_.data(),
                                                    body_index_.data());
  CUDA_LAUNCH_CHECK();
  std::size_t temp = scan_temp_.size();
  for (int* v : {node_index_.data(), body_index_.data()}) {
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(scan_temp_.data(), temp, v, v, count + 1, s));
  }
  int totals[2];
  CUDA_CHECK(cudaMemcpyAsync(&totals[0], node_index_.data() + count, sizeof(int),
                             cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaMemcpyAsync(&totals[1], body_index_.data() + count, sizeof(int),
                             cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  return {static_cast<std::uint64_t>(totals[0]), static_cast<std::uint64_t>(totals[1])};
}

// Each other rank's tree numbered and packed into send_, in rank order; its nodes and bodies
// counted in `nodes` and `bodies`. The bytes for each rank.
std::vector<std::uint64_t> RankDevice::pack_lets(const TreeView& t,
                                                 std::vector<std::uint64_t>& nodes,
                                                 std::vector<std::uint64_t>& bodies) {
  cudaStream_t s = stream_.get();
  const int ranks = link_.size(), count = tree_->node_count(s);
  const std::size_t stride = (static_cast<std::size_t>(count) + 15) / 16 * 16;
  std::vector<std::uint64_t> bytes(static_cast<std::size_t>(ranks), 0);
  if (node_index_.size() < stride + 1)
    node_index_.resize(stride + 1), body_index_.resize(stride + 1);
  std::size_t temp = 0;
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp, node_index_.data(), node_index_.data(),
                                           count + 1, s));
  if (scan_temp_.size() < temp) scan_temp_.resize(temp);
  std::size_t at = 0;
  for (int d = 0; d < ranks; ++d) {
    if (d == link_.rank() || rows_[d].count == 0) continue;
    const std::uint8_t* state = let_state_.data() + stride * d;
    std::tie(nodes[d], bodies[d]) = number_let(state, t, count);
    const PackLayout l(nodes[d], bodies[d]);
    bytes[d] = l.total;
    if (send_.size() < at + l.total) {  // larger, keeping the packs made
      DeviceBuffer<unsigned char> more(2 * (at + l.total));
      if (at > 0)
        CUDA_CHECK(cudaMemcpyAsync(more.data(), send_.data(), at, cudaMemcpyDeviceToDevice, s));
      send_ = std::move(more);  // cudaFree waits for the copy
    }
    pack_nodes<<<rank_blocks(count), 256, 0, s>>>(state, t, bodies_.view().pos, count,
                                                  node_index_.data(), body_index_.data(),
                                                  send_.data() + at, l);
    CUDA_LAUNCH_CHECK();
    at += l.total;
  }
  return bytes;
}

// Before the local walk (its groups' alpha |a| known, launch_group_alphas): the boxes, the trees
// for the other ranks packed into send_ and what each sends each (let_send_, let_in_); recv_
// made large enough.
void RankDevice::build_lets(const TreeView& t, const physics::Relative& rel) {
  const int ranks = link_.size(), n = bodies_.size();
  BoxRow mine{};
  if (n > 0) {
    const std::vector<RankBox> boxes = own_boxes(t, rel);
    mine.count = static_cast<int>(boxes.size()) - 1;
    std::copy(boxes.begin(), boxes.end(), mine.box);
  }
  rows_.assign(static_cast<std::size_t>(ranks), BoxRow{});
  link_.all_gather(&mine, sizeof mine, rows_.data());
  std::vector<std::uint64_t> nodes(static_cast<std::size_t>(ranks), 0), bodies(nodes);
  let_send_.assign(nodes.size(), 0);
  if (n > 0) {
    mark_lets(t, rows_, rel);
    let_send_ = pack_lets(t, nodes, bodies);
  }
  let_bytes_ = 0;
  for (std::uint64_t b : let_send_) let_bytes_ += static_cast<double>(b);
  in_nodes_.assign(nodes.size(), 0), in_bodies_.assign(nodes.size(), 0);
  let_in_.assign(nodes.size(), 0);
  link_.all_to_all(nodes.data(), in_nodes_.data());
  link_.all_to_all(bodies.data(), in_bodies_.data());
  std::size_t total = 0;
  for (std::size_t q = 0; q < let_in_.size(); ++q)
    total += let_in_[q] = PackLayout(in_nodes_[q], in_bodies_[q]).total;
  if (recv_.size() < total) recv_.resize(total + total / 4);
  CUDA_CHECK(cudaEventRecord(packed_.get(), stream_.get()));
}

// The packs on their way on comm_ (once they are made on stream_).
void RankDevice::exchange_lets() {
  cudaStream_t c = comm_.get();
  CUDA_CHECK(cudaStreamWaitEvent(c, packed_.get(), 0));
  link_.exchange(send_.data(), let_send_.data(), recv_.data(), let_in_.data(), c);
}

}  // namespace galaxy::cuda
