// SPDX-License-Identifier: MIT
// Stage 4 (the seed's stage 3): the moments of every cell in one cooperative launch, every leaf
// at once, then the inner cells level by level, the deepest first; the grid-wide barrier between
// levels replaces the seed's ready flags and spin-waits (which hang under independent thread
// scheduling when written without care). Leaves sum their bodies, inner cells combine their
// children's moments (parallel-axis shift of each child's quadrupole, and of its third moments
// where the pass's order is 3: t.oct), in double so that a cell of millions of bodies keeps float
// precision. Each cell also gets the box around its bodies and, from it, the squared opening
// radius of this step's theta (physics::open_radius), so the walk tests a node with one load.
// Body counts per subtree are the ranges the build wrote; children are contiguous.
#include <cooperative_groups.h>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
namespace cg = cooperative_groups;
constexpr int kBlock = 256;

// Moments of one cell, accumulated over points of mass m at (x, y, z), each with a quadrupole of
// its own (zero for bodies) and a box (a point for bodies).
struct Moments {
  double m = 0, mx = 0, my = 0, mz = 0;
  float lo[3] = {3e38f, 3e38f, 3e38f}, hi[3] = {-3e38f, -3e38f, -3e38f};
  __device__ void add_mass(float w, float x, float y, float z) {
    m += w, mx += double(w) * x, my += double(w) * y, mz += double(w) * z;
  }
  __device__ void add_box(float lx, float ly, float lz, float hx, float hy, float hz) {
    lo[0] = fminf(lo[0], lx), lo[1] = fminf(lo[1], ly), lo[2] = fminf(lo[2], lz);
    hi[0] = fmaxf(hi[0], hx), hi[1] = fmaxf(hi[1], hy), hi[2] = fmaxf(hi[2], hz);
  }
};

// The second moments of a node about its centre of mass (cx, cy, cz) into q and, where the pass's
// order is 3 (t.oct), the third into o: from the bodies of a leaf, or the children's own shifted
// (physics::add_point_quadrupole for each child's mass, physics::add_child_octupole).
__device__ void moments_about(const float4* __restrict__ pos, const TreeView& t, int4 l, int2 r,
                              double cx, double cy, double cz, double q[7], double o[10]) {
  if (l.w) {
    for (int j = r.x; j < r.y; ++j) {
      const float4 p = pos[j];
      physics::add_point_quadrupole(q, p.w, p.x - cx, p.y - cy, p.z - cz);
      if (t.oct) physics::add_point_octupole(o, p.w, p.x - cx, p.y - cy, p.z - cz);
    }
    return;
  }
  for (int c = l.x; c < l.x + l.y; ++c) {
    const float4 m = t.com[c];
    const float4 a = t.quad[2 * c], b = t.quad[2 * c + 1];
    q[0] += a.x, q[1] += a.y, q[2] += a.z, q[3] += a.w, q[4] += b.x, q[5] += b.y, q[6] += b.z;
    physics::add_point_quadrupole(q, m.w, m.x - cx, m.y - cy, m.z - cz);
    if (t.oct) {
      const float4 u = t.oct[3 * c], v = t.oct[3 * c + 1], w = t.oct[3 * c + 2];
      const physics::Quadrupole cq{a.x, a.y, a.z, a.w, b.x, b.y, b.z};
      const physics::Octupole co{u.x, u.y, u.z, u.w, v.x, v.y, v.z, v.w, w.x, w.y};
      physics::add_child_octupole(o, co, cq, m.w, m.x - cx, m.y - cy, m.z - cz);
    }
  }
}

// Which nodes a pass over a range of them summarizes.
enum class Cells { Leaves, Inner };

