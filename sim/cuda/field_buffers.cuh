// SPDX-License-Identifier: MIT
// The body fields' device side (body_field_table.hpp): the values of the shown field by the user's
// order, which stay on the device; their statistics, reduced on the device (CUB); the kernels
// that compute the speed and the force error (the walk cost is force.cu's counting walk,
// launch_walk_costs); and the vertex writers' part, which draws the values in place of the speed.
// CudaBackend holds one FieldBuffers (cuda_field_values.cu says which field is computed how).
#pragma once

#include <cstdint>
#include <vector>

#include "body_field_table.hpp"
#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

class FieldBuffers {
 public:
  // n values by the user's order, all NaN (not computed), for field f to be computed into; the
  // vertex writers draw them (grey until written) from now on, in place of the speed.
  float* start(BodyField f, int n, cudaStream_t s);
  // Draw the live speed again.
  void clear() { values_.resize(0), field_ = BodyField::Speed; }
  BodyField field() const { return values_.size() > 0 ? field_ : BodyField::Speed; }
  // The values by the user's order (waits for them).
  std::vector<float> download(cudaStream_t s) const;

  // Statistics of the n values at `by_id` (NaN: not computed) on the device: the finite values
  // selected, radix-sorted and summed; four numbers come back.
  FieldStats stats(BodyField f, const float* by_id, int n, cudaStream_t s);

  // The kernels: |v| of every body, and the relative force errors of the accelerations in b.acc
  // against direct sums at b.pos, for every body when ids is empty, else for the bodies
  // random_sample(n, count, seed) draws (ids[k]: slot k's index in the user's order).
  void speeds(const ConstBodiesView& b, float* by_id, cudaStream_t s) const;
  void errors(const ConstBodiesView& b, const std::vector<int>& ids, std::size_t count,
              std::uint64_t seed, float softening, float* by_id, cudaStream_t s);

  // After launch_vertices (in the same order, `by_id` or tree order): w of each vertex becomes
  // its body's value (kNotComputed where NaN), if a field other than the speed is shown.
  void write_values(const ConstBodiesView& b, float* xyzs, bool by_id, cudaStream_t s) const;

 private:
  DeviceBuffer<float> values_;  // by the user's order; empty: draw the speed
  BodyField field_ = BodyField::Speed;
  DeviceBuffer<int> targets_;  // the error field's sample, in tree order
  // The statistics' scratch: the finite values, sorted, their count, sum and CUB's temporary.
  DeviceBuffer<float> finite_, sorted_;
  DeviceBuffer<int> count_{1};
  DeviceBuffer<double> sum_{1};
  DeviceBuffer<unsigned char> temp_;
};

}  // namespace galaxy::cuda
