// SPDX-License-Identifier: MIT
// Domain decomposition on the device (RankDevice::decompose), as sim/mpi/decompose.cpp does it on
// the CPU: the cube around all ranks' bodies (the local boxes reduced over the ranks), K - 1 cut
// keys on the Morton curve of that cube that split it into ranges of equal walk cost, and the
// migration: the bodies of each range to its rank, each array in one exchange. The cuts come from
// samples: every rank sends the keys of kCutSamples of its bodies spread evenly over its order
// (the last pass's tree order: evenly over its space), each standing for its share of the rank's
// bodies times the interactions a body of its group had; every rank merges
// the same samples and cuts where the running cost crosses r / K of the total, and moves its cuts
// halfway there (rank_cuts.hpp). The bodies are then
// grouped by destination (a radix sort of the destinations alone, a few bits, not of the 63-bit
// keys: the receiver's tree sorts them anyway).
#include <algorithm>
#include <cub/device/device_radix_sort.cuh>
#include <limits>

#include "rank_cuts.hpp"
#include "leapfrog.cuh"
#include "rank_device.cuh"
#include "runaway.cuh"

namespace galaxy::cuda {

namespace {

using Rank = std::uint16_t;  // a body's destination

// Sample i is body (2 i + 1) n / (2 S), i < S: evenly over the rank's order.
__device__ inline int sample_body(int i, int n) {
  return static_cast<int>((2L * i + 1) * n / (2L * kCutSamples));
}

// The cost of body j's group in the last pass's walks (t holds the bodies in this order).
__device__ inline float group_cost_of(const TreeView& t, int j) {
  int lo = 0, hi = *t.group_count - 1;  // the last group that starts at or before j
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (t.group_first[mid] <= j)
      lo = mid;
    else
      hi = mid - 1;
  }
  return t.group_cost[lo];
}

// The samples' keys, and where the last pass's groups have costs, each one's group's cost.
__global__ void sample_keys(const float4* __restrict__ pos, Drift d, int n, BodyBounds cube,
                            TreeView t, std::uint64_t* out, float* cost) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCutSamples) return;
  const int j = sample_body(i, n);
  out[i] = CubeKeys(cube)(d.position(pos, j));
  cost[i] = t.group_cost ? group_cost_of(t, j) : 0.0f;  // 0: equal shares
}

// The samples' costs alone (a keyframe keeps them: sample_costs).
__global__ void sample_group_costs(int n, TreeView t, float* cost) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kCutSamples) cost[i] = group_cost_of(t, sample_body(i, n));
}

// Each body's rank: how many cuts its key is not below; index[i] = i.
__global__ void destinations(const float4* __restrict__ pos, Drift d, int n, BodyBounds cube,
                             const std::uint64_t* __restrict__ cuts, int count, Rank* dest,
                             int* index) {
  const CubeKeys key(cube);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const std::uint64_t k = key(d.position(pos, i));
    int lo = 0, hi = count;
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (cuts[mid] <= k)
        lo = mid + 1;
      else
        hi = mid;
    }
    dest[i] = static_cast<Rank>(lo);
    index[i] = i;
  }
}

// at[r]: how many of the sorted destinations are below r, for r < ranks.
__global__ void rank_starts(const Rank* __restrict__ dest, int n, int ranks, int* at) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= ranks) return;
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (dest[mid] < r)
      lo = mid + 1;
    else
      hi = mid;
  }
  at[r] = lo;
}

}  // namespace

std::vector<std::uint64_t> RankDevice::cut_keys(int n, const BodyBounds& cube, const Drift& d) {
  CutSamples mine{};
  cudaStream_t s = stream_.get();
  if (n > 0) {
    if (cuts_.size() < static_cast<std::size_t>(kCutSamples)) cuts_.resize(kCutSamples);
    TreeView last = tree_->view(params_.leaf_size, params_.group_size, params_.multipole);
    last.group_cost = costs_known_ ? group_cost_.data() : nullptr;
    sample_keys<<<(kCutSamples + 255) / 256, 256, 0, s>>>(bodies_.view().pos, d, n, cube, last,
                                                          cuts_.data(), sample_cost_.data());
    CUDA_LAUNCH_CHECK();
    cuts_.download(mine.keys, kCutSamples, s);
    sample_cost_.download(mine.cost, kCutSamples, s);
    if (restored_costs_) std::copy(restored_costs_->begin(), restored_costs_->end(), mine.cost);
    mine.bodies = n;
  }
  restored_costs_.reset();
  std::vector<CutSamples> all(static_cast<std::size_t>(link_.size()));
  link_.all_gather(&mine, sizeof mine, all.data());
  last_cuts_ = relaxed(last_cuts_, cuts_from(all, link_.size()));
  return last_cuts_;
}

std::vector<float> RankDevice::sample_costs() {
  std::vector<float> cost(kCutSamples, 0.0f);
  const int n = bodies_.size();
  if (restored_costs_) return *restored_costs_;  // no pass since a way back
  if (n == 0 || !costs_known_) return cost;
  cudaStream_t s = stream_.get();
  TreeView last = tree_->view(params_.leaf_size, params_.group_size, params_.multipole);
  last.group_cost = group_cost_.data();
  sample_group_costs<<<(kCutSamples + 255) / 256, 256, 0, s>>>(n, last, sample_cost_.data());
  CUDA_LAUNCH_CHECK();
  sample_cost_.download(cost.data(), kCutSamples, s);
  return cost;
}

