// SPDX-License-Identifier: MIT
// A rank's share held on its CUDA device (RankState with --backend cuda; cuda/device_rank.hpp
// runs the pass): the pass with its reductions, a runaway over the ranks.
#include <mpi.h>

#include "mpi/collectives.hpp"
#include "mpi/rank_state.hpp"

namespace galaxy::mpi {

// One pass over all ranks on their devices; the stage times are this rank's (the decomposition
// as the sort, the local tree as the build, the walks and the trees' exchange as the force).
InteractionCounts RankState::device_pass(bool integrate) {
  timings_.ms = {};
  const InteractionCounts local = device_->pass(integrate, have_accel_, time_, steps_);
  pass_ = device_->times();
  timings_[Stage::Sort] = pass_.decompose;
  timings_[Stage::TreeBuild] = pass_.tree;
  timings_[Stage::Force] =
      pass_.local_walk + pass_.let_build + pass_.wait + pass_.remote_walk;
  std::uint64_t sums[3] = {local.body_body, local.body_cell, local.groups};
  MPI_Allreduce(MPI_IN_PLACE, sums, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  counts_ = {sums[0], sums[1], sums[2]};
  const auto k = static_cast<double>(world_size());
  double bytes[2] = {device_->let_bytes(), static_cast<double>(device_->size()) * (k - 1) * 16};
  MPI_Allreduce(MPI_IN_PLACE, bytes, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  report_.let_bytes = bytes[0];
  report_.all_bodies_bytes = bytes[1];
  have_accel_ = true;
  return counts_;
}

// Any rank's runaway sends every rank back to the state before the step.
void RankState::device_check_runaway() {
  std::vector<std::uint64_t> named;
  std::uint64_t count = 0;
  unsigned kinds = 0;
  device_->ran_away(named, count, kinds);
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &kinds, 1, MPI_UNSIGNED, MPI_BOR, MPI_COMM_WORLD);
  if (count == 0) return;
  name_runaway(count, kinds, named);
  device_->go_back();
}

}  // namespace galaxy::mpi
