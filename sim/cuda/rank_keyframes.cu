// SPDX-License-Identifier: MIT
// A device rank's keyframes (device_rank.hpp's RankKeyframe): a device copy of its bodies in
// their order, with the host's record of what its next decomposition reads (the last cuts, the
// samples' walk costs), so that the passes after a way back repeat the original ones bit for bit.
#include <algorithm>
#include <memory>
#include <vector>

#include "rank_device.cuh"
#include "runaway.cuh"

namespace galaxy::cuda {

namespace {
struct DeviceRankKeyframe final : RankKeyframe {
  DeviceBodies::Saved bodies;
  std::vector<std::uint64_t> cuts;
  std::vector<float> sample_cost;
  std::size_t bytes() const override { return bodies.bytes(); }
};
}  // namespace

// A spare with room is written over; a new copy gets room for 1/64 more (the rank's count
// changes a little from step to step: the next capture into it then fits).
std::unique_ptr<RankKeyframe> RankDevice::capture(std::unique_ptr<RankKeyframe> spare) {
  std::unique_ptr<DeviceRankKeyframe> k(dynamic_cast<DeviceRankKeyframe*>(spare.get()));
  if (k) {
    spare.release();
  } else {
    k = std::make_unique<DeviceRankKeyframe>();
  }
  std::vector<float> costs = sample_costs();
  cudaStream_t s = stream_.get();
  const int n = bodies_.size();
  bodies_.save(k->bodies, s, n + n / 64);  // throws on out-of-memory, the state kept
  CUDA_CHECK(cudaStreamSynchronize(s));
  k->cuts = last_cuts_;
  k->sample_cost = std::move(costs);
  return k;
}

void RankDevice::room_for(const RankKeyframe& k) {
  make_room(static_cast<const DeviceRankKeyframe&>(k).bodies.size());
}

void RankDevice::restore(const RankKeyframe& k) {
  const auto& r = static_cast<const DeviceRankKeyframe&>(k);
  const int n = r.bodies.size();
  make_room(n);  // room_for made it: nothing is allocated here
  bodies_.set_size(n);
  tree_->set_bodies(n);
  cudaStream_t s = stream_.get();
  bodies_.load(r.bodies, s);
  launch_clear_runaway(record_.data(), s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  last_cuts_ = r.cuts;
  restored_costs_ = r.sample_cost;
  costs_known_ = false;  // the tree is not the keyframe's
}

}  // namespace galaxy::cuda
