// SPDX-License-Identifier: MIT
// The CPU walk's group expansion (sim/expansion.hpp): the far cells a group's walk takes into one
// Taylor series about the group's centre, decided as the GPU walk decides them, summed in double
// and evaluated at each of the group's bodies (force.cpp's evaluate_group).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>

#include "cpu/kernels.hpp"
#include "cpu/walk.hpp"
#include "expansion.hpp"

namespace galaxy::cpu {

// The group expansion of far cells (expansion.hpp), as the GPU walk decides it: its terms summed
// in double, and the cells taken.
struct GroupExpansion {
  double terms[physics::kExpansionTerms] = {};
  std::size_t cells = 0;
  float radius = 0, alpha_accel = 0;  // the group's (the decision's inputs)
  // For a group of box `box` and alpha |a| `a` in a walk over `bodies` own bodies with `w`: off
  // (alpha_accel 0) without the relative test or below physics::kExpansionMinBodies.
  void clear(const GroupBox& box, float a, const WalkParams& w, std::size_t bodies) {
    std::fill(std::begin(terms), std::end(terms), 0.0);
    cells = 0;
    radius = std::sqrt(box.bx * box.bx + box.by * box.by + box.bz * box.bz);
    alpha_accel = w.relative && physics::expansion_on(static_cast<long>(bodies)) ? a : 0.0f;
  }
  // Takes the cell when the walk would: with quadrupoles and the relative test, far enough.
  bool take(const WalkNode& n, const physics::Quadrupole& q, float dx, float dy, float dz,
            float eps2) {
    const float dist2 = dx * dx + dy * dy + dz * dz;
    if (!physics::into_expansion(n.mass, q.trace, n.extent, radius, dist2, alpha_accel)) {
      return false;
    }
    const auto b = physics::expansion_basis<double>(dx, dy, dz, n.mass, q, eps2);
    physics::for_each_expansion_term(b, [&](int k, double v) { terms[k] += v; });
    ++cells;
    return true;
  }
  // The group's expansion at each of its bodies.
  void add_to(const TargetsSoA<float>& t) const {
    for (std::size_t i = 0; i < t.n; ++i) {
      physics::Accum<double> a;
      physics::add_expansion(a, terms, double(t.x[i]), double(t.y[i]), double(t.z[i]));
      t.ax[i] += float(a.ax), t.ay[i] += float(a.ay), t.az[i] += float(a.az);
      t.pot[i] += float(a.pot);
    }
  }
};

}  // namespace galaxy::cpu
