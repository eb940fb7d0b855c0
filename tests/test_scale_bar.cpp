// SPDX-License-Identifier: MIT
// The scale bar: its round length (1, 2 or 5 x 10^k, in kpc or model units) spanning 8-20% of
// the view, the camera's length per pixel against its perspective at the target, and the bar
// drawn into the picture with the panel shown or hidden.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "app.hpp"
#include "camera.hpp"
#include "headless_app.hpp"
#include "panel/scale_bar.hpp"

namespace galaxy {
namespace {

TEST(PanelScaleBar, RoundLengthIsTheLongestOneTwoOrFiveNotAbove) {
  EXPECT_EQ(app::round_length(1.0), 1.0);
  EXPECT_EQ(app::round_length(1.99), 1.0);
  EXPECT_EQ(app::round_length(2.0), 2.0);
  EXPECT_EQ(app::round_length(4.99), 2.0);
  EXPECT_EQ(app::round_length(5.0), 5.0);
  EXPECT_EQ(app::round_length(9.99), 5.0);
  EXPECT_EQ(app::round_length(10.0), 10.0);
  EXPECT_EQ(app::round_length(1000.0), 1000.0);
  EXPECT_DOUBLE_EQ(app::round_length(0.3), 0.2);
  EXPECT_DOUBLE_EQ(app::round_length(0.001), 0.001);
  for (const double bad : {0.0, -1.0, std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_EQ(app::round_length(bad), 0.0) << bad;
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> exponent(-6.0, 6.0);
  for (int k = 0; k < 2000; ++k) {
    const double most = std::pow(10.0, exponent(rng));
    const double r = app::round_length(most);
    ASSERT_LE(r, most);
    ASSERT_GE(r, most / 2.5) << most;
    const double mantissa = r / std::pow(10.0, std::floor(std::log10(r) + 1e-9));
    ASSERT_TRUE(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 ||
                std::fabs(mantissa - 5) < 1e-9)
        << r;
  }
}

// Whatever the zoom the bar spans 8% to 20% of the view's width, in kpc where the run has units.
TEST(PanelScaleBar, SpansATenthToAFifthOfTheViewInKpcOrModelUnits) {
  const app::ScaleBar kpc = app::choose_scale_bar(0.01, 1280.0f, kDiskGalaxyUnits);
  EXPECT_EQ(kpc.length, 5.0) << "20% of the width is 8.96 kpc";
  EXPECT_EQ(kpc.label, "5 kpc");
  EXPECT_NEAR(kpc.pixels, 5.0 / 3.5 / 0.01, 1e-3);
  const app::ScaleBar model = app::choose_scale_bar(0.01, 1280.0f, Units{});
  EXPECT_EQ(model.label, "2 units");
  EXPECT_NEAR(model.pixels, 200.0f, 1e-3);
  EXPECT_EQ(app::choose_scale_bar(0.004, 1280.0f, Units{}).label, "1 unit");
  for (double per_pixel = 1e-5; per_pixel < 1e3; per_pixel *= 1.37) {
    for (const Units& u : {kDiskGalaxyUnits, Units{}}) {
      const app::ScaleBar bar = app::choose_scale_bar(per_pixel, 1280.0f, u);
      EXPECT_GE(bar.pixels, 0.08f * 1280.0f) << per_pixel;
      EXPECT_LE(bar.pixels, 0.2f * 1280.0f * 1.0001f) << per_pixel;
    }
  }
  EXPECT_EQ(app::choose_scale_bar(0.0, 1280.0f, Units{}).pixels, 0.0f) << "no bar";
}

// The camera's length per pixel at its target is what the projection draws there: two points a
// length L apart across the view at the target's depth lie L / world_per_pixel pixels apart.
TEST(PanelScaleBar, TheCamerasLengthPerPixelIsTheProjectionsAtTheTarget) {
  render::OrbitCamera cam;
  cam.yaw = 1.1f;
  cam.pitch = -0.3f;
  cam.fit(glm::vec3(2.0f, -1.0f, 0.5f), 7.0f);
  const float w = 1280.0f, h = 720.0f, length = 3.0f;
  const glm::mat4 view = cam.view(), vp = cam.view_proj(w / h);
  const glm::vec3 right(view[0][0], view[1][0], view[2][0]);
  glm::vec2 a, b;
  ASSERT_TRUE(render::project_to_window(vp, cam.target() - 0.5f * length * right, w, h, a));
  ASSERT_TRUE(render::project_to_window(vp, cam.target() + 0.5f * length * right, w, h, b));
  EXPECT_NEAR(glm::length(b - a), length / cam.world_per_pixel(h), 1e-3f * glm::length(b - a));
}

// Light pixels of the bar at the top right of the picture (RGBA, bottom row first): the widest
// run of columns with a light pixel in the bar's rows.
int bar_columns(const std::vector<std::uint8_t>& rgba, int w, int h) {
  int longest = 0, run = 0;
  for (int x = w / 2; x < w; ++x) {
    bool light = false;
    for (int y = 17; y <= 23; ++y) {
      const std::uint8_t* p = &rgba[4 * ((h - 1 - y) * w + x)];
      light = light || (p[0] > 180 && p[1] > 180 && p[2] > 180);
    }
    run = light ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// The bar is drawn at the top right, 8-20% of the width, with the panel shown or hidden.
TEST(PanelGl, TheScaleBarIsDrawnAtTheTopRight) {
  app::Options o;
  o.bodies = 300;
  o.scenario = "plummer";
  o.width = 640;
  o.height = 360;
  o.steps = 0;
  o.headless = true;
  o.lockstep = true;
  o.backend = Backend::Cpu;
  std::string why;
  if (!test_support::make_app(o, why)) GTEST_SKIP() << why;  // no headless GL here
  o.no_ui = false;
  auto a = std::make_unique<app::App>(o);
  for (bool panel : {true, false}) {
    a->screen().look().show_panel = panel;
    ASSERT_TRUE(a->frame());
    const int cols = bar_columns(a->screen().picture(), 640, 360);
    EXPECT_GE(cols, int(0.08f * 640)) << (panel ? "with" : "without") << " the panel";
    EXPECT_LE(cols, int(0.2f * 640) + 4);
  }
}

}  // namespace
}  // namespace galaxy
