// SPDX-License-Identifier: MIT
// Stage 6 on the CPU: the leapfrog's kicks and drift, and the runaway check of a finished step.
#pragma once

#include <chrono>

#include "bodies.hpp"
#include "runaway.hpp"
#include "wall_clock.hpp"

namespace galaxy {

void kick(HostBodies& b, float half_dt);  // v += a half_dt
void drift(HostBodies& b, float dt);      // x += v dt
// Bodies whose position, velocity or acceleration ran away (runaway.hpp's kinds): sets r.count,
// r.kinds and the first few r.bodies; r.count is 0 for a good step.
void find_runaways(const HostBodies& b, Runaway& r);

// One kick-drift-kick step of `b`, `forces()` computing the accelerations at the drifted
// positions; returns the milliseconds of the kicks and the drift (the forces time themselves).
template <class Forces>
float leapfrog(HostBodies& b, float dt, Forces&& forces) {
  auto t0 = std::chrono::steady_clock::now();
  kick(b, 0.5f * dt);
  drift(b, dt);
  float ms = ms_since(t0);
  forces();
  t0 = std::chrono::steady_clock::now();
  kick(b, 0.5f * dt);
  return ms + ms_since(t0);
}

}  // namespace galaxy
