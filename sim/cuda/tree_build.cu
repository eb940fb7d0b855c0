// SPDX-License-Identifier: MIT
// Stage 3 (the seed's stage 2): the octree, built level by level over the Morton-sorted keys (see
// sort.cu for why the sort comes first). A cell at level d is a run of keys sharing 3d leading
// bits; eight lanes find its up to eight children by searching the keys for the ends of the next
// octant digit's runs, and one allocates them contiguously with one atomicAdd. No locks, no
// spinning: the only inter-block agreement is the level's end, published by the last block to
// finish (threadfence + atomic ticket, the seed's own pattern for kernel 1), and read by every
// block after a grid-wide barrier (one cooperative launch for all levels: build_levels).
//
// Cells with at most t.leaf_size bodies are leaves (buckets, as in seed 003), and so are cells at
// the depth cap, where coincident bodies share one leaf. If the node array is full, a cell stays a
// leaf of many bodies: the walk then sums them directly, which is exact, and the flag makes the
// host grow the array for the next step.
#include <cooperative_groups.h>
#include <thrust/iterator/counting_iterator.h>

#include <cub/device/device_select.cuh>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
namespace cg = cooperative_groups;
constexpr int kBlock = 256;

__global__ void init_root(TreeView t, int n) {
  t.range[0] = make_int2(0, n);
  *t.node_count = 1;
  // A root of few bodies is the only group; larger cells flag their small children's groups
  // (and so does a root whose cube holds other ranks' bodies: TreeView::key_lo).
  if (n <= t.group_size && cell_in_range(t, 0, 0)) t.group_start[0] = 1;
  *t.blocks_done = 0;
  for (int d = 0; d < kLevels + 1; ++d) {
    t.level_range[2 * d] = d == 0 ? 0 : 1;
    t.level_range[2 * d + 1] = 1;
  }
  t.flags[kFlagNodeOverflow] = 0;
  t.flags[kFlagStackOverflow] = 0;
}

