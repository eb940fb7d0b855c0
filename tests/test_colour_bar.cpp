// SPDX-License-Identifier: MIT
// The panel's colour bar (panel/colour_bar.hpp): its ticks on a linear and a log scale, their
// short labels, and the palette it draws from dark to bright.
#include <gtest/gtest.h>

#include <vector>

#include "panel/colour_bar.hpp"

namespace galaxy {
namespace {

TEST(ColourBar, LinearTicksForALinearField) {
  const std::vector<float> unit = app::linear_ticks(0.0f, 1.0f);
  ASSERT_EQ(unit.size(), 6u);
  for (std::size_t k = 0; k < unit.size(); ++k) EXPECT_NEAR(unit[k], 0.2f * k, 1e-6f);
  const std::vector<float> t = app::linear_ticks(-3.0f, 0.0f);
  EXPECT_EQ(t.front(), -3.0f);
  EXPECT_EQ(t.back(), 0.0f);
  EXPECT_EQ(app::tick_label(-2.0f), "-2");
  EXPECT_EQ(app::tick_label(0.0f), "0");
}

TEST(ColourBar, DecadeTicksAndShortLabels) {
  const std::vector<float> t = app::colour_bar_ticks(1e-5f, 1e-2f);
  ASSERT_EQ(t.size(), 4u);
  EXPECT_FLOAT_EQ(t[1], 1e-4f);
  EXPECT_FLOAT_EQ(t[2], 1e-3f);
  // Under three decades: 1, 2 and 5 of each, and the ends.
  EXPECT_EQ(app::colour_bar_ticks(100.0f, 3e4f),
            (std::vector<float>{100, 200, 500, 1000, 2000, 5000, 10000, 20000, 30000}));
  EXPECT_EQ(app::tick_label(1e-4f), "1e-4");
  EXPECT_EQ(app::tick_label(300.0f), "300");
  EXPECT_EQ(app::tick_label(3e4f), "3e4");
  EXPECT_EQ(app::tick_label(2.5e-3f), "2.5e-3");
  const auto lo = app::map_colour(0.0f), hi = app::map_colour(1.0f);
  EXPECT_GT(hi[0] + hi[1] + hi[2], lo[0] + lo[1] + lo[2] + 1.0f) << "low values dark, high bright";
}

}  // namespace
}  // namespace galaxy
