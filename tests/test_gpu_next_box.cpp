// SPDX-License-Identifier: MIT
// The closing kick's prediction of the next pass's bounding box (cuda/leapfrog.cu, pipeline.cu):
// a run that steps on with the predicted box must be bit for bit the run that computes every box
// itself (a box one bit off moves the Morton cube, the tree and every force). The second run
// re-uploads its own accelerations before each step, which changes nothing but makes the
// backend forget the prediction. Skips without a CUDA device.
#include <gtest/gtest.h>

#include <string>

#include "scenarios/plummer.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#if GALAXY_HAVE_CUDA
#include "cuda/cuda_simulation.hpp"
#endif

namespace galaxy {
namespace {

TEST(GpuNextBox, StepsWithThePredictedBoxAreTheStepsThatComputeIt) {
#if GALAXY_HAVE_CUDA
  REQUIRE_CUDA();
  const HostBodies init = make_plummer(50'000, 4);
  auto predicted = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  auto computed = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  predicted->reset(init);
  computed->reset(init);
  for (int k = 0; k < 12; ++k) {
    predicted->step();
    computed->restore_forces(computed->download());  // the same values; the prediction is gone
    computed->step();
  }
  const HostBodies a = predicted->download(), b = computed->download();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a.x[i], b.x[i]) << i;
    ASSERT_EQ(a.vy[i], b.vy[i]) << i;
    ASSERT_EQ(a.az[i], b.az[i]) << i;
    ASSERT_EQ(a.pot[i], b.pot[i]) << i;
  }
#else
  GTEST_SKIP() << "skipped: galaxy was built without CUDA";
#endif
}

}  // namespace
}  // namespace galaxy
