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

TEST(Median, QuantileOfASortedSample) {
  EXPECT_EQ(quantile_sorted(std::vector<double>{}, 0.99), 0.0);
  std::vector<int> v(200);
  for (int i = 0; i < 200; ++i) v[i] = i;
  EXPECT_EQ(quantile_sorted(v, 0.99), 198.0);  // element floor(0.99 * 200)
  EXPECT_EQ(quantile_sorted(v, 0.5), 100.0);
  EXPECT_EQ(quantile_sorted(v, 1.0), 199.0);   // clamped to the last
  EXPECT_EQ(quantile_sorted(std::vector<float>{2.5f}, 0.99), 2.5);
}

}  // namespace
}  // namespace galaxy
