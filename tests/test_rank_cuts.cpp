// SPDX-License-Identifier: MIT
// The device ranks' cut keys (cuda/rank_cuts.hpp), on the CPU: where the cuts fall for ranks of
// different body counts and for samples of different costs, the halfway step from the last cuts,
// and that a rank without bodies is left out.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "cuda/rank_cuts.hpp"

namespace galaxy {
namespace {

// A rank whose samples are the keys first, first + step, ... (its bodies spread evenly over them),
// each of cost `cost` (0: not known).
CutSamples rank_of(std::uint64_t first, std::uint64_t step, double bodies, float cost = 0.0f) {
  CutSamples s{};
  for (int i = 0; i < kCutSamples; ++i) {
    s.keys[i] = first + step * static_cast<std::uint64_t>(i);
    s.cost[i] = cost;
  }
  s.bodies = bodies;
  return s;
}

constexpr std::uint64_t S = kCutSamples;

TEST(RankCuts, EqualCostsSplitTheBodiesEvenly) {
  // Keys [0, S) hold 1,000 bodies, [S, 2S) 3,000: half of the 4,000 lies a third into the second.
  for (float cost : {0.0f, 700.0f}) {
    const auto cuts = cuts_from({rank_of(0, 1, 1000, cost), rank_of(S, 1, 3000, cost)}, 2);
    ASSERT_EQ(cuts.size(), 1u);
    EXPECT_NEAR(static_cast<double>(cuts[0]), S + S / 3.0, 1.0);
  }
}

TEST(RankCuts, CostlierBodiesWeighMore) {
  // Equal counts; rank 0's bodies had 3,000 interactions each, rank 1's 1,000: half the total is
  // reached 2 / 3 of the way through rank 0's keys.
  auto cuts = cuts_from({rank_of(0, 1, 1000, 3000.0f), rank_of(S, 1, 1000, 1000.0f)}, 2);
  ASSERT_EQ(cuts.size(), 1u);
  EXPECT_NEAR(static_cast<double>(cuts[0]), 2.0 * S / 3.0, 1.0);
  // Within a rank too: four parts of two equal ranks, rank 0's first half 3 times as costly. The
  // first cut (a quarter of the total) comes 2 / 3 of the way through that half: a third of rank
  // 0's keys (half without the costs).
  CutSamples skewed = rank_of(0, 1, 1000, 1000.0f);
  for (int i = 0; i < kCutSamples / 2; ++i) skewed.cost[i] = 3000.0f;
  cuts = cuts_from({skewed, rank_of(S, 1, 1000, 2000.0f)}, 4);
  ASSERT_EQ(cuts.size(), 3u);
  EXPECT_NEAR(static_cast<double>(cuts[0]), S / 3.0, 1.0);
  EXPECT_NEAR(static_cast<double>(cuts[1]), static_cast<double>(S), 1.0);
  EXPECT_NEAR(static_cast<double>(cuts[2]), S + S / 2.0, 1.0);
}

TEST(RankCuts, ARankWithoutCostsMakesEveryBodyWeighTheSame) {
  // Rank 1's costs are not known (a pass it has not walked): counts alone, as before a first pass.
  const auto cuts = cuts_from({rank_of(0, 1, 1000, 3000.0f), rank_of(S, 1, 1000)}, 2);
  ASSERT_EQ(cuts.size(), 1u);
  EXPECT_NEAR(static_cast<double>(cuts[0]), static_cast<double>(S), 1.0);
}

TEST(RankCuts, EachPassMovesTheCutsHalfway) {
  EXPECT_EQ(relaxed({}, {10, 20}), (std::vector<std::uint64_t>{10, 20}));  // no last pass
  EXPECT_EQ(relaxed({10, 20}, {20, 40}), (std::vector<std::uint64_t>{15, 30}));
  EXPECT_EQ(relaxed({3, 7}, {5, 9}), (std::vector<std::uint64_t>{4, 8}));
  // Past half the key range, without overflow, and in order where both were.
  const std::uint64_t big = UINT64_MAX - 1;
  EXPECT_EQ(relaxed({big, UINT64_MAX}, {big, UINT64_MAX}),
            (std::vector<std::uint64_t>{big, UINT64_MAX}));
}

TEST(RankCuts, ThreeRanksAndAnEmptyOne) {
  // Interleaved keys of two equal ranks (their union is 0, 1, ... 2S - 1) and a rank with none:
  // the cuts at a third and two thirds of the keys.
  CutSamples empty = rank_of(0, 0, 0);
  const auto cuts = cuts_from({rank_of(0, 2, 500, 10.0f), empty, rank_of(1, 2, 500, 10.0f)}, 3);
  ASSERT_EQ(cuts.size(), 2u);
  EXPECT_NEAR(static_cast<double>(cuts[0]), 2.0 * S / 3.0, 1.0);
  EXPECT_NEAR(static_cast<double>(cuts[1]), 4.0 * S / 3.0, 1.0);
  EXPECT_LT(cuts[0], cuts[1]);
}

TEST(RankCuts, NoBodiesAnywhereSendsNothingAnywhere) {
  const auto cuts = cuts_from({rank_of(0, 0, 0), rank_of(0, 0, 0)}, 2);
  ASSERT_EQ(cuts.size(), 1u);
  EXPECT_EQ(cuts[0], UINT64_MAX);
}

}  // namespace
}  // namespace galaxy
