// SPDX-License-Identifier: MIT
// The SIMD kernels of kernels.hpp, compiled once per instruction set by Highway's foreach_target
// and chosen at run time (HWY_DYNAMIC_DISPATCH). Each kernel keeps a vector of targets in
// registers and streams the sources past them, one broadcast per source field: per pair that is
// a handful of loads against about 17 arithmetic instructions for a body term and 33 for a
// quadrupole term, so the kernels run at the FMA units' rate, not the memory's.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/kernels.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/kernels.hpp"

HWY_BEFORE_NAMESPACE();
namespace galaxy::cpu::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Target vectors held at once. One: groups of 45 bodies on average fill three AVX-512 vectors
// where blocks of two fill four, and the broadcasts are cheap next to the 17 to 33 operations of
// a term (measured on this Zen 4 with AVX-512, 20k collision: force pass 11.2 ms with one, 12.3
// with two, and 15.9 with two plus a one-vector tail; AVX2 was not measured separately).
constexpr std::size_t kBlock = 1;

// 1/sqrt(r2) in float: the hardware estimate (12 or 14 bits) and one Newton step. r2 is clamped
// below the largest float first, so that a huge distance gives a tiny (not a NaN) result.
// (Highway's portable HWY_SCALAR target, for x86-64 machines without SSSE3, estimates with a bit
// trick too coarse for one step: it divides.)
template <class D, class V = hn::Vec<D>>
HWY_INLINE V inverse_sqrt(D d, V r2) {
  const V x = hn::Min(r2, hn::Set(d, 1e38f));
  if constexpr (HWY_TARGET == HWY_SCALAR) return hn::Div(hn::Set(d, 1.0f), hn::Sqrt(x));
  const V y = hn::ApproximateReciprocalSqrt(x);
  const V hx = hn::Mul(x, hn::Set(d, 0.5f));
  return hn::Mul(y, hn::NegMulAdd(hn::Mul(hx, y), y, hn::Set(d, 1.5f)));
}
// In double the exact quotient: the accuracy meter's reference.
template <class D, class V = hn::Vec<D>>
HWY_INLINE V inverse_sqrt_exact(D d, V r2) {
  return hn::Div(hn::Set(d, 1.0), hn::Sqrt(r2));
}

template <class D>
struct Acc {
  hn::Vec<D> ax, ay, az, pot;
};

// physics::interact for one target vector and one broadcast source. kMayBeZero: eps2 may be 0,
// so a coincident pair (r2 == 0) must contribute nothing.
template <bool kMayBeZero, bool kExact, class D, class V = hn::Vec<D>>
HWY_INLINE void point_term(D d, V tx, V ty, V tz, V sx, V sy, V sz, V sm, V eps2, Acc<D>& a) {
  const V dx = hn::Sub(sx, tx), dy = hn::Sub(sy, ty), dz = hn::Sub(sz, tz);
  const V r2 = hn::MulAdd(dz, dz, hn::MulAdd(dy, dy, hn::MulAdd(dx, dx, eps2)));
  V inv_r;
  if constexpr (kExact) {
    inv_r = inverse_sqrt_exact(d, kMayBeZero ? hn::Max(r2, hn::Set(d, 1e-300)) : r2);
  } else {
    inv_r = inverse_sqrt(d, kMayBeZero ? hn::Max(r2, hn::Set(d, 1e-37f)) : r2);
  }
  if constexpr (kMayBeZero) inv_r = hn::IfThenElseZero(hn::Gt(r2, hn::Zero(d)), inv_r);
  const V minv_r = hn::Mul(sm, inv_r);
  const V s = hn::Mul(hn::Mul(minv_r, inv_r), inv_r);
  a.ax = hn::MulAdd(dx, s, a.ax);
  a.ay = hn::MulAdd(dy, s, a.ay);
  a.az = hn::MulAdd(dz, s, a.az);
  a.pot = hn::Sub(a.pot, minv_r);
}