// The bodies grouped by destination in the set not current (made current); how many go to each.
std::vector<std::uint64_t> RankDevice::group_by_rank(const BodyBounds& cube, const Drift& d,
                                                     const std::vector<std::uint64_t>& cuts) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size(), ranks = link_.size();
  const SortScratch& x = tree_->sort_scratch();
  auto* dest = reinterpret_cast<Rank*>(x.keys);
  auto* dest2 = reinterpret_cast<Rank*>(x.keys2);
  cuts_.upload(cuts.data(), cuts.size(), s);
  destinations<<<grid_for(n, 256), 256, 0, s>>>(bodies_.view().pos, d, n, cube, cuts_.data(),
                                                static_cast<int>(cuts.size()), dest, x.index);
  CUDA_LAUNCH_CHECK();
  int bits = 1;
  while ((1 << bits) < ranks) ++bits;
  cub::DoubleBuffer<Rank> k(dest, dest2);
  cub::DoubleBuffer<int> v(x.index, x.index2);
  std::size_t bytes = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, k, v, n, 0, bits, s));
  void* temp = x.temp;  // the tree's sort's, unless this sort wants more
  if (bytes > x.temp_bytes) {
    if (sort_temp_.size() < bytes) sort_temp_.resize(bytes);
    temp = sort_temp_.data();
  }
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, k, v, n, 0, bits, s));
  launch_advance(bodies_.view(), bodies_.other_view(), v.Current(), false, 0.0f, record_.data(),
                 clock_.data(), PassClock{passes_, 0, 0.0}, s);
  bodies_.swap_sets();
  if (cut_at_.size() < static_cast<std::size_t>(ranks)) cut_at_.resize(ranks);
  rank_starts<<<(ranks + 255) / 256, 256, 0, s>>>(k.Current(), n, ranks, cut_at_.data());
  CUDA_LAUNCH_CHECK();
  std::vector<int> at(static_cast<std::size_t>(ranks) + 1, n);
  cut_at_.download(at.data(), static_cast<std::size_t>(ranks), s);
  std::vector<std::uint64_t> send(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) send[r] = static_cast<std::uint64_t>(at[r + 1] - at[r]);
  return send;
}

// The cube and keys are those of the positions the pass's opening kick and drift will give (the
// bodies move with their state before it), as its sort will key them: each rank's tree is built
// in that cube, its bodies' keys within its range (TreeView::key_lo).
void RankDevice::decompose(PassSettings& p) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size(), ranks = link_.size();
  const BodiesView now = bodies_.view();
  const Drift d = leapfrog_drift(p, now);
  // The cube: lo and -hi reduced with one MIN.
  float bounds[6];
  std::fill(bounds, bounds + 6, std::numeric_limits<float>::max());
  if (n > 0) {
    launch_bounding_box(now.pos, d, n, tree_->partial_boxes(), DeviceOctree::kPartialBoxes,
                        tree_->root_box(), s);
    BodyBounds b;
    CUDA_CHECK(cudaMemcpyAsync(&b, tree_->root_box(), sizeof b, cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    for (int k = 0; k < 3; ++k) bounds[k] = b.lo[k], bounds[3 + k] = -b.hi[k];
  }
  link_.min_floats(bounds, 6);
  BodyBounds& cube = cube_;
  for (int k = 0; k < 3; ++k) cube.lo[k] = bounds[k], cube.hi[k] = -bounds[3 + k];
  const std::vector<std::uint64_t> cuts = cut_keys(n, cube, d);
  const auto me = static_cast<std::size_t>(link_.rank());
  p.root = &cube_;
  p.key_lo = me > 0 ? cuts[me - 1] : 0;
  p.key_hi = me < cuts.size() ? cuts[me] : ~std::uint64_t{0};
  std::vector<std::uint64_t> send(static_cast<std::size_t>(ranks), 0), recv(send.size());
  if (n > 0) send = group_by_rank(cube, d, cuts);
  link_.all_to_all(send.data(), recv.data());
  std::uint64_t arriving = 0;
  for (std::uint64_t c : recv) arriving += c;
  if (arriving > static_cast<std::uint64_t>(std::numeric_limits<int>::max() / 2)) {
    throw std::runtime_error("too many bodies for one GPU rank after the migration");
  }
  const int m = static_cast<int>(arriving);
  // Into the set not current (its contents are dead), made larger first where it is short.
  make_room(m);
  const BodiesView from = bodies_.view(), to = bodies_.other_view();
  auto move = [&](const void* src, void* dst, std::size_t bytes_each) {
    std::vector<std::uint64_t> out(send.size()), in(recv.size());
    for (std::size_t r = 0; r < send.size(); ++r)
      out[r] = send[r] * bytes_each, in[r] = recv[r] * bytes_each;
    link_.exchange(src, out.data(), dst, in.data(), s);
  };
  move(from.pos, to.pos, sizeof(float4));
  move(from.vel, to.vel, sizeof(float4));
  move(from.acc, to.acc, sizeof(float4));
  move(from.id, to.id, sizeof(int));
  move(from.tag, to.tag, sizeof(std::uint8_t));
  bodies_.set_size(m);
  bodies_.swap_sets();
  if (m > 0) tree_->set_bodies(m);
}

}  // namespace galaxy::cuda
