// SPDX-License-Identifier: MIT
// Issue 46, item 10: a merger's dense core makes steps several times slower with no setting
// changed, and nothing said why. StepCost compares each drawn step with the run's first ones.
#include <gtest/gtest.h>

#include <string>

#include "run/step_cost.hpp"

namespace galaxy {
namespace {

using app::StepCost;

// The baseline: eight steps of 10 ms and 100 interactions a body, 1000 bodies at theta 0.7.
StepCost started(const StepCost::Setting& at) {
  StepCost cost;
  for (std::size_t k = 0; k < StepCost::kBaseline; ++k) cost.record(10.0, 100.0 * 1000, at);
  return cost;
}

const StepCost::Setting kAt{1000, 0.7f, 0.05f};

TEST(StepCost, ADenseCoreSaysHowMuchSlowerWhyAndWhatToChange) {
  StepCost cost = started(kAt);
  EXPECT_EQ(cost.line(), "") << "as at the start";
  cost.record(30.0, 300.0 * 1000, kAt);
  const std::string line = cost.line();
  EXPECT_NE(line.find("3.0x as long"), std::string::npos) << line;
  EXPECT_NE(line.find("3.0x as many cells"), std::string::npos) << line;
  EXPECT_NE(line.find("theta (now 0.7)"), std::string::npos) << line;
  cost.record(12.0, 110.0 * 1000, kAt);
  EXPECT_EQ(cost.line(), "") << "the core has spread again";
}

TEST(StepCost, ASlowerStepWithoutMoreCellsIsNotACore) {
  StepCost cost = started(kAt);
  cost.record(40.0, 100.0 * 1000, kAt);  // a busy machine, not a dense core
  EXPECT_EQ(cost.line(), "");
  cost.record(10.0, 400.0 * 1000, kAt);  // more cells, but no slower (a fast GPU's spare room)
  EXPECT_EQ(cost.line(), "");
}

TEST(StepCost, NothingBeforeTheBaselineAndANewSettingStartsOver) {
  StepCost cost;
  for (int k = 0; k < 4; ++k) cost.record(10.0, 1e5, kAt);
  cost.record(50.0, 5e5, kAt);
  EXPECT_EQ(cost.line(), "") << "five steps are no baseline yet";
  for (int k = 0; k < 3; ++k) cost.record(10.0, 1e5, kAt);  // the eighth: 10 ms the median
  cost.record(50.0, 5e5, kAt);
  EXPECT_NE(cost.line(), "") << "now it is";
  cost = started(kAt);
  StepCost::Setting larger = kAt;
  larger.theta = 1.0f;
  cost.record(30.0, 3e5, larger);
  EXPECT_EQ(cost.line(), "") << "a new theta is a new baseline";
  cost = started(kAt);
  cost.reset();
  cost.record(30.0, 3e5, kAt);
  EXPECT_EQ(cost.line(), "") << "a new run too";
}

}  // namespace
}  // namespace galaxy
