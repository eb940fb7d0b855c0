// SPDX-License-Identifier: MIT
// The accuracy meter as a feature (app/features/accuracy_meter.hpp): its box is its own state,
// changed through its action; a measurement that arrives is shown and charted for its run; a new
// run hides the old errors.
#include <gtest/gtest.h>

#include "features/accuracy_meter.hpp"

namespace galaxy {
namespace {

TEST(AccuracyMeterFeature, ItsBoxMeasurementsAndChartAreItsOwn) {
  app::AccuracyMeter meter;
  EXPECT_FALSE(meter.every_3s());
  meter.apply({.every_3s = true});
  EXPECT_TRUE(meter.every_3s());
  meter.apply({.measure = true});
  EXPECT_TRUE(meter.every_3s()) << "a measure leaves the box as it is";
  const app::AccuracyRun run{300, "collision", "cpu/bh"};
  ErrorStats e;
  e.p99 = 2e-3;
  meter.arrived({e, 0.7f, 0.004f}, run, 4.0f);
  ASSERT_TRUE(meter.errors());
  EXPECT_EQ(meter.errors()->p99, 2e-3);
  const auto pts = meter.chart().points(run);
  ASSERT_EQ(pts.size(), 1u);
  EXPECT_EQ(pts[0].theta, 0.7f);
  EXPECT_EQ(pts[0].step_ms, 4.0f);
  meter.run_changed();
  EXPECT_FALSE(meter.errors()) << "another run's errors are not shown";
}

}  // namespace
}  // namespace galaxy
