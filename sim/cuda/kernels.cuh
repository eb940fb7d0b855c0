// SPDX-License-Identifier: MIT
// The GPU pipeline's data views and stage launchers (one .cu file per stage). Included by sim/
// .cu files only.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "../morton.hpp"
#include "../physics.hpp"

namespace galaxy::cuda {

// Bodies in tree order. pos = (x, y, z, m), vel = (vx, vy, vz, 0), acc = (ax, ay, az, potential);
// id is the body's index in the order the user gave (downloads scatter by it), tag its population.
struct BodiesView {
  float4* pos;
  float4* vel;
  float4* acc;
  int* id;
  std::uint8_t* tag;
  int n;
};

// The same arrays for kernels that only read them.
struct ConstBodiesView {
  const float4* pos;
  const float4* vel;
  const float4* acc;
  const int* id;
  const std::uint8_t* tag;
  int n;
};

// Where a pass's bodies will be once the leapfrog's part 1 has moved them (leapfrog.cuh), which
// the bounding box and the sort read.
struct Drift;

// Bounding box of the bodies, reduced on the device.
struct BodyBounds {
  float lo[3], hi[3];
};

// Morton keys in the cube around a box (physics::cube_from_bounds): the sort's, and a device
// rank's decomposition's and boxes', which must be the sort's bit for bit (a rank's tree takes
// its bodies' keys to lie between its cuts).
struct CubeKeys {
  float lox, loy, loz, inv;
  __device__ explicit CubeKeys(const BodyBounds& b) {
    float size;
    physics::cube_from_bounds(b.lo, b.hi, lox, loy, loz, size);
    inv = 1.0f / size;
  }
  __device__ std::uint64_t operator()(const float4& p) const {
    return physics::morton_key(p.x, p.y, p.z, lox, loy, loz, inv);
  }
};

// The octree. Nodes of one level are contiguous; the children of a node are contiguous. A node's
// link is (first, count, level, leaf): for a leaf, bodies [first, first + count) in tree order;
// for an inner cell, children [first, first + count). range is the body range of every node.
// Summarize writes the moments and what the walk's opening test needs.
struct TreeView {
  float4* com;   // centre of mass and mass
  float4* quad;  // 2 per node: (xx, yy, zz, xy), (xz, yz, trace, 0) about the com (physics.hpp)
  // 3 per node where the pass's order is 3, else null: the third moments about the com
  // (physics::Octupole) as (xxx, xxy, xxz, xyy), (xyz, xzz, yyy, yyz), (yzz, zzz, 0, 0).
  float4* oct;
  float4* bounds;  // 2 per node: the box around the node's bodies, (lo, 0), (hi, 0)
  float2* mac;     // squared opening radius (physics::open_radius at this step's theta), extent
  int4* link;
  int2* range;
  int* level_range;  // [2 * level, 2 * level + 1]: nodes of that level
  int* node_count;   // nodes allocated (may exceed capacity: the overflow is flagged)
  unsigned* blocks_done;
  int* flags;        // kFlagNodeOverflow, kFlagStackOverflow
  int capacity;
  int leaf_size;   // cells of at most this many bodies are leaves
  int group_size;  // bodies of one walk group (one warp, up to 4 a lane: kMaxGroupSize, 128)
  // The walk's groups, in body order: ranges of at most group_size bodies that partition the
  // bodies (group_range). The build flags each group's first body in group_start;
  // launch_groups() compacts the flags into group_first and group_count.
  std::uint8_t* group_start;
  int* group_first;
  int* group_count;
  int bodies;          // the rank's own bodies: the last group ends there
  float* group_alpha;  // the force pass's alpha |a|_min of each group, kept for the trace
  // Where not null, the force walks add each group's interactions a body (entries evaluated) to
  // its entry (a device rank's decomposition weighs its bodies by them; the rank zeroes them).
  float* group_cost = nullptr;
  // The keys of this tree's bodies, [key_lo, key_hi): everything on one GPU; a device rank's
  // range of the cube of all ranks (the sort keys its bodies in that cube). A cell whose cube
  // reaches past them is never a leaf and its children are never merged into a group
  // (physics::cell_in_keys says why; tree_build.cu).
  std::uint64_t key_lo = 0, key_hi = ~std::uint64_t{0};
};

__host__ __device__ inline bool cell_in_range(const TreeView& t, std::uint64_t k, int level) {
  return physics::cell_in_keys(k, level, t.key_lo, t.key_hi);
}

// The bodies [x, y) of group g of `count`.
__device__ __forceinline__ int2 group_range(const TreeView& t, int g, int count) {
  return make_int2(t.group_first[g], g + 1 < count ? t.group_first[g + 1] : t.bodies);
}

inline constexpr int kLevels = physics::kMaxDepth + 1;
inline constexpr int kFlagNodeOverflow = 0;
inline constexpr int kFlagStackOverflow = 1;

int grid_for(int n, int block);  // blocks for n threads, capped for grid-stride loops

// The blocks of `block` threads of `kernel` that the device holds at once: the grid of a
// persistent kernel (the force walk) and of a cooperative launch, whose blocks wait for each
// other at grid-wide barriers (the build and the summary, one launch for all their levels).
int resident_grid(const void* kernel, int block);

// 1. bounding box of the positions `d` gives (the bodies where the pass will move them): per-block
// partial boxes, then one block combines them into *out.
void launch_bounding_box(const float4* pos, const Drift& d, int n, BodyBounds* partial,
                         int partial_count, BodyBounds* out, cudaStream_t s);
// How many partial boxes launch_bounding_box writes for n bodies (blocks of 256 threads), and its
// second launch alone: partial[0, count) combined into *out.
int box_partials(int n, int partial_count);
void launch_combine_boxes(const BodyBounds* partial, int count, BodyBounds* out, cudaStream_t s);
// 2. sort (the seed runs it after the build; sort.cu says why not): Morton keys of the positions
// `d` gives in the root cube of *box, sorted with CUB's radix sort into `keys`, with the
// permutation that sorts them (returned: it lies in the scratch's index buffers, which the tree's
// nodes reuse once the bodies are moved; launch_advance applies it).
struct SortScratch {
  std::uint64_t* keys;   // n: the sorted keys, which the build reads
  std::uint64_t* keys2;  // n: the other key buffer
  int* index;            // n each: the permutation's two buffers
  int* index2;
  void* temp;  // CUB's temporary
  std::size_t temp_bytes;
};
// The bytes of scratch besides the keys the sort of n bodies needs (the second key buffer, both
// index buffers, CUB's temporary), and those pieces laid out in `alt` (at least that many bytes).
std::size_t sort_alt_bytes(int n);
SortScratch sort_scratch_in(std::uint64_t* keys, void* alt, std::size_t alt_bytes, int n);
const int* launch_sort(const float4* pos, const Drift& d, int n, const BodyBounds* box,
                       const SortScratch& s, cudaStream_t st);
// 3. tree build: level by level from the sorted keys.
void launch_tree_build(const std::uint64_t* keys_sorted, int n, const TreeView& t, cudaStream_t s);
// After the build: the flagged group starts compacted (CUB select) into t.group_first, in body
// order, and their count into *t.group_count.
std::size_t groups_temp_bytes(int n);
void launch_groups(const TreeView& t, int n, void* temp, std::size_t temp_bytes, cudaStream_t s);
// 4. summarize: mass, centre of mass, quadrupole, body box and opening radius (at 1/inv_theta) of
// every node: the leaves, then the inner cells deepest level first.
void launch_summarize(const float4* pos, const TreeView& t, float inv_theta, cudaStream_t s);
// The force walk's order where each resident warp walks few groups (walk_order.cu): each group's
// last walk cost, carried by its bodies through the re-sort (cost_by_id, by reset index: a
// single run's), marks the groups dearer than kHeavyShare times the mean, which are walked first,
// the others after them in curve order, so that the kernel's tail is cheap groups.
struct WalkOrderCounts {
  int heavy;  // this pass's heavy groups
  int next;   // the curve's next group
  float sum;  // of the groups' estimates
};
struct WalkOrder {
  float* cost_by_id = nullptr;  // null: every group in curve order
  int* heavy = nullptr;         // this pass's heavy groups (in any order)
  std::uint8_t* is_heavy = nullptr;
  WalkOrderCounts* counts = nullptr;
};
// Whether the walk of n bodies is ordered by cost: each resident warp walks fewer than 16 groups.
bool walk_order_on(int n);
inline constexpr float kHeavyShare = 1.5f;

struct WalkScratch {
  int* stack;
  int stack_per_warp;  // ints per resident warp
  int* work;  // group counter
  // The force walk splits each group's walk into `parts` (1 to 8), each taking a share of the
  // tree (walk.cuh, kSplitLevel), so that small N has enough walks to fill the device and no one
  // group's walk is the tail; each part's sums go to partial[p * n + i], summed in part order
  // after the walk (launch_force). 1 for the trace and the count.
  int parts = 1;
  float4* partial = nullptr;  // parts * n, where parts > 1
  WalkOrder order;            // the force walk's, where parts is 1
};
// What a force walk writes of each body's potential (acc.w), which only the energy, the saves and
// the rank sums read: With it; Skip (a single run's pass: the walk leaves it out where that pays,
// with quadrupoles and softening: 3-3.5% of a 1M step; writes 0); Only it, acc.xyz untouched,
// with the decisions of the pass that built the tree (its alpha |a| per group, t.group_alpha).
enum class Potentials { With, Skip, Only };
// 5. force walk with cells of the run's multipole order. Writes acc of every body; adds
// interaction counts to counters[0] (body-body) and counters[1] (body-cell). Returns whether
// acc.w holds the potentials after it (Skip: not with quadrupoles and softening).
bool launch_force(const BodiesView& b, const TreeView& t, int multipole, float eps2,
                  physics::Relative rel, const WalkScratch& w, unsigned long long* counters,
                  cudaStream_t s, Potentials potentials = Potentials::With);
// This pass's heavy groups from the last pass's costs (o.cost_by_id not null), before its walk.
void launch_walk_order(const BodiesView& b, const TreeView& t, const WalkOrder& o, cudaStream_t s);
// Each group's alpha |a|_min (t.group_alpha) from the last pass's accelerations b.acc, as the
// force walk finds it (alpha 0: 0): a rank's boxes need them before its walk runs.
void launch_group_alphas(const BodiesView& b, const TreeView& t, float alpha, cudaStream_t s);
// to[p].w = from[i].w, p the int whose bits perm[i].w holds: the potentials found for a sorted
// copy (out[i] = in[p]) put back where the bodies are.
void launch_scatter_potentials(const float4* from, const float4* perm, int n, float4* to,
                               cudaStream_t s);
// Adds the pull of another rank's tree to b.acc: `t` holds that tree's nodes (a TreeLayout's
// arrays, its bodies in b.pos after the n of this rank) and this rank's groups of the last pass,
// whose alpha |a| (t.group_alpha) the decisions use; w unsplit (walk_scratch). Adds its
// interaction counts to counters where given.
void launch_remote_force(const BodiesView& b, const TreeView& t, int multipole, float eps2,
                         physics::Relative rel, const WalkScratch& w, cudaStream_t s,
                         unsigned long long* counters = nullptr);
int force_resident_warps();
// How many parts the force walk splits each group's walk into for n bodies (WalkScratch::parts).
int force_walk_parts(int n);
// A split walk's parts summed in part order into acc (its w alone where only_w).
void launch_sum_parts(const float4* partial, int parts, int n, float4* acc, bool only_w,
                      cudaStream_t s);
// The overlay's trace: the force walk of the group that holds body `index` (the user's order),
// replayed with the pass's own decisions (its alpha |a| per group, kept in t.group_alpha) and
// recorded instead of summed. Boxes are (lo, level) and (hi, 0) pairs; direct bodies are
// positions. Counts may exceed `capacity`: the entries past it are counted, not written.
struct TraceHeader {
  int begin, end;  // the group, in tree order
  float lo[3], hi[3];
  int accepted, opened, direct;
  float body[3];  // the traced body's position
  int found;      // 0 when no body has that index
};
struct TraceView {
  TraceHeader* header;
  float4* accepted;  // 2 per entry
  float4* opened;    // 2 per entry
  float4* direct;
  int capacity;
  int* slot;  // scratch: the body's slot in tree order
};
// The walk runs as warp 0 of the force pass, on w's stack.
void launch_trace(const BodiesView& b, const TreeView& t, int multipole, physics::Relative rel, int index,
                  const WalkScratch& w, const TraceView& out, cudaStream_t s);
// The cost map: the force pass's walk of every group again (its decisions, kept in
// t.group_alpha), summing nothing; each body's entry in cost_by_id (by its index in the user's
// order) gets the cells plus bodies on its group's lists, as launch_force counts them.
void launch_walk_costs(const BodiesView& b, const TreeView& t, int multipole, physics::Relative rel,
                       const WalkScratch& w, float* cost_by_id, cudaStream_t s);
// 6. integrate: the leapfrog's parts, fused into the pass's first move of the bodies and the
// closing kick, which check for runaway values, are declared in leapfrog.cuh.

// Direct summation: shared-memory tiles (the GPU reference and the small-N solver), and seed
// 001's naive and Newton's-third-law-with-atomics variants for the benchmark.
void launch_direct_tiled(const BodiesView& b, float eps2, cudaStream_t s);
void launch_direct_naive(const BodiesView& b, float eps2, cudaStream_t s);
void launch_direct_atomic(const BodiesView& b, float eps2, float* acc4_scratch, cudaStream_t s);
struct ExactAccel {
  double ax, ay, az, pot;
};
// Exact accelerations in double for `count` target bodies (tree-order indices) against all n, and
// a copy of the targets' current accelerations beside them.
void launch_direct_sample_f64(const ConstBodiesView& b, const int* targets, int count, double eps2,
                              ExactAccel* out, float4* current, cudaStream_t s);
// Diagnostics sums in double (out holds diagnostics.hpp's kDiagnosticSums doubles).
void launch_diagnostics(const ConstBodiesView& b, double* out, cudaStream_t s);
// Render vertices: (x, y, z, speed) and population | galaxy << 2, in tree order or (`by_id`) at
// each body's own index (its id); where `vertex_of` is not null, the index of each body's vertex
// at the body's own index.
void launch_vertices(const ConstBodiesView& b, float* xyzs, std::uint8_t* tags,
                     std::uint32_t* vertex_of, bool by_id, cudaStream_t s);

}  // namespace galaxy::cuda
