// SPDX-License-Identifier: MIT
// The separation plot as a feature of its own (app/features/separation_plot.hpp): its switch and
// its other galaxy change only through its action; while on, each measurement of the centres adds
// the distance of the followed galaxy to the other; another pair or a run gone back in time starts
// afresh; past its most points every other goes; its checkbox asks and changes nothing itself.
#include <gtest/gtest.h>
#include <imgui.h>

#include "features/separation_plot.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

// Galaxy 0 at the origin, galaxy 1 at `d` along x, at simulated time `t`.
app::Centres pair_at(float d, double t) {
  app::Centres c;
  c.galaxy[0] = glm::vec3(0.0f);
  c.galaxy[1] = glm::vec3(d, 0.0f, 0.0f);
  c.time = t;
  return c;
}

TEST(SeparationFeature, MeasuresTheDistanceOfTheFollowedGalaxyToTheOtherWhileOn) {
  app::SeparationPlot p;
  p.measured(pair_at(5.0f, 0.0), 0);
  EXPECT_TRUE(p.distances().empty()) << "off: no points";
  p.apply({.on = true, .other = 1}, 0);
  ASSERT_TRUE(p.on());
  p.measured(pair_at(5.0f, 0.0), 0);
  p.measured(pair_at(3.0f, 1.0), 0);
  EXPECT_EQ(p.distances(), (std::vector<float>{5.0f, 3.0f}));
  EXPECT_EQ(p.times(), (std::vector<float>{0.0f, 1.0f}));
  EXPECT_EQ(p.of(), std::make_pair(0, 1));
  p.measured(pair_at(4.0f, 0.5), 0);
  EXPECT_EQ(p.distances(), (std::vector<float>{4.0f})) << "back in time: afresh";
  p.apply({.other = 2}, 0);
  p.measured(pair_at(4.0f, 0.6), 0);
  EXPECT_TRUE(p.distances().empty()) << "galaxy 2 has no centre: no point";
  EXPECT_EQ(p.of(), std::make_pair(0, 2));
  p.apply({.other = 999}, 0);
  EXPECT_EQ(p.other(), kMaxGalaxies - 1) << "clamped to a tag's galaxies";
}

TEST(SeparationFeature, KeepsAtMostItsMostPointsOverTheWholeRun) {
  app::SeparationPlot p;
  p.apply({.on = true, .other = 1}, 0);
  for (std::size_t k = 0; k <= app::SeparationPlot::kMostPoints; ++k) {
    p.measured(pair_at(1.0f + float(k), double(k)), 0);
  }
  EXPECT_LE(p.times().size(), app::SeparationPlot::kMostPoints);
  EXPECT_EQ(p.times().front(), 0.0f) << "the start stays in view";
  EXPECT_EQ(p.times().size(), p.distances().size());
}

TEST(SeparationFeature, ItsCheckboxAsksAndLeavesThePlotAsItIs) {
  test_support::make_imgui_context(ImVec2(400, 300));
  app::SeparationPlot p;
  app::SeparationPlot::Action a;
  const Units model;
  test_support::click_first_item([&] { p.section(a, model); });
  ImGui::DestroyContext();
  ASSERT_TRUE(a.on);
  EXPECT_TRUE(*a.on) << "the click asked for the plot";
  EXPECT_FALSE(p.on()) << "and the plot changes only when the action is applied";
  p.apply(a, 0);
  EXPECT_TRUE(p.on());
}

}  // namespace
}  // namespace galaxy
