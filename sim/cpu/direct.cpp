// SPDX-License-Identifier: MIT
#include "cpu/direct.hpp"

#include "physics.hpp"

namespace galaxy {

namespace {
AccelD direct_one(const HostBodies& b, int i, double eps2) {
  physics::Accum<double> acc;
  const double px = b.x[i], py = b.y[i], pz = b.z[i];
  const int n = static_cast<int>(b.size());
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    physics::interact<double>(acc, double(b.x[j]) - px, double(b.y[j]) - py, double(b.z[j]) - pz,
                              double(b.m[j]), eps2);
  }
  return {acc.ax, acc.ay, acc.az, acc.pot};
}
}  // namespace

void direct_forces_cpu(HostBodies& b, float softening) {
  const int n = static_cast<int>(b.size());
  const double eps2 = double(softening) * softening;
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = 0; i < n; ++i) {
    const AccelD a = direct_one(b, i, eps2);
    b.ax[i] = static_cast<float>(a.ax);
    b.ay[i] = static_cast<float>(a.ay);
    b.az[i] = static_cast<float>(a.az);
    b.pot[i] = static_cast<float>(a.pot);
  }
}

std::vector<AccelD> direct_forces_cpu_sample(const HostBodies& b, const std::vector<int>& targets,
                                             float softening) {
  std::vector<AccelD> out(targets.size());
  const double eps2 = double(softening) * softening;
  const int count = static_cast<int>(targets.size());
#pragma omp parallel for schedule(dynamic, 4)
  for (int k = 0; k < count; ++k) out[k] = direct_one(b, targets[k], eps2);
  return out;
}

}  // namespace galaxy
