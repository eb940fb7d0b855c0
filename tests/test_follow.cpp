// SPDX-License-Identifier: MIT
// The follow camera (app/picture/follow.hpp): centres that escapers do not pull, easing that
// keeps up with a steady motion, and a whole collision followed with its galaxy in the middle of
// the view; inspect's force error against the exact sum.
#include <gtest/gtest.h>

#include <random>

#include "headless_app.hpp"
#include "picture/follow.hpp"
#include "picture/overlay.hpp"
#include "run/inspect.hpp"
#include "scenarios/scenarios.hpp"

namespace galaxy {
namespace {

// A ball of `n` bodies of radius `r` about `c`, tagged galaxy `g`.
void ball(std::vector<float>& xyzs, std::vector<std::uint8_t>& tags, glm::vec3 c, float r,
          int n, int g, std::mt19937& rng) {
  std::normal_distribution<float> d(0.0f, r);
  for (int i = 0; i < n; ++i) {
    xyzs.insert(xyzs.end(), {c.x + d(rng), c.y + d(rng), c.z + d(rng), 0.0f});
    tags.push_back(body_tag(std::uint8_t(Population::Disk), std::uint8_t(g)));
  }
}

TEST(Follow, CentresIgnoreEscapersAndTheHalo) {
  std::mt19937 rng(4);
  std::vector<float> xyzs;
  std::vector<std::uint8_t> tags;
  ball(xyzs, tags, {0, 0, 0}, 0.3f, 20000, 0, rng);   // compact
  ball(xyzs, tags, {10, 0, 0}, 1.0f, 20000, 1, rng);  // loose
  ball(xyzs, tags, {900, 300, 0}, 5.0f, 400, 1, rng);  // 2% of galaxy 1 flung far away
  const std::size_t before_halo = tags.size();
  ball(xyzs, tags, {-50, 0, 0}, 1.0f, 30000, 0, rng);  // a halo, not drawn
  for (std::size_t i = before_halo; i < tags.size(); ++i) tags[i] = body_tag(3, 0);
  const app::Centres c = app::find_centres(xyzs.data(), tags.data(), tags.size());
  ASSERT_TRUE(c.galaxy[0] && c.galaxy[1] && c.everything && c.densest);
  EXPECT_LT(glm::length(*c.galaxy[0] - glm::vec3(0, 0, 0)), 0.05f);
  EXPECT_LT(glm::length(*c.galaxy[1] - glm::vec3(10, 0, 0)), 0.1f) << "escapers do not pull";
  EXPECT_LT(glm::length(*c.densest - glm::vec3(0, 0, 0)), 0.05f) << "the compact one";
  EXPECT_GT(c.everything->x, 1.0f) << "between the two";
  EXPECT_LT(c.everything->x, 9.0f) << "between the two";
  EXPECT_LT(std::abs(c.everything->y), 0.3f) << "not off towards the escapers (y = 300)";
  EXPECT_FALSE(c.galaxy[2]);
  EXPECT_EQ(*c.of(app::FollowMode::Galaxy, 1), *c.galaxy[1]);
  EXPECT_FALSE(c.of(app::FollowMode::Off, 0));
  // Half of a Gaussian ball's bodies lie within 1.538 of its sigma (the chi distribution's median
  // for three degrees of freedom); the 2% flung away hardly move it.
  EXPECT_NEAR(c.radius(app::FollowMode::Galaxy, 0), 1.538f * 0.3f, 0.03f * 0.3f);
  EXPECT_NEAR(c.radius(app::FollowMode::Galaxy, 1), 1.538f * 1.0f, 0.05f);
  EXPECT_GT(c.radius(app::FollowMode::Everything, 0), 3.0f) << "both galaxies, 10 apart";
  EXPECT_EQ(c.radius(app::FollowMode::Densest, 0), 0.0f) << "a point to look at";
  EXPECT_EQ(c.radius(app::FollowMode::Galaxy, 2), 0.0f) << "no bodies";
}

// On simulated time: a steady motion leaves no lag whatever the frame's wall-clock length or
// steps, here measured every 0.1 time units and drawn at uneven frames of uneven steps.
TEST(Follow, EasingKeepsUpWithASteadyMotion) {
  app::Follow f;
  const glm::vec3 v(3.0f, -1.0f, 0.5f);  // units a time unit
  glm::vec3 target(0.0f);
  double t = 0;
  for (int frame = 0; frame <= 300; ++frame) {
    t += frame % 3 == 0 ? 0.0125 : 0.025;  // one or two steps a frame
    if (frame % 8 == 0) f.measured(v * float(t), t);
    target = *f.advance(target, frame % 2 ? 0.002f : 0.03f, t);
  }
  EXPECT_LT(glm::length(target - v * float(t)), 0.02f) << "no lag behind a steady motion";
  f.measured({100, 0, 0}, t + 1.0);  // a jump glides over
  const glm::vec3 halfway = *f.advance(target, 0.1f, t + 1.0);
  EXPECT_GT(glm::length(halfway - target), 1.0f);
  EXPECT_LT(glm::length(halfway - target), glm::length(glm::vec3(100, 0, 0) - target));
}

// The case: over a whole collision (past its pericentre at t = 20) galaxy 1's centre
// stays within 5% of the view's height from the view's centre.
TEST(Follow, AFollowedGalaxyStaysInTheMiddleOfTheViewThroughACollision) {
  std::string why;
  app::Options o = test_support::small_options(3000);
  o.speed.steps_per_frame = 8;  // 400 frames: t = 40
  o.follow = "galaxy";  // as --follow galaxy --fit-galaxy 1: the first fit frames galaxy 1
  o.fit_galaxy = 1;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  float worst = 0;
  for (int frame = 0; frame < 400; ++frame) {
    ASSERT_TRUE(a->frame());
    const HostBodies b = a->run().session().simulation().download();
    std::vector<float> xyzs;
    std::vector<std::uint8_t> tags;
    for (std::size_t i = 0; i < b.size(); ++i) {
      xyzs.insert(xyzs.end(), {b.x[i], b.y[i], b.z[i], 0.0f});
      tags.push_back(body_tag(b.population[i], b.galaxy[i]));
    }
    const glm::vec3 centre = *app::find_centres(xyzs.data(), tags.data(), tags.size()).galaxy[1];
    const render::OrbitCamera& cam = a->screen().camera();
    const float half_height = cam.distance() * std::tan(0.5f * cam.fov_y);
    worst = std::max(worst, glm::length(centre - cam.target()) / (2.0f * half_height));
  }
  EXPECT_GT(a->run().session().simulation().time(), 39.0);
  EXPECT_LT(worst, 0.05f);
  std::printf("worst offset of galaxy 1's centre: %.4f of the view's height\n", worst);
}

TEST(Inspect, TheForceErrorIsTheSolversAgainstTheExactSum) {
  HostBodies b = make_scenario("plummer", 500, 3);
  const app::Inspected exact = app::inspect_body(b, 7, 0.05f, {});
  EXPECT_GT(exact.force_error, 0.9) << "no accelerations yet: all error";
  b.ax[7] *= 1.0f;
  auto sim = make_simulation(Backend::Cpu, Solver::Direct, {});
  sim->reset(b);
  const app::Inspected direct = app::inspect_body(sim->download(), 7, 0.05f, {});
  EXPECT_LT(direct.force_error, 1e-5) << "the direct solver is the exact sum in float";
  EXPECT_NE(direct.text.find("galaxy 0 (star)"), std::string::npos) << direct.text;
  const app::Inspected kpc = app::inspect_body(sim->download(), 7, 0.05f, {3.5, 1.58e11});
  EXPECT_NE(kpc.text.find("km/s"), std::string::npos) << kpc.text;
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// The three-view layout draws the bodies in each third of the picture, around each third's middle.
TEST(ThreeView, EachThirdShowsTheBodies) {
  std::string why;
  app::Options o = test_support::small_options(3000);
  o.scenario = "plummer";
  o.width = 300;
  o.height = 100;
  o.three_view = true;
  o.steps = 0;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  const std::vector<std::uint8_t> rgba = a->screen().picture();
  ASSERT_EQ(rgba.size(), 300u * 100u * 4u);
  const auto light = [&](int x0, int x1) {
    double sum = 0;
    for (int y = 0; y < 100; ++y) {
      for (int x = x0; x < x1; ++x) sum += rgba[4 * (y * 300 + x)] + rgba[4 * (y * 300 + x) + 2];
    }
    return sum;
  };
  for (int k = 0; k < 3; ++k) {
    const double middle = light(100 * k + 35, 100 * k + 65), edge = light(100 * k, 100 * k + 10);
    EXPECT_GT(middle, 0.0) << "pane " << k;
    EXPECT_GT(middle, 4.0 * edge) << "pane " << k << ": the sphere sits in the pane's middle";
  }
}

// Panes three times taller than wide stand back by their aspect, so the sphere the view frames
// fits the pane's width: across a pane the sphere is a third as wide as across the single view.
// On c83b52b it was as wide, framed for the height, and a pair side by side was cut at the panes'
// edges.
TEST(ThreeView, ANarrowPaneHoldsWhatTheViewFrames) {
  std::string why;
  app::Options o = test_support::small_options(3000);
  o.scenario = "plummer";
  o.width = 600;
  o.height = 600;
  o.steps = 0;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  // The columns from x0 to x1 between which the middle half of their light lies: its width.
  const auto middle_half = [&](int x0, int x1) {
    const std::vector<std::uint8_t> rgba = a->screen().picture();
    std::vector<double> column(std::size_t(x1 - x0), 0.0);
    for (int y = 0; y < 600; ++y) {
      for (int x = x0; x < x1; ++x) {
        column[std::size_t(x - x0)] += rgba[4 * (y * 600 + x)] + rgba[4 * (y * 600 + x) + 2];
      }
    }
    double total = 0, sum = 0;
    for (const double c : column) total += c;
    int low = -1, high = -1;
    for (int x = 0; x < int(column.size()); ++x) {
      sum += column[std::size_t(x)];
      if (low < 0 && sum >= 0.25 * total) low = x;
      if (high < 0 && sum >= 0.75 * total) high = x;
    }
    return float(high - low + 1);
  };
  ASSERT_TRUE(a->frame());
  const float single = middle_half(0, 600);
  const float kpc_a_pixel = a->screen().world_per_pixel({600, 600});
  a->screen().look().three_view = true;
  ASSERT_TRUE(a->frame());
  const float pane = middle_half(0, 200);
  EXPECT_NEAR(a->screen().world_per_pixel({600, 600}), 3.0f * kpc_a_pixel, 1e-3f * kpc_a_pixel)
      << "the scale bar measures the panes";
  EXPECT_GT(single, 6.0f) << "the sphere is resolved";
  // A third as wide, widened by the splat's few pixels; cut at the pane's edges it was 0.8.
  EXPECT_LT(pane, 0.6f * single) << "a third as wide, not as wide";
  EXPECT_GT(pane, 0.25f * single);
}

// Over MPI ranks the click picks among the vertices drawn (every k-th body): the same nearest,
// and the halo passed over by its tag where asked.
TEST(Overlay, PickAmongVerticesFindsTheNearestAndSkipsTheHalo) {
  const float xyzs[12] = {-0.5f, 0, 0, 1, 0.0f, 0, 0, 1, 0.04f, 0, 0, 1};
  const std::uint8_t tags[3] = {body_tag(1, 0), body_tag(1, 2),
                                body_tag(static_cast<std::uint8_t>(Population::Halo), 1)};
  const glm::mat4 identity(1.0f);
  EXPECT_EQ(app::pick_vertex(xyzs, tags, 3, identity, 100, 100, {25, 50}, 10), 0);
  EXPECT_EQ(app::pick_vertex(xyzs, tags, 3, identity, 100, 100, {52, 50}, 10), 2) << "the halo's";
  EXPECT_EQ(app::pick_vertex(xyzs, tags, 3, identity, 100, 100, {52, 50}, 10, true), 1);
  EXPECT_EQ(app::pick_vertex(xyzs, tags, 3, identity, 100, 100, {50, 90}, 10), -1);
}

}  // namespace
}  // namespace galaxy
