// SPDX-License-Identifier: MIT
// The sum over a block's threads of each one's float64 pull on one point (the exact sums of the
// accuracy meter, direct.cu, and of a rank's share of an exact sample, rank_sample.cu).
#pragma once

#include <cub/block/block_reduce.cuh>

#include "kernels.cuh"

namespace galaxy::cuda {

// Every thread of the block calls it; thread 0 gets the totals.
template <int kBlock>
__device__ ExactAccel block_sum(const physics::Accum<double>& acc) {
  using Reduce = cub::BlockReduce<double, kBlock>;
  __shared__ typename Reduce::TempStorage tmp;
  const double ax = Reduce(tmp).Sum(acc.ax);
  __syncthreads();
  const double ay = Reduce(tmp).Sum(acc.ay);
  __syncthreads();
  const double az = Reduce(tmp).Sum(acc.az);
  __syncthreads();
  const double pot = Reduce(tmp).Sum(acc.pot);
  return ExactAccel{ax, ay, az, pot};
}

}  // namespace galaxy::cuda
