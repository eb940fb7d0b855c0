// SPDX-License-Identifier: MIT
// The force walk's group expansion on a warp (force.cu): each lane's accepted far cell as the 20
// terms of the series about the group's centre (sim/expansion.hpp), summed over the warp, and
// the sum evaluated for every lane's bodies. Included by force.cu only.
#pragma once

#include <utility>

#include "../expansion.hpp"
#include "walk.cuh"

namespace galaxy::cuda::walk_detail {

// The warp's sum of the group expansion's 20 terms is spread over its lanes by recursive halving
// (21 shuffles, against 100 for a butterfly sum of each term: 10M bodies 25.8 -> 24.6 ms a step
// on an H200): in each round a lane keeps the half of its terms its bit of the lane number
// selects and adds its partner's, so that lane term_lane(k) ends with the sum of term k (the 5
// terms left after the rounds of 16 and 8 are split 3 + 2, padded: 12 lanes hold no term).
__host__ __device__ constexpr int term_lane(int k) {
  const int r = k % 10, r5 = r % 5, j = r5 % 3;
  return 16 * (k / 10) + 8 * (r / 5) + 4 * (r5 / 3) + 2 * (j / 2) + j % 2;
}

// One round: the `half` kept of 2 * half values (v[i], v[i + half]: the upper where `upper`),
// each with its partner's (lane ^ mask) added.
template <int kHalf, int kIn>
__device__ __forceinline__ void halve(const float (&v)[kIn], float (&out)[kHalf], bool upper,
                                      int mask) {
#pragma unroll
  for (int i = 0; i < kHalf; ++i) {
    const float lo = v[i], hi = i + kHalf < kIn ? v[i + kHalf] : 0.0f;
    out[i] = (upper ? hi : lo) + __shfl_xor_sync(kAll, upper ? lo : hi, mask);
  }
}

// Each lane's cell v (where `mine`; zeros elsewhere) as the 20 terms of the group expansion
// (expansion.hpp), summed over the warp into lane term_lane(k)'s `local`.
__device__ __forceinline__ void expand_cells(const Visit& v, bool mine, const TreeView& t,
                                             float eps2, int lane, float& local) {
  physics::ExpansionBasis<float> basis{};
  if (mine) {
    const float4 a = t.quad[2 * v.node], b = t.quad[2 * v.node + 1];
    const physics::Quadrupole q{a.x, a.y, a.z, a.w, b.x, b.y, b.z};
    basis = physics::expansion_basis(v.c.x, v.c.y, v.c.z, v.c.w, q, eps2);
  }
  // The first round makes each pair of terms as it goes, so that few are live at once.
  float w[10], x[5], y[3], z[2], u[1];
  const bool upper = lane & 16;
  [&]<int... I>(std::integer_sequence<int, I...>) {
    ((w[I] = [&] {
       const float lo = physics::expansion_term<I>(basis);
       const float hi = physics::expansion_term<I + 10>(basis);
       return (upper ? hi : lo) + __shfl_xor_sync(kAll, upper ? lo : hi, 16);
     }()),
     ...);
  }(std::make_integer_sequence<int, 10>{});
  halve(w, x, lane & 8, 8);
  halve(x, y, lane & 4, 4);
  halve(y, z, lane & 2, 2);
  halve(z, u, lane & 1, 1);
  local += u[0];
}

// The group's expansion (term k in lane term_lane(k)'s `local`) added to every lane's bodies, a
// term at a time (few registers live).
template <int kPerLane>
__device__ __forceinline__ void add_local(Targets<kPerLane>& t, float local) {
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const physics::Offset<float> o(t.x[j], t.y[j], t.z[j]);
    physics::for_each_term_index([&](auto k) {
      constexpr int from = term_lane(k());
      physics::add_expansion_term<k()>(t.acc[j], __shfl_sync(kAll, local, from), o);
    });
  }
}

}  // namespace galaxy::cuda::walk_detail
