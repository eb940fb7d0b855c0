// SPDX-License-Identifier: MIT
// The CPU force kernels in SIMD (Highway, with runtime dispatch: the best of SSE2/SSSE3/SSE4/
// AVX2/AVX-512 that the running machine has, so one binary serves any x86-64). Several targets,
// one a lane, against a list of sources broadcast one at a time: the body terms (physics::interact)
// and the quadrupole cell terms (physics::interact_quadrupole) of the tree walk's interaction
// lists, and the direct sum. physics.hpp's scalar functions are the reference the tests hold
// these to; nothing else in the CPU backend evaluates a pair.
//
// Target arrays (positions in, accumulators in/out) must be readable and writable up to
// pad_targets(n) entries; the entries past n are computed and thrown away (give them finite
// positions). Sources need no padding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace galaxy::cpu {

inline constexpr std::size_t kTargetPad = 32;  // two AVX-512 vectors of float
inline constexpr std::size_t pad_targets(std::size_t n) {
  return (n + kTargetPad - 1) / kTargetPad * kTargetPad;
}

template <typename T>
struct TargetsSoA {
  const T *x, *y, *z;
  T *ax, *ay, *az, *pot;  // added to
  std::size_t n;
};
template <typename T>
struct PointsSoA {  // bodies, or cells as monopoles
  const T *x, *y, *z, *m;
  std::size_t n;
};
struct QuadCellsSoA {  // centre of mass, mass and physics::Quadrupole
  const float *x, *y, *z, *m, *xx, *yy, *zz, *xy, *xz, *yz, *trace;
  std::size_t n;
};

// Softened point-mass terms (physics::interact): float with a Newton-refined approximate
// reciprocal square root (relative error about 1e-7), double with an exact one. With eps2 == 0 a
// source at a target's position contributes nothing, as in the scalar reference.
void add_point_forces(const TargetsSoA<float>& t, const PointsSoA<float>& s, float eps2);
void add_point_forces(const TargetsSoA<double>& t, const PointsSoA<double>& s, double eps2);
// Quadrupole cell terms (physics::interact_quadrupole).
void add_quadrupole_forces(const TargetsSoA<float>& t, const QuadCellsSoA& s, float eps2);

// The instruction set the kernels run with on this machine ("AVX2", "AVX3", ...).
const char* simd_target_name();
// For tests: the instruction sets compiled in that this machine runs (Highway target bits), and
// a restriction of the dispatch to one of them (0: back to the best).
std::vector<std::int64_t> simd_targets();
void restrict_simd_target(std::int64_t target);

}  // namespace galaxy::cpu
