// SPDX-License-Identifier: MIT
#include "cpu/leapfrog.hpp"

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

void leapfrog_part1(HostBodies& b, float dt) {
  kick(b, 0.5f * dt);
  drift(b, dt);
}

void leapfrog_part2(HostBodies& b, float dt) { kick(b, 0.5f * dt); }

}  // namespace galaxy
