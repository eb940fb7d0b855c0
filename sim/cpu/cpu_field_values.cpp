// SPDX-License-Identifier: MIT
// The CPU backend's body-field values (body_field_table.hpp): how it computes each field, and the
// vertices that carry the shown field's values in place of the speed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "accuracy.hpp"
#include "cpu/cpu_simulation.hpp"
#include "reference.hpp"

namespace galaxy {

std::vector<float> CpuSimulation::compute_field(BodyField f, std::uint64_t seed,
                                                std::size_t max_bodies) const {
  const std::size_t n = bodies_.size();
  const HostBodies& b = bodies_;
  std::vector<float> v(n, std::numeric_limits<float>::quiet_NaN());
  switch (f) {
    case BodyField::Speed:
      for (std::size_t i = 0; i < n; ++i) {
        v[i] = std::sqrt(b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i] + b.vz[i] * b.vz[i]);
      }
      break;
    case BodyField::ForceError: {
      // The meter's sample for this seed and count (random_sample by reset index).
      const std::size_t count = std::min(max_bodies, sample_size(kErrorFieldPairs, n));
      const std::vector<int> targets = random_sample(n, count, seed);
      const std::vector<AccelD> ref = direct_forces_cpu_sample(b, targets, params_.softening);
      for (std::size_t k = 0; k < targets.size(); ++k) {
        const int i = targets[k];
        v[i] = static_cast<float>(relative_error(b.ax[i], b.ay[i], b.az[i], ref[k]));
      }
      break;
    }
    case BodyField::WalkCost:
      if (solver_ == Solver::Direct) {
        std::fill(v.begin(), v.end(), n > 0 ? static_cast<float>(n - 1) : 0.0f);
      } else {
        v = gravity_.walk_costs(bodies_);
      }
      break;
  }
  return v;
}

FieldStats CpuSimulation::show_field(BodyField f, std::uint64_t seed, std::size_t max_bodies) {
  const auto t0 = std::chrono::steady_clock::now();
  const bool live = field_info(f).refresh == FieldRefresh::Live;
  // Grey until computed: a failure leaves the field's bodies grey, not speeds drawn as values.
  field_ = f;
  if (live) {
    vertex_values_.clear();
  } else {
    vertex_values_.assign(bodies_.size(), std::numeric_limits<float>::quiet_NaN());
  }
  std::vector<float> v = compute_field(f, seed, max_bodies);
  FieldStats s = field_stats(f, v);
  if (!live) vertex_values_ = std::move(v);
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

std::vector<float> CpuSimulation::field_values() const {
  if (vertex_values_.empty()) return compute_field(BodyField::Speed, 0, kAllBodies);
  return vertex_values_;
}

// The bodies stay in reset()'s order here (the tree sorts an index, not the bodies).
void CpuSimulation::write_vertices_host(float* xyzs, std::uint8_t* tags) const {
  write_vertices_of(bodies_, xyzs, tags);
  if (vertex_values_.size() != bodies_.size()) return;
  for (std::size_t i = 0; i < vertex_values_.size(); ++i) xyzs[4 * i + 3] = drawable(vertex_values_[i]);
}

}  // namespace galaxy
