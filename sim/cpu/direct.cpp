// SPDX-License-Identifier: MIT
// The direct sum in double: every target against every body through the SIMD kernel of the tree
// walk (kernels.hpp, double lanes, exact square root and quotient), chunks of targets spread over
// the pool. The self pair is left in the sum and its softened self-potential -m / eps taken back
// out (with eps = 0 the kernel skips it), so the loop needs no test per pair.
#include "cpu/direct.hpp"

#include <algorithm>
#include <cmath>

#include "cpu/kernels.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

namespace {

constexpr std::size_t kChunk = 64;  // targets a task

struct SourcesD {
  std::vector<double> x, y, z, m;
  explicit SourcesD(const HostBodies& b)
      : x(b.x.begin(), b.x.end()), y(b.y.begin(), b.y.end()), z(b.z.begin(), b.z.end()),
        m(b.m.begin(), b.m.end()) {}
  cpu::PointsSoA<double> view() const { return {x.data(), y.data(), z.data(), m.data(), x.size()}; }
};

// Sums the pull of the sources at the points xyz[3 k ..] for k < count into out[0..count) (the
// self pair of a point at a source included: no force, a potential of -m / eps).
void direct_chunk(const float* xyz, std::size_t count, const SourcesD& s, double eps2,
                  AccelD* out) {
  const std::size_t padded = cpu::pad_targets(count);
  double buf[7][cpu::pad_targets(kChunk)] = {};
  for (std::size_t k = 0; k < padded; ++k) {
    const float* p = xyz + 3 * (k < count ? k : 0);  // padding lanes repeat the first target
    buf[0][k] = p[0], buf[1][k] = p[1], buf[2][k] = p[2];
  }
  cpu::add_point_forces(
      cpu::TargetsSoA<double>{buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], count},
      s.view(), eps2);
  for (std::size_t k = 0; k < count; ++k) out[k] = {buf[3][k], buf[4][k], buf[5][k], buf[6][k]};
}

std::vector<AccelD> sums_at(const SourcesD& s, const std::vector<float>& xyz, float softening) {
  const std::size_t count = xyz.size() / 3;
  std::vector<AccelD> out(count);
  const double eps2 = double(softening) * softening;
  const int chunks = static_cast<int>((count + kChunk - 1) / kChunk);
  cpu::parallel_tasks(chunks, [&](int c, int) {
    const std::size_t begin = std::size_t(c) * kChunk;
    direct_chunk(xyz.data() + 3 * begin, std::min(kChunk, count - begin), s, eps2,
                 out.data() + begin);
  });
  return out;
}

// The targets' own pairs taken back out of their potentials.
std::vector<AccelD> direct_sum(const HostBodies& b, const std::vector<int>& targets,
                               float softening) {
  if (targets.empty()) return {};
  std::vector<float> xyz(3 * targets.size());
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const auto j = static_cast<std::size_t>(targets[k]);
    xyz[3 * k] = b.x[j], xyz[3 * k + 1] = b.y[j], xyz[3 * k + 2] = b.z[j];
  }
  std::vector<AccelD> out = sums_at(SourcesD(b), xyz, softening);
  const double inv_eps = softening > 0 ? 1.0 / double(softening) : 0.0;
  for (std::size_t k = 0; k < targets.size(); ++k) out[k].pot += double(b.m[targets[k]]) * inv_eps;
  return out;
}

}  // namespace

void direct_forces_cpu(HostBodies& b, float softening) {
  std::vector<int> all(b.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  const std::vector<AccelD> a = direct_sum(b, all, softening);
  for (std::size_t i = 0; i < a.size(); ++i) {
    b.ax[i] = static_cast<float>(a[i].ax);
    b.ay[i] = static_cast<float>(a[i].ay);
    b.az[i] = static_cast<float>(a[i].az);
    b.pot[i] = static_cast<float>(a[i].pot);
  }
}

std::vector<AccelD> direct_sums_at(const HostBodies& sources, const std::vector<float>& xyz,
                                   float softening) {
  if (xyz.empty()) return {};
  return sums_at(SourcesD(sources), xyz, softening);
}

std::vector<AccelD> direct_forces_cpu_sample(const HostBodies& b, const std::vector<int>& targets,
                                             float softening) {
  return direct_sum(b, targets, softening);
}

}  // namespace galaxy
