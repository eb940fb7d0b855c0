// SPDX-License-Identifier: MIT
// A simulation on the CUDA backend for the GPU tests (test_gpu_*.cpp) with the given solver and
// parameters; callers skip first (REQUIRE_CUDA) where no device is present.
#pragma once

#include <memory>

#include "simulation.hpp"

namespace galaxy::test_support {

inline std::unique_ptr<Simulation> cuda_sim(Solver s, const SimParams& p = {}) {
  return make_simulation(Backend::Cuda, s, p);
}

}  // namespace galaxy::test_support