template <class D>
HWY_INLINE Acc<D> load_acc(D d, const TargetsSoA<hn::TFromD<D>>& t, std::size_t i) {
  return {hn::LoadU(d, t.ax + i), hn::LoadU(d, t.ay + i), hn::LoadU(d, t.az + i),
          hn::LoadU(d, t.pot + i)};
}
template <class D>
HWY_INLINE void store_acc(D d, const Acc<D>& a, const TargetsSoA<hn::TFromD<D>>& t,
                          std::size_t i) {
  hn::StoreU(a.ax, d, t.ax + i), hn::StoreU(a.ay, d, t.ay + i), hn::StoreU(a.az, d, t.az + i);
  hn::StoreU(a.pot, d, t.pot + i);
}

template <bool kMayBeZero, bool kExact, typename T>
void points(const TargetsSoA<T>& t, const PointsSoA<T>& s, T eps2_scalar) {
  using D = hn::ScalableTag<T>;
  const D d;
  using V = hn::Vec<D>;
  const std::size_t lanes = hn::Lanes(d);
  const V eps2 = hn::Set(d, eps2_scalar);
  for (std::size_t i = 0; i < t.n; i += kBlock * lanes) {
    V tx[kBlock], ty[kBlock], tz[kBlock];
    Acc<D> a[kBlock];
    for (std::size_t b = 0; b < kBlock; ++b) {
      tx[b] = hn::LoadU(d, t.x + i + b * lanes);
      ty[b] = hn::LoadU(d, t.y + i + b * lanes);
      tz[b] = hn::LoadU(d, t.z + i + b * lanes);
      a[b] = load_acc(d, t, i + b * lanes);
    }
    for (std::size_t j = 0; j < s.n; ++j) {
      const V sx = hn::Set(d, s.x[j]), sy = hn::Set(d, s.y[j]), sz = hn::Set(d, s.z[j]),
              sm = hn::Set(d, s.m[j]);
      for (std::size_t b = 0; b < kBlock; ++b) {
        point_term<kMayBeZero, kExact>(d, tx[b], ty[b], tz[b], sx, sy, sz, sm, eps2, a[b]);
      }
    }
    for (std::size_t b = 0; b < kBlock; ++b) store_acc(d, a[b], t, i + b * lanes);
  }
}

void PointsF(const TargetsSoA<float>& t, const PointsSoA<float>& s, float eps2) {
  if (eps2 > 0.0f) {
    points<false, false>(t, s, eps2);
  } else {
    points<true, false>(t, s, eps2);
  }
}
void PointsD(const TargetsSoA<double>& t, const PointsSoA<double>& s, double eps2) {
  if (eps2 > 0.0) {
    points<false, true>(t, s, eps2);
  } else {
    points<true, true>(t, s, eps2);
  }
}

// physics::interact_quadrupole, term for term.
template <bool kMayBeZero, class D, class V = hn::Vec<D>>
HWY_INLINE void quad_term(D d, V tx, V ty, V tz, const V* c, V eps2, Acc<D>& a) {
  // c: x, y, z, m, xx, yy, zz, xy, xz, yz, trace
  const V dx = hn::Sub(c[0], tx), dy = hn::Sub(c[1], ty), dz = hn::Sub(c[2], tz);
  const V r2 = hn::MulAdd(dz, dz, hn::MulAdd(dy, dy, hn::MulAdd(dx, dx, eps2)));
  V inv_r = inverse_sqrt(d, kMayBeZero ? hn::Max(r2, hn::Set(d, 1e-37f)) : r2);
  if constexpr (kMayBeZero) inv_r = hn::IfThenElseZero(hn::Gt(r2, hn::Zero(d)), inv_r);
  const V inv_r2 = hn::Mul(inv_r, inv_r);
  const V inv_r5 = hn::Mul(hn::Mul(inv_r2, inv_r2), inv_r);
  const V qx = hn::MulAdd(c[8], dz, hn::MulAdd(c[7], dy, hn::Mul(c[4], dx)));
  const V qy = hn::MulAdd(c[9], dz, hn::MulAdd(c[5], dy, hn::Mul(c[7], dx)));
  const V qz = hn::MulAdd(c[6], dz, hn::MulAdd(c[9], dy, hn::Mul(c[8], dx)));
  const V dqd = hn::MulAdd(dz, qz, hn::MulAdd(dy, qy, hn::NegMulAdd(eps2, c[10], hn::Mul(dx, qx))));
  const V dqd_r5 = hn::Mul(dqd, inv_r5);
  const V m_r = hn::Mul(c[3], inv_r);
  const V s = hn::Mul(hn::MulAdd(hn::Set(d, 2.5f), dqd_r5, m_r), inv_r2);
  a.ax = hn::Add(a.ax, hn::NegMulAdd(qx, inv_r5, hn::Mul(dx, s)));
  a.ay = hn::Add(a.ay, hn::NegMulAdd(qy, inv_r5, hn::Mul(dy, s)));
  a.az = hn::Add(a.az, hn::NegMulAdd(qz, inv_r5, hn::Mul(dz, s)));
  a.pot = hn::Sub(a.pot, hn::MulAdd(hn::Set(d, 0.5f), dqd_r5, m_r));
}

