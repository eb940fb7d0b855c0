// SPDX-License-Identifier: MIT
// The colour maps' device side (issue 14): the error map's exact sums (error_map.cu), the cost
// map (force.cu's counting walk, launch_walk_costs) and the values the vertex writers draw in
// place of the speed. CudaBackend holds one ColourMapBuffers and delegates to it.
#pragma once

#include <cstdint>
#include <vector>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

class ColourMapBuffers {
 public:
  // Relative errors of the accelerations in b.acc against direct sums at b.pos, in the user's
  // order: every body when ids is empty, else the bodies random_sample(n, max_bodies, seed) draws
  // (ids[k]: slot k's index in the user's order) and NaN for the others. Waits for the result.
  std::vector<float> errors(const ConstBodiesView& b, const std::vector<int>& ids,
                            std::size_t max_bodies, std::uint64_t seed, float softening,
                            cudaStream_t s);
  // The cost map of the newest Barnes-Hut pass (launch_walk_costs), in the user's order.
  std::vector<float> costs(const BodiesView& b, const TreeView& t, int multipole, float alpha,
                           const WalkScratch& w, cudaStream_t s);
  // Values by the user's order; throws std::invalid_argument unless there are n of them.
  void set_values(const std::vector<float>& by_id, int n, cudaStream_t s);
  void clear() { values_.resize(0); }
  bool has_values() const { return values_.size() > 0; }
  // After launch_vertices: w of each vertex (tree order) becomes its body's value, if any are set.
  void write_values(const ConstBodiesView& b, float* xyzs, cudaStream_t s) const;

 private:
  DeviceBuffer<float> values_;  // by the user's order; empty: draw the speed
  DeviceBuffer<float> out_;     // the maps' results, by the user's order
  DeviceBuffer<int> targets_;   // the error map's sample, in tree order
};

}  // namespace galaxy::cuda
