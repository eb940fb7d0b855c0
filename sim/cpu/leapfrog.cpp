// SPDX-License-Identifier: MIT
#include "cpu/leapfrog.hpp"

#include <algorithm>

#include "cpu/parallel.hpp"

namespace galaxy {

namespace {

void kick(HostBodies& b, float half_dt) {  // v += a half_dt
  cpu::parallel_for(b.size(), 16384, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      b.vx[i] += b.ax[i] * half_dt;
      b.vy[i] += b.ay[i] * half_dt;
      b.vz[i] += b.az[i] * half_dt;
    }
  });
}

void kick_u(HostBodies& b, float half_dt, float u_floor) {  // u += du/dt half_dt
  if (!b.has_gas()) return;
  cpu::parallel_for(b.size(), 16384, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      if (b.is_gas(i)) b.u[i] = std::max(b.u[i] + b.dudt[i] * half_dt, u_floor);
    }
  });
}

void drift(HostBodies& b, float dt) {  // x += v dt
  cpu::parallel_for(b.size(), 16384, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      b.x[i] += b.vx[i] * dt;
      b.y[i] += b.vy[i] * dt;
      b.z[i] += b.vz[i] * dt;
    }
  });
}

}  // namespace

void leapfrog_part1(HostBodies& b, float dt, float u_floor) {
  kick(b, 0.5f * dt);
  kick_u(b, 0.5f * dt, u_floor);
  drift(b, dt);
}

void leapfrog_part2(HostBodies& b, float dt, float u_floor) {
  kick(b, 0.5f * dt);
  kick_u(b, 0.5f * dt, u_floor);
}

}  // namespace galaxy
