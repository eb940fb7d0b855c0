// SPDX-License-Identifier: MIT
// The host's hydrodynamic force term (cpu/hydro.hpp): its three stages in order, after the
// prediction of the gas bodies' velocities and internal energies to the pass's time.
#include "cpu/hydro.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "wall_clock.hpp"

namespace galaxy {

// The pass's positions are at the step's end; its velocities half a step behind, and its
// accelerations and du/dt the last pass's: GADGET-2's prediction v + a dt/2, u + du/dt dt/2.
void CpuHydro::prepare(const HostBodies& b, const ForcePass& p) {
  const auto t0 = std::chrono::steady_clock::now();
  tree_.build(b);
  state_.resize(tree_.size());
  const float half = 0.5f * p.dt;
  for (std::size_t k = 0; k < tree_.size(); ++k) {
    const auto i = static_cast<std::size_t>(tree_.gas[k]);
    state_.vx[k] = b.vx[i] + b.ax[i] * half;
    state_.vy[k] = b.vy[i] + b.ay[i] * half;
    state_.vz[k] = b.vz[i] + b.az[i] * half;
    state_.u[k] = std::max(b.u[i] + b.dudt[i] * half, params_.u_floor);
  }
  last_ms_ = ms_since(t0);
}

void CpuHydro::accelerations(HostBodies& b, const ForcePass&) {
  courant_dt_ = std::numeric_limits<float>::infinity();
  if (tree_.size() == 0) return;
  const auto t0 = std::chrono::steady_clock::now();
  cpu::sph_density(tree_, b, state_, params_);
  tree_.refresh_h(b);  // the force stage's symmetric walks reach each body's new h
  courant_dt_ = cpu::sph_forces(tree_, b, state_, params_);
  last_ms_ += ms_since(t0);
}

}  // namespace galaxy
