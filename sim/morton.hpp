// SPDX-License-Identifier: MIT
// The tree's space-filling curve, shared by both backends' builds: the root cube, the 63-bit
// Morton keys of the bodies in it (21 levels of octants), and the octant tests on them, written
// so that the host and the device compute the same bits.
#pragma once

#include <cmath>
#include <cstdint>

#include "host_device.hpp"

namespace galaxy::physics {

// Octree depth cap: 21 levels of 3 bits fill a 63-bit Morton key. Bodies that still share a cell
// at this depth (coincident bodies) are kept together in one leaf and summed directly, so the
// build always terminates.
inline constexpr int kMaxDepth = 21;

// Octant (0..7) of point p inside a cell centred at c: bit 0 x, bit 1 y, bit 2 z.
GALAXY_HD int octant(float px, float py, float pz, float cx, float cy, float cz) {
  return (px > cx ? 1 : 0) | (py > cy ? 2 : 0) | (pz > cz ? 4 : 0);
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

// Whether the cube of the cell of `depth` that holds key k lies within the keys [lo, hi): a
// rank's range of the curve in the cube of all ranks. A cell past them holds other ranks' bodies
// (perhaps a galaxy's core) that a box round its own would reach round: both backends split it,
// never merge its small children into a walk group, and never make it one of the rank's boxes.
GALAXY_HD bool cell_in_keys(std::uint64_t k, int depth, std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t last = (std::uint64_t{1} << (3 * (kMaxDepth - depth))) - 1;  // 63 at 0
  const std::uint64_t start = k & ~last;
  return start >= lo && start + last < hi;
}

}  // namespace galaxy::physics