// Reads links, ranges, and bodies (leaves) or the children's moments (inner cells); writes com,
// quad, bounds and mac of the nodes [begin, end) that are kWhich.
template <Cells kWhich>
__device__ void summarize_cells(const float4* __restrict__ pos, const TreeView& t, int begin,
                                int end, float inv_theta) {
  for (int i = begin + blockIdx.x * kBlock + threadIdx.x; i < end; i += gridDim.x * kBlock) {
    const int4 l = t.link[i];
    if ((l.w != 0) != (kWhich == Cells::Leaves)) continue;
    const int2 r = t.range[i];
    Moments s;
    if (l.w) {
      for (int j = r.x; j < r.y; ++j) {
        const float4 p = pos[j];
        s.add_mass(p.w, p.x, p.y, p.z);
        s.add_box(p.x, p.y, p.z, p.x, p.y, p.z);
      }
    } else {
      for (int c = l.x; c < l.x + l.y; ++c) {
        const float4 q = t.com[c];
        const float4 lo = t.bounds[2 * c], hi = t.bounds[2 * c + 1];
        s.add_mass(q.w, q.x, q.y, q.z);
        s.add_box(lo.x, lo.y, lo.z, hi.x, hi.y, hi.z);
      }
    }
    double cx, cy, cz;
    if (s.m > 0) {
      cx = s.mx / s.m, cy = s.my / s.m, cz = s.mz / s.m;
    } else if (r.y > r.x) {  // massless bodies: the centre of their box, as good as any
      cx = 0.5 * (double(s.lo[0]) + s.hi[0]), cy = 0.5 * (double(s.lo[1]) + s.hi[1]);
      cz = 0.5 * (double(s.lo[2]) + s.hi[2]);
    } else {  // an empty node (a slot left by a full node array): never reached by the walk
      cx = cy = cz = 0;
      s.lo[0] = s.lo[1] = s.lo[2] = s.hi[0] = s.hi[1] = s.hi[2] = 0.0f;
    }
    double q[7] = {0, 0, 0, 0, 0, 0, 0}, o[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    moments_about(pos, t, l, r, cx, cy, cz, q, o);
    const float4 com = make_float4(float(cx), float(cy), float(cz), float(s.m));
    float size, offset;
    physics::box_size_offset(s.lo, s.hi, com.x, com.y, com.z, size, offset);
    const float radius = physics::open_radius(size, offset, inv_theta);
    t.com[i] = com;
    t.quad[2 * i] = make_float4(float(q[0]), float(q[1]), float(q[2]), float(q[3]));
    t.quad[2 * i + 1] = make_float4(float(q[4]), float(q[5]), float(q[6]), 0.0f);
    if (t.oct) {
      t.oct[3 * i] = make_float4(float(o[0]), float(o[1]), float(o[2]), float(o[3]));
      t.oct[3 * i + 1] = make_float4(float(o[4]), float(o[5]), float(o[6]), float(o[7]));
      t.oct[3 * i + 2] = make_float4(float(o[8]), float(o[9]), 0.0f, 0.0f);
    }
    t.bounds[2 * i] = make_float4(s.lo[0], s.lo[1], s.lo[2], 0.0f);
    t.bounds[2 * i + 1] = make_float4(s.hi[0], s.hi[1], s.hi[2], 0.0f);
    t.mac[i] = make_float2(radius * radius, physics::cell_extent(size, offset));
  }
}

// One cooperative launch: every leaf at once (a leaf reads only its bodies; leaves are most of
// the nodes), then the inner cells level by level, the deepest first, the grid waiting at a
// barrier after each level that has nodes (the build left the levels past its deepest empty).
__global__ void __launch_bounds__(kBlock)
    summarize_levels(const float4* __restrict__ pos, TreeView t, float inv_theta) {
  cg::grid_group grid = cg::this_grid();
  summarize_cells<Cells::Leaves>(pos, t, 0, min(*t.node_count, t.capacity), inv_theta);
  grid.sync();
  for (int level = kLevels - 1; level >= 0; --level) {
    const int begin = t.level_range[2 * level], end = t.level_range[2 * level + 1];
    if (begin >= end) continue;
    summarize_cells<Cells::Inner>(pos, t, begin, end, inv_theta);
    grid.sync();
  }
}
}  // namespace

void launch_summarize(const float4* pos, const TreeView& t, float inv_theta, cudaStream_t s) {
  static const int grid = resident_grid(reinterpret_cast<const void*>(summarize_levels), kBlock);
  TreeView view = t;
  void* args[] = {&pos, &view, &inv_theta};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(summarize_levels), grid,
                                         kBlock, args, 0, s));
}

}  // namespace galaxy::cuda
