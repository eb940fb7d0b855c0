// SPDX-License-Identifier: MIT
// Keyframes over the ranks (rank_state.hpp): each rank keeps its share of the state under rank
// 0's id, exactly what its next passes read, so that a way back replays the run bit for bit: the
// bodies in their order and, for the next decomposition, the CPU ranks' per-body walk costs or
// the device rank's cuts and samples' costs (cuda/rank_keyframes.cu).
#include <mpi.h>

#include <exception>
#include <new>
#include <string>

#include "mpi/collectives.hpp"
#include "mpi/rank_state.hpp"

namespace galaxy::mpi {

std::size_t RankState::Kept::bytes() const {
  if (device) return device->bytes();
  std::size_t b = ids.capacity() * sizeof(std::uint64_t) + cost.capacity() * sizeof(float);
  for_each_array(bodies, [&](const auto& v) { b += v.capacity() * sizeof(v[0]); });
  return b;
}

void RankState::forget(std::vector<std::uint64_t>& ids) {
  broadcast_vector(ids);
  for (std::uint64_t id : ids) kept_.erase(id);
}

std::string RankState::capture(std::uint64_t id, std::vector<std::uint64_t> forget_ids,
                               std::size_t& bytes) {
  forget(forget_ids);
  std::string why;
  Kept& k = kept_[id];
  try {
    if (device_) {
      k.device = device_->capture(std::move(k.device));
    } else {
      k.bodies = bodies_, k.ids = ids_, k.cost = cost_;
    }
  } catch (const std::bad_alloc&) {
    why = "out of host memory";
  } catch (const std::exception& e) {
    why = e.what();
  }
  k.total = total_, k.time = time_, k.steps = steps_, k.have_accel = have_accel_;
  const bool ok = all_true(why.empty());
  why = first_failure(why);
  if (!ok) {
    kept_.erase(id);
    return why;  // on rank 0, a rank's message
  }
  std::uint64_t mine = k.bytes(), sum = 0, most = 0;
  MPI_Allreduce(&mine, &sum, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&mine, &most, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  bytes = device_ ? most : sum;
  return "";
}

// Room first on every rank (the copies the CPU ranks take, a device rank's arrays); only when
// all have it does any rank take the keyframe's state.
std::string RankState::restore(std::uint64_t id, std::vector<std::uint64_t> forget_ids) {
  forget(forget_ids);
  std::string why;
  const auto it = kept_.find(id);
  Kept copy;
  try {
    if (it == kept_.end()) {
      why = "no keyframe " + std::to_string(id) + " here";
    } else if (device_) {
      device_->room_for(*it->second.device);
    } else {
      copy.bodies = it->second.bodies, copy.ids = it->second.ids, copy.cost = it->second.cost;
    }
  } catch (const std::bad_alloc&) {
    why = "out of host memory";
  } catch (const std::exception& e) {
    why = e.what();
  }
  const bool ok = all_true(why.empty());
  why = first_failure(why);
  if (!ok) return why;
  const Kept& k = it->second;
  if (device_) {
    device_->restore(*k.device);
  } else {
    bodies_ = std::move(copy.bodies), ids_ = std::move(copy.ids), cost_ = std::move(copy.cost);
  }
  total_ = k.total, time_ = k.time, steps_ = k.steps, have_accel_ = k.have_accel;
  runaway_.reset();
  return "";
}

}  // namespace galaxy::mpi
