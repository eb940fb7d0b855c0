// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "median.hpp"

namespace galaxy {
namespace {

TEST(Median, OddEvenEmptyAndUnsorted) {
  EXPECT_EQ(median(std::vector<double>{}), 0.0);
  EXPECT_EQ(median(std::vector<double>{4.0}), 4.0);
  EXPECT_EQ(median(std::vector<double>{9.0, 1.0, 5.0}), 5.0);
  EXPECT_EQ(median(std::vector<double>{8.0, 1.0, 4.0, 2.0}), 3.0);  // the mean of the middle two
  EXPECT_EQ(median(std::vector<float>{3.0f, 3.0f, 1.0f, 7.0f}), 3.0);
  EXPECT_EQ(median(std::vector<std::uint64_t>{10, 20}), 15.0);
}

}  // namespace
}  // namespace galaxy