// First index in [lo, hi) whose octant digit at `depth` exceeds `oct` (keys in the range share
// all higher digits, so the digit is non-decreasing). Eight-way while the range is long: seven
// probes a round, loaded side by side, so a round waits for one load's latency and the chain of
// dependent loads is a third of a binary search's (a root of 1M keys: 7 rounds instead of 20).
__device__ int upper_bound_digit(const std::uint64_t* keys, int lo, int hi, int depth, int oct) {
  constexpr int kWays = 8;
  while (hi - lo >= 4 * kWays) {
    const int step = (hi - lo) / kWays;
    int below = 0;  // probes at or under oct: a prefix of them, the digit being non-decreasing
#pragma unroll
    for (int j = 1; j < kWays; ++j) below += physics::key_octant(keys[lo + j * step], depth) <= oct;
    // The answer lies after the last probe at or under oct and at or before the first above it.
    const int new_lo = below > 0 ? lo + below * step + 1 : lo;
    hi = below < kWays - 1 ? lo + (below + 1) * step : hi;
    lo = new_lo;
  }
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    if (physics::key_octant(keys[mid], depth) <= oct) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Reads the cells of `level` (level_range), their body ranges and the sorted keys; writes each
// cell's link, its children's ranges, and the range of level + 1.
//
// Eight lanes per cell: lane k of the eight finds where octant digit k ends by its own binary
// search over the whole cell, and the first lane gathers the eight bounds and does the rest. The
// cells of the top levels span up to all N keys, and one thread searching the eight octants one
// after another made each of those levels a chain of 160 dependent loads (the build took 0.55 ms
// at 1M bodies, most of it in its first levels).
__device__ void split_cells(const std::uint64_t* __restrict__ keys, const TreeView& t, int level,
                            int begin, int end) {
  const int lane = threadIdx.x & 31, oct_of_lane = lane & 7;
  const long slots = 8L * (end - begin);
  // The loop is the same for a whole warp, so its shuffles see every lane.
  for (long warp_slot = long(blockIdx.x) * kBlock + (threadIdx.x & ~31); warp_slot < slots;
       warp_slot += long(gridDim.x) * kBlock) {
    const long slot = warp_slot + lane;
    const int i = begin + int(slot >> 3);
    const bool valid = slot < slots;
    const int2 r = valid ? t.range[i] : make_int2(0, 0);
    const int count = r.y - r.x;
    // A cell whose cube reaches past this tree's keys (TreeView::key_lo) is split further.
    const bool whole = t.key_lo == 0 && t.key_hi == ~std::uint64_t{0};  // one GPU's: every key
    const bool in_range = whole || count == 0 || cell_in_range(t, keys[r.x], level);
    bool leaf = (count <= t.leaf_size && in_range) || level >= physics::kMaxDepth;
    const int mine =
        valid && !leaf ? upper_bound_digit(keys, r.x, r.y, level + 1, oct_of_lane) : r.y;
    int bound[8];
#pragma unroll
    for (int oct = 0; oct < 8; ++oct)
      bound[oct] = __shfl_sync(0xffffffffu, mine, (lane & ~7) + oct);
    if (!valid || oct_of_lane != 0) continue;
    int children = 0;
    if (!leaf) {
      int lo = r.x;
#pragma unroll
      for (int oct = 0; oct < 8; ++oct) {
        children += bound[oct] > lo;
        lo = bound[oct];
      }
      const int base = atomicAdd(t.node_count, children);
      if (base + children > t.capacity) {
        // Full: this cell stays a leaf. Slots it took below capacity become empty leaves of the
        // next level, so that level's range holds only initialised nodes.
        for (int k = base; k < min(base + children, t.capacity); ++k) t.range[k] = make_int2(r.x, r.x);
        t.flags[kFlagNodeOverflow] = 1;
        leaf = true;
      } else {
        int c = base;
        lo = r.x;
#pragma unroll
        for (int oct = 0; oct < 8; ++oct) {
          if (bound[oct] > lo) t.range[c++] = make_int2(lo, bound[oct]);
          lo = bound[oct];
        }
        t.link[i] = make_int4(base, children, level, 0);
        // Children of few bodies under a parent of many make the walk's groups: each run of
        // consecutive small siblings is cut into the fewest chunks of at most group_size bodies,
        // of equal size, so a group's bodies lie in one cell (the parent's cube at worst) and a
        // warp has few idle lanes. A big child ends the run; its own descendants flag their
        // groups, its first body among them. (Packing whole sibling cells instead filled groups
        // of 64 to 45.6 bodies on average at 1M Plummer bodies against 50.3 for these chunks,
        // and the walk took 5% longer for the same errors.) Next to a heavy child
        // (physics::kHeavyChild) each small child is its own group: physics.hpp says why. So is
        // each small child of a cell whose cube holds other ranks' bodies, and a child whose own
        // cube does flags its children's groups itself (TreeView::key_lo).
        if (count > t.group_size || !in_range) {
          int heaviest = 0;
          lo = r.x;
#pragma unroll
          for (int oct = 0; oct < 8; ++oct) heaviest = max(heaviest, bound[oct] - lo), lo = bound[oct];
          const bool merge = in_range && heaviest <= physics::kHeavyChild * t.group_size;
          int run_start = -1;  // first body of the open run of small children
          lo = r.x;
#pragma unroll
          for (int oct = 0; oct <= 8; ++oct) {
            const int hi = oct < 8 ? bound[oct] : r.y;
            const int c = hi - lo;
            const bool small =
                c > 0 && c <= t.group_size && (whole || cell_in_range(t, keys[lo], level + 1));
            if (small && !merge) t.group_start[lo] = 1;
            if (small && merge && run_start < 0) run_start = lo;
            if ((oct == 8 || (c > 0 && !small)) && run_start >= 0) {
              const int len = lo - run_start;
              const int chunks = (len + t.group_size - 1) / t.group_size;
              for (int j = 0; j < chunks; ++j) t.group_start[run_start + (j * len) / chunks] = 1;
              run_start = -1;
            }
            lo = hi;
          }
        }
      }
    }
    if (leaf) {
      t.link[i] = make_int4(r.x, count, level, 1);
      // An oversized leaf (coincident bodies at the depth cap, or a full node array) is walked in
      // slices of t.group_size bodies.
      if (count > t.group_size) {
        for (int k = r.x; k < r.y; k += t.group_size) t.group_start[k] = 1;
      } else if (!in_range && count > 0) {
        t.group_start[r.x] = 1;  // at the depth cap: a group of its own all the same
      }
    }
  }
}

// Every level in one cooperative launch, the root's first: the blocks split a level's cells, the
// last block to finish publishes the next level's range (the children allocated meanwhile), and
// the grid waits at a barrier before reading it; the first empty level ends the build, the same
// in every block. (One launch a level, over all kLevels since the host cannot know the depth
// without a synchronisation, cost 0.14 ms of a 1 ms step at 100k bodies, mostly on empty levels.)
__global__ void __launch_bounds__(kBlock)
    build_levels(const std::uint64_t* __restrict__ keys, TreeView t) {
  cg::grid_group grid = cg::this_grid();
  for (int level = 0; level < kLevels; ++level) {
    const int begin = __ldcg(t.level_range + 2 * level),
              end = __ldcg(t.level_range + 2 * level + 1);
    if (begin >= end) return;
    split_cells(keys, t, level, begin, end);
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) {
      const unsigned ticket = atomicAdd(t.blocks_done, 1u);
      if (ticket == gridDim.x - 1) {
        __threadfence();
        const int allocated = atomicAdd(t.node_count, 0);
        t.level_range[2 * (level + 1)] = end;
        t.level_range[2 * (level + 1) + 1] = min(allocated, t.capacity);
        *t.blocks_done = 0;
      }
    }
    grid.sync();
  }
}

}  // namespace

std::size_t groups_temp_bytes(int n) {
  std::size_t bytes = 0;
  CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, bytes, thrust::counting_iterator<int>(0),
                                        static_cast<const std::uint8_t*>(nullptr),
                                        static_cast<int*>(nullptr), static_cast<int*>(nullptr), n));
  return bytes;
}

void launch_groups(const TreeView& t, int n, void* temp, std::size_t temp_bytes, cudaStream_t s) {
  std::size_t bytes = temp_bytes;
  CUDA_CHECK(cub::DeviceSelect::Flagged(temp, bytes, thrust::counting_iterator<int>(0), t.group_start,
                                        t.group_first, t.group_count, n, s));
}

void launch_tree_build(const std::uint64_t* keys_sorted, int n, const TreeView& t, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(t.group_start, 0, static_cast<std::size_t>(n), s));
  init_root<<<1, 1, 0, s>>>(t, n);
  CUDA_LAUNCH_CHECK();
  static const int grid = resident_grid(reinterpret_cast<const void*>(build_levels), kBlock);
  const std::uint64_t* keys = keys_sorted;
  TreeView view = t;
  void* args[] = {&keys, &view};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(build_levels), grid, kBlock,
                                         args, 0, s));
}

}  // namespace galaxy::cuda
