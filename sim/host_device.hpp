// SPDX-License-Identifier: MIT
// GALAXY_HD marks a function that the CPU backend and the CUDA kernels share: __host__ __device__
// under nvcc, inline elsewhere. Headers with such functions (physics.hpp, runaway.hpp,
// diagnostics.hpp) hold the one copy of that maths.
#pragma once

#include <cmath>

#if defined(__CUDACC__)
#define GALAXY_HD __host__ __device__ __forceinline__
#else
#define GALAXY_HD inline
#endif

namespace galaxy {

GALAXY_HD bool finite3(float x, float y, float z) {
#if defined(__CUDA_ARCH__)
  return isfinite(x) && isfinite(y) && isfinite(z);
#else
  return std::isfinite(x) && std::isfinite(y) && std::isfinite(z);
#endif
}

}  // namespace galaxy