template <bool kMayBeZero>
void quads(const TargetsSoA<float>& t, const QuadCellsSoA& s, float eps2_scalar) {
  using D = hn::ScalableTag<float>;
  const D d;
  using V = hn::Vec<D>;
  const std::size_t lanes = hn::Lanes(d);
  const V eps2 = hn::Set(d, eps2_scalar);
  const float* fields[11] = {s.x, s.y, s.z, s.m, s.xx, s.yy, s.zz, s.xy, s.xz, s.yz, s.trace};
  for (std::size_t i = 0; i < t.n; i += kBlock * lanes) {
    V tx[kBlock], ty[kBlock], tz[kBlock];
    Acc<D> a[kBlock];
    for (std::size_t b = 0; b < kBlock; ++b) {
      tx[b] = hn::LoadU(d, t.x + i + b * lanes);
      ty[b] = hn::LoadU(d, t.y + i + b * lanes);
      tz[b] = hn::LoadU(d, t.z + i + b * lanes);
      a[b] = load_acc(d, t, i + b * lanes);
    }
    for (std::size_t j = 0; j < s.n; ++j) {
      V c[11];
      for (int f = 0; f < 11; ++f) c[f] = hn::Set(d, fields[f][j]);
      for (std::size_t b = 0; b < kBlock; ++b) {
        quad_term<kMayBeZero>(d, tx[b], ty[b], tz[b], c, eps2, a[b]);
      }
    }
    for (std::size_t b = 0; b < kBlock; ++b) store_acc(d, a[b], t, i + b * lanes);
  }
}

void QuadsF(const TargetsSoA<float>& t, const QuadCellsSoA& s, float eps2) {
  if (eps2 > 0.0f) {
    quads<false>(t, s, eps2);
  } else {
    quads<true>(t, s, eps2);
  }
}

const char* TargetNameHere() { return hwy::TargetName(HWY_TARGET); }

}  // namespace galaxy::cpu::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace galaxy::cpu {

HWY_EXPORT(PointsF);
HWY_EXPORT(PointsD);
HWY_EXPORT(QuadsF);
HWY_EXPORT(TargetNameHere);

void add_point_forces(const TargetsSoA<float>& t, const PointsSoA<float>& s, float eps2) {
  HWY_DYNAMIC_DISPATCH(PointsF)(t, s, eps2);
}
void add_point_forces(const TargetsSoA<double>& t, const PointsSoA<double>& s, double eps2) {
  HWY_DYNAMIC_DISPATCH(PointsD)(t, s, eps2);
}
void add_quadrupole_forces(const TargetsSoA<float>& t, const QuadCellsSoA& s, float eps2) {
  HWY_DYNAMIC_DISPATCH(QuadsF)(t, s, eps2);
}
const char* simd_target_name() { return HWY_DYNAMIC_DISPATCH(TargetNameHere)(); }
std::vector<std::int64_t> simd_targets() { return hwy::SupportedAndGeneratedTargets(); }
void restrict_simd_target(std::int64_t target) { hwy::SetSupportedTargetsForTest(target); }

}  // namespace galaxy::cpu
#endif
