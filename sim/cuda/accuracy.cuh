// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "accuracy.hpp"
#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

// The accuracy meter for the bodies of `b` (tree order; ids[k] is slot k's index in the user's
// order): `samples` random bodies by that index, as Meters::measure_accuracy draws them.
ErrorStats measure_accuracy(const ConstBodiesView& b, const std::vector<int>& ids, float softening,
                            std::size_t samples, std::uint64_t seed, cudaStream_t s);

}  // namespace galaxy::cuda
