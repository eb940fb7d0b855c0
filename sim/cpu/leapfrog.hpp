// SPDX-License-Identifier: MIT
// The integrator on the host: the leapfrog (kick-drift-kick) in REBOUND's shape
// (integrator_leapfrog.c's part1 and part2 around the force calculation). The one place the
// host's phases are named and ordered: CpuSimulation and the MPI backend's CPU ranks step through
// leapfrog_step; the device's phases, by the same names, are sim/cuda/leapfrog.cuh's.
#pragma once

#include <chrono>

#include "bodies.hpp"
#include "wall_clock.hpp"

namespace galaxy {

// Part 1: the opening kick with the last pass's accelerations (v += a dt/2) and, where the
// bodies have gas, du/dt (u += du/dt dt/2, kept at `u_floor` or above), then the drift
// (x += v dt).
void leapfrog_part1(HostBodies& b, float dt, float u_floor = 0);
// Part 2: the closing kick with the accelerations at the drifted positions (v += a dt/2, and u
// as in part 1), so that velocities and positions belong to the same time at the step's end (the
// diagnostics and the saves read them there).
void leapfrog_part2(HostBodies& b, float dt, float u_floor = 0);

// One step of `b`: part 1, `forces()` (the accelerations of all force terms at the drifted
// positions: cpu/force_terms.hpp), part 2. Returns the milliseconds of the two parts (the force
// terms time themselves).
template <class Forces>
float leapfrog_step(HostBodies& b, float dt, Forces&& forces, float u_floor = 0) {
  auto t0 = std::chrono::steady_clock::now();
  leapfrog_part1(b, dt, u_floor);
  float ms = ms_since(t0);
  forces();
  t0 = std::chrono::steady_clock::now();
  leapfrog_part2(b, dt, u_floor);
  return ms + ms_since(t0);
}

}  // namespace galaxy
