// SPDX-License-Identifier: MIT
// Hydrodynamics on the host: the second force term (cpu/force_terms.hpp) beside gravity, the
// reference the GPU's is tested against. The formulas are sph.hpp's; its stages, in the order a
// pass runs them, one file each:
//   sph_tree.cpp     the gas bodies' octree (CpuOctree over the gas alone) and each cell's
//                    largest smoothing length, through which every neighbour is found;
//   sph_density.cpp  each gas body's smoothing length, density, grad-h term and Balsara switch;
//   sph_force.cpp    the pressure and viscous accelerations, du/dt and the Courant time step.
// The forces are those of the velocities and internal energies predicted to the drifted
// positions' time (GADGET-2's prediction, made in prepare()).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "cpu/force_terms.hpp"
#include "cpu/octree.hpp"
#include "sph.hpp"

namespace galaxy {

// The gas bodies' tree (sph_tree.cpp): their indices in the bodies, and their tree with each
// node's largest h, for the neighbour walks.
struct GasTree {
  std::vector<std::int32_t> gas;  // body index of each gas body, in body order
  HostBodies positions;           // the gas bodies' positions and masses, in that order
  CpuOctree tree;
  std::vector<float> h_max;  // per node: the largest h of its gas bodies
  // Builds the tree over the gas bodies of `b` (h_max from b.h: call refresh_h after a change).
  void build(const HostBodies& b);
  void refresh_h(const HostBodies& b);
  std::size_t size() const { return gas.size(); }
};

// Calls f(k) for every gas body k (an index into GasTree::gas) whose cell the walk does not skip
// and whose distance from (x, y, z) is below `reach` (or, with `symmetric`, below the larger of
// reach and its own h): the neighbours of a sphere. A stackless pre-order walk with skip pointers.
template <class F>
void for_each_neighbour(const GasTree& t, float x, float y, float z, float reach, bool symmetric,
                        F&& f);

// Per gas body (by GasTree index): what the density stage leaves for the force stage.
struct GasState {
  std::vector<float> omega;    // the grad-h term Omega_i
  std::vector<float> balsara;  // Balsara's switch
  std::vector<float> c;        // sound speed
  std::vector<float> p_over_rho2;  // P_i / (Omega_i rho_i^2)
  std::vector<float> vx, vy, vz, u;  // predicted to the pass's time (prepare())
  void resize(std::size_t n);
};

namespace cpu {
// Stage sph_density.cpp: every gas body's h (from its last value, or a first guess where 0),
// rho, Omega and Balsara switch into b and s. Throws std::runtime_error naming the body whose h
// does not converge.
void sph_density(const GasTree& t, HostBodies& b, GasState& s, const sph::SphParams& p);
// Stage sph_force.cpp: adds the hydrodynamic accelerations to b's, writes du/dt; returns the
// smallest Courant time step of the gas bodies.
float sph_forces(const GasTree& t, HostBodies& b, const GasState& s, const sph::SphParams& p);
}  // namespace cpu

class CpuHydro final : public ForceTerm {
 public:
  explicit CpuHydro(const sph::SphParams& p = {}) : params_(p) {}
  std::string_view name() const override { return "hydrodynamics"; }
  void prepare(const HostBodies& b, const ForcePass& p) override;
  void accelerations(HostBodies& b, const ForcePass& p) override;
  const sph::SphParams& params() const { return params_; }
  void set_params(const sph::SphParams& p) { params_ = p; }
  // The last pass's smallest Courant step (infinity with no gas).
  float courant_dt() const { return courant_dt_; }
  void restore_courant_dt(float dt) { courant_dt_ = dt; }  // a keyframe's
  float last_ms() const { return last_ms_; }

 private:
  sph::SphParams params_;
  GasTree tree_;
  GasState state_;
  float courant_dt_ = std::numeric_limits<float>::infinity();
  float last_ms_ = 0;
};

// ---- for_each_neighbour ----
template <class F>
void for_each_neighbour(const GasTree& t, float x, float y, float z, float reach, bool symmetric,
                        F&& f) {
  const auto& nodes = t.tree.nodes();
  const auto& order = t.tree.order();
  const HostBodies& g = t.positions;
  const int count = static_cast<int>(nodes.size());
  for (int n = 0; n < count;) {
    const CpuNode& node = nodes[static_cast<std::size_t>(n)];
    const float r = symmetric ? std::max(reach, t.h_max[static_cast<std::size_t>(n)]) : reach;
    float d2 = 0;
    const float p[3] = {x, y, z};
    for (int a = 0; a < 3; ++a) {
      const float d = std::max({node.box_lo[a] - p[a], p[a] - node.box_hi[a], 0.0f});
      d2 += d * d;
    }
    if (node.body_end == node.body_begin || d2 >= r * r) {
      n = node.skip;
      continue;
    }
    if (!node.leaf()) {
      ++n;
      continue;
    }
    for (int s = node.body_begin; s < node.body_end; ++s) {
      const int k = order[static_cast<std::size_t>(s)];
      const float dx = x - g.x[k], dy = y - g.y[k], dz = z - g.z[k];
      const float r2 = dx * dx + dy * dy + dz * dz;
      const float rk = symmetric ? std::max(reach, g.h[k]) : reach;
      if (r2 < rk * rk) f(k, dx, dy, dz, r2);
    }
    n = node.skip;
  }
}

}  // namespace galaxy
