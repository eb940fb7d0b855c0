// SPDX-License-Identifier: MIT
#include "cpu/runaways.hpp"

#include <vector>

#include "cpu/parallel.hpp"
#include "threads.hpp"

namespace galaxy {

namespace {
unsigned kinds_of(const HostBodies& b, int i) {
  return position_kinds(b.x[i], b.y[i], b.z[i]) | velocity_kinds(b.vx[i], b.vy[i], b.vz[i]) |
         acceleration_kinds(b.ax[i], b.ay[i], b.az[i]);
}
}  // namespace

void find_runaways(const HostBodies& b, Runaway& r) {
  const int n = static_cast<int>(b.size());
  struct Part {
    std::size_t count = 0;
    unsigned kinds = 0;
  };
  std::vector<Part> part(static_cast<std::size_t>(cpu_threads()));
  cpu::parallel_for(b.size(), 16384, [&](std::size_t begin, std::size_t end, int thread) {
    Part& p = part[static_cast<std::size_t>(thread)];
    for (std::size_t i = begin; i < end; ++i) {
      const unsigned k = kinds_of(b, static_cast<int>(i));
      p.count += k != 0;
      p.kinds |= k;
    }
  });
  std::size_t count = 0;
  unsigned kinds = 0;
  for (const Part& p : part) count += p.count, kinds |= p.kinds;
  r.count = count;
  r.kinds = kinds;
  r.bodies.clear();
  for (int i = 0; i < n && count > 0 && r.bodies.size() < std::size_t(kRunawayNamed); ++i) {
    if (kinds_of(b, i)) r.bodies.push_back(static_cast<std::size_t>(i));
  }
}

}  // namespace galaxy
