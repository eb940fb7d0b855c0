// SPDX-License-Identifier: MIT
// The memory preflight (sim/memory.hpp) against what the CUDA backend really allocates: the
// device's free memory (cudaMemGetInfo) before a 10M-body Barnes-Hut run (GALAXY_MEMORY_BODIES
// bodies where set: 100000000 for the figure in docs/limits.md) and after its first steps, against
// device_bytes_per_body() x N + kDeviceFixedBytes. The preflight refuses runs and states the
// largest N from that figure, so it must match a real run within 10%. Skips without a CUDA
// device.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "memory.hpp"
#include "scenarios/plummer.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

TEST(GpuMemory, ThePreflightsBytesABodyAreWhatA10MRunUsesWithinTenPercent) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  const char* env = std::getenv("GALAXY_MEMORY_BODIES");
  const std::size_t n = env ? std::strtoull(env, nullptr, 10) : 10'000'000;
  ASSERT_GT(n, 1'000'000u) << "GALAXY_MEMORY_BODIES: a count above a million";
  const HostBodies b = make_plummer(n, 3);
  cuda_device_memory_free();  // the context exists before the first reading
  const std::size_t before = cuda_device_memory_free();
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  sim->reset(b);
  for (int k = 0; k < 2; ++k) sim->step();
  sim->synchronize();
  const std::size_t after = cuda_device_memory_free();
  ASSERT_GT(before, after);
  const double used = double(before - after);
  const double estimate = double(device_bytes_per_body(false)) * n + double(kDeviceFixedBytes);
  std::printf("%zu bodies: %.2f GB in use on the device (%.1f bytes a body); the preflight "
              "counts %.2f GB (%.0f a body and %.0f MB)\n",
              n, used / 1e9, used / n, estimate / 1e9, double(device_bytes_per_body(false)),
              double(kDeviceFixedBytes) / 1e6);
  EXPECT_NEAR(used / estimate, 1.0, 0.10);
#else
  GTEST_SKIP() << "skipped: galaxy was built without CUDA";
#endif
}

}  // namespace
}  // namespace galaxy
