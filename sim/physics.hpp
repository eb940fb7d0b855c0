// SPDX-License-Identifier: MIT
// Galaxy — the physics shared by the CPU reference and the CUDA kernels.
//
// Everything here is __host__ __device__ so that a test compares two pipelines, not two copies of
// the maths: the softened pair interaction, the Barnes-Hut opening criterion, Morton keys and
// octree cell geometry.
#pragma once

#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define GALAXY_HD __host__ __device__ __forceinline__
#else
#define GALAXY_HD inline
#endif

namespace galaxy::physics {

// Octree depth cap: 21 levels of 3 bits fill a 63-bit Morton key. Bodies that still share a cell
// at this depth (coincident bodies) are kept together in one leaf and summed directly, so the
// build always terminates.
inline constexpr int kMaxDepth = 21;

// Plummer-softened gravity with G = 1, accumulated in T (float in the kernels and the CPU tree
// walk, double in the direct-sum reference). Adds the acceleration that a point mass `m` at
// offset (dx, dy, dz) = (source - target) exerts on the target, and its potential.
template <typename T>
struct Accum {
  T ax = 0, ay = 0, az = 0, pot = 0;
};

template <typename T>
GALAXY_HD void interact(Accum<T>& acc, T dx, T dy, T dz, T m, T eps2) {
  const T r2 = dx * dx + dy * dy + dz * dz + eps2;
  // r2 > 0 whenever eps2 > 0; with eps2 == 0 the self pair (r2 == 0) contributes nothing.
  if (r2 <= T(0)) return;
  T inv_r;
  if constexpr (sizeof(T) == 4) {
#if defined(__CUDA_ARCH__)
    inv_r = rsqrtf(r2);
#else
    inv_r = T(1) / std::sqrt(r2);
#endif
  } else {
    inv_r = T(1) / std::sqrt(r2);
  }
  const T minv_r = m * inv_r;
  const T s = minv_r * inv_r * inv_r;
  acc.ax += dx * s;
  acc.ay += dy * s;
  acc.az += dz * s;
  acc.pot -= minv_r;
}

// Barnes-Hut opening criterion (Barnes & Hut 1986, as in Burtscher & Pingali): a cell of edge
// `size` whose centre of mass is at squared distance `dist2` from the body is accepted as a point
// mass when size / dist < theta, i.e. dist2 * theta^2 > size^2. The kernels precompute
// size^2 / theta^2 per depth, so the test is written in that form.
GALAXY_HD float open_limit2(float size, float inv_theta2) { return size * size * inv_theta2; }
GALAXY_HD bool accept_cell(float dist2, float limit2) { return dist2 >= limit2; }

// Edge of a cell at `depth` below a root cube of edge `root_size`.
GALAXY_HD float cell_size(float root_size, int depth) {
  return root_size * (1.0f / float(1u << depth));
}

// Octant (0..7) of point p inside a cell centred at c: bit 0 x, bit 1 y, bit 2 z.
GALAXY_HD int octant(float px, float py, float pz, float cx, float cy, float cz) {
  return (px > cx ? 1 : 0) | (py > cy ? 2 : 0) | (pz > cz ? 4 : 0);
}

// Centre of child `oct` of a cell centred at (cx, cy, cz) with half-edge `half`.
GALAXY_HD void child_center(int oct, float cx, float cy, float cz, float half, float& ox,
                            float& oy, float& oz) {
  const float q = 0.5f * half;
  ox = cx + ((oct & 1) ? q : -q);
  oy = cy + ((oct & 2) ? q : -q);
  oz = cz + ((oct & 4) ? q : -q);
}

// Rounded float product and sum that the device compiler may not fuse into one FMA. The host
// (C++20, no -ffp-contract=fast) never fuses, so code written with these gives bit-identical
// results on both, where the cube and the Morton keys must agree exactly.
GALAXY_HD float mul_rn(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
GALAXY_HD float add_rn(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}

// The root cube from the bodies' bounding box: cubic, centred on the box, padded a little so that
// no body lies on its upper faces and a zero extent still gives a cell. The CPU reference and the
// GPU key kernel both call this, so both trees start from the same cube, bit for bit (a fused
// multiply-add on the device once moved a few bodies into other cells than the CPU's).
GALAXY_HD void cube_from_bounds(const float lo[3], const float hi[3], float& lox, float& loy,
                                float& loz, float& size) {
  float extent = fmaxf(fmaxf(hi[0] - lo[0], hi[1] - lo[1]), hi[2] - lo[2]);
  extent = add_rn(mul_rn(extent, 1.0001f),
                  mul_rn(1e-6f, fmaxf(1.0f, fabsf(lo[0]) + fabsf(lo[1]) + fabsf(lo[2]))));
  size = extent;
  const float half = mul_rn(0.5f, extent);
  lox = mul_rn(0.5f, lo[0] + hi[0]) - half;
  loy = mul_rn(0.5f, lo[1] + hi[1]) - half;
  loz = mul_rn(0.5f, lo[2] + hi[2]) - half;
}

// Spreads the low 21 bits of v so that bit i lands on bit 3i.
GALAXY_HD std::uint64_t spread_bits3(std::uint64_t v) {
  v &= 0x1fffffULL;
  v = (v | (v << 32)) & 0x001f00000000ffffULL;
  v = (v | (v << 16)) & 0x001f0000ff0000ffULL;
  v = (v | (v << 8)) & 0x100f00f00f00f00fULL;
  v = (v | (v << 4)) & 0x10c30c30c30c30c3ULL;
  v = (v | (v << 2)) & 0x1249249249249249ULL;
  return v;
}

// Quantises a coordinate into [0, 2^21) over the root cube [lo, lo + size).
GALAXY_HD std::uint32_t quantize21(float p, float lo, float inv_size) {
  float t = mul_rn(p - lo, inv_size) * 2097152.0f;  // 2^21: exact
  t = t < 0.0f ? 0.0f : t;
  t = t > 2097151.0f ? 2097151.0f : t;
  return static_cast<std::uint32_t>(t);
}

// 63-bit Morton key of a point in the root cube; its top three bits (62..60) are the octant at
// depth 1, matching octant() above (x in bit 0 of each triple).
GALAXY_HD std::uint64_t morton_key(float px, float py, float pz, float lox, float loy, float loz,
                                   float inv_size) {
  return spread_bits3(quantize21(px, lox, inv_size)) |
         (spread_bits3(quantize21(py, loy, inv_size)) << 1) |
         (spread_bits3(quantize21(pz, loz, inv_size)) << 2);
}

// Octant at `depth` (1-based) encoded in a Morton key.
GALAXY_HD int key_octant(std::uint64_t key, int depth) {
  return static_cast<int>((key >> (3 * (kMaxDepth - depth))) & 7u);
}

}  // namespace galaxy::physics
