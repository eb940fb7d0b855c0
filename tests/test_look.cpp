// SPDX-License-Identifier: MIT
// The look of a galaxy, rendered headless through EGL: the dark halo hidden unless asked for,
// stellar-population colours, the automatic exposure and the bloom. Bodies are placed directly
// in clip space (identity view-projection). GL tests skip, saying why, only where no OpenGL 4.5
// context can be made.
#include <glad/gl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "headless_gl.hpp"
#include "offscreen_target.hpp"
#include "picture/gl_context.hpp"
#include "renderer.hpp"
#include "scene_cache.hpp"

namespace galaxy {
namespace {

constexpr int kSize = 128;
constexpr std::uint8_t kDisk = 1, kBulge = 2, kHalo = 3, kSecondGalaxy = 4;

struct Body {
  float x, y;
  std::uint8_t tag;
};

class Look : public test_support::HeadlessGl {
 protected:
  Look() : HeadlessGl(kSize, kSize) {}
  void SetUp() override {
    HeadlessGl::SetUp();
    if (IsSkipped()) return;
    renderer_.emplace();
    target_.emplace(kSize, kSize);
  }
  void TearDown() override {
    bodies_ = render::VertexBuffers();
    target_.reset();
    renderer_.reset();
  }
  // Renders `bodies` (speed 0.5) and returns top-down RGBA rows.
  std::vector<std::uint8_t> draw(const std::vector<Body>& bodies, const render::RenderParams& p) {
    std::vector<float> xyzs;
    std::vector<std::uint8_t> tags((bodies.size() + 3) / 4 * 4, 0);  // whole words for the splat
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      xyzs.insert(xyzs.end(), {bodies[i].x, bodies[i].y, 0.0f, 0.5f});
      tags[i] = bodies[i].tag;
    }
    bodies_.resize(bodies.size(), false);
    bodies_.upload(xyzs.data(), tags.data());
    renderer_->draw_bodies(bodies_, glm::mat4(1.0f), p, target_->canvas());
    return render::read_rgba(target_->framebuffer(), kSize, kSize);
  }
  static std::array<int, 3> pixel(const std::vector<std::uint8_t>& px, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * kSize + x) * 4;
    return {px[i], px[i + 1], px[i + 2]};
  }
  // Mean of R, G and B over the picture, 0..255.
  static double mean(const std::vector<std::uint8_t>& px) {
    double s = 0;
    for (std::size_t i = 0; i < px.size(); i += 4) s += px[i] + px[i + 1] + px[i + 2];
    return s / (3.0 * (px.size() / 4));
  }
  std::optional<render::Renderer> renderer_;
  std::optional<render::OffscreenTarget> target_;
  render::VertexBuffers bodies_;
};

int sum(const std::array<int, 3>& c) {
  return c[0] + c[1] + c[2];
}

// The colour of one body in the middle, at a fixed exposure without bloom: what the population
// colour is, not what the post-process makes of it. Exposed well below white, so the asinh curve
// scales the three channels alike and ratios survive up to 8-bit rounding.
render::RenderParams fixed_look(render::SplatMode splat = render::SplatMode::Points) {
  render::RenderParams p;
  p.splat = splat;
  p.auto_exposure = false;
  p.bloom_strength = 0.0f;
  p.point_size = 60.0f;   // about 11 px at 128 lines
  p.brightness = 0.005f;  // one body of 20000/1 weight: peak near 0.25, off the top of the curve
  return p;
}

double red_over_blue(const std::array<int, 3>& c) {
  return double(c[0]) / std::max(c[2], 1);
}

// A galaxy-like blob: `n` disk bodies, Gaussian with sigma 0.25 of the half-width, fixed seed.
std::vector<Body> blob(int n) {
  std::mt19937 rng(7);
  std::normal_distribution<float> g(0.0f, 0.25f);
  std::vector<Body> b;
  for (int i = 0; i < n; ++i) b.push_back({g(rng), g(rng), kDisk});
  return b;
}

TEST_F(Look, DarkHaloIsHiddenByDefaultAndShownOnRequest) {
  // A halo body on the left, a disk body on the right (so that the picture has some light).
  const std::vector<Body> scene = {{-0.5f, 0.0f, kHalo}, {0.5f, 0.0f, kDisk}};
  for (auto splat : {render::SplatMode::Points, render::SplatMode::Compute}) {
    render::RenderParams p;
    p.splat = splat;
    p.point_size = 60.0f;  // about 11 px at 128 lines
    EXPECT_TRUE(p.hide_halo) << "dark matter is hidden by default";
    auto px = draw(scene, p);
    EXPECT_EQ(sum(pixel(px, 32, 64)), 0) << "no light where the halo body is";
    EXPECT_GT(sum(pixel(px, 96, 64)), 0) << "the disk body is drawn";
    p.hide_halo = false;
    px = draw(scene, p);
    EXPECT_GT(sum(pixel(px, 32, 64)), 0) << "the halo shows when asked for";
  }
}

TEST_F(Look, BulgeIsWarmerThanTheDisk) {
  for (auto splat : {render::SplatMode::Points, render::SplatMode::Compute}) {
    const auto disk = pixel(draw({{0, 0, kDisk}}, fixed_look(splat)), 64, 64);
    const auto bulge = pixel(draw({{0, 0, kBulge}}, fixed_look(splat)), 64, 64);
    // Population colours (1, 0.74, 0.45) and (0.64, 0.78, 1) after the tints: R/B about 2.3
    // and 0.6. The bounds leave room for rounding, none for a swap or a grey.
    EXPECT_GT(red_over_blue(bulge), 1.6) << "bulge: old, warm";
    EXPECT_LT(red_over_blue(disk), 0.8) << "disk: young, blue-white";
    EXPECT_GT(sum(disk), 150) << "the fixed look is not near black";
  }
}

TEST_F(Look, TheTwoGalaxiesDifferInTintOnlySubtly) {
  for (std::uint8_t population : {kDisk, kBulge}) {
    const auto a = pixel(draw({{0, 0, population}}, fixed_look()), 64, 64);
    const auto b =
        pixel(draw({{0, 0, std::uint8_t(population | kSecondGalaxy)}}, fixed_look()), 64, 64);
    // The tints multiply R/B by (1.05 / 0.92) / (0.97 / 1.03) = 1.21. At least 1.08: told
    // apart; at most 1.4: the same kind of stars, not a new colour (the old rose tint: 1.28 in
    // R/B and a quarter less green).
    const double ratio = red_over_blue(b) / red_over_blue(a);
    EXPECT_GT(ratio, 1.08) << "population " << int(population);
    EXPECT_LT(ratio, 1.4) << "population " << int(population);
    EXPECT_LT(std::abs(a[1] - b[1]), 20) << "green barely moves";
  }
}

TEST_F(Look, AutoExposureLevelsTenTimesTheLightAndLiftsADimScene) {
  const auto scene = blob(2000);
  render::RenderParams p;
  p.bloom_strength = 0.0f;  // the exposure alone
  p.exposure_adapt = 1.0f;  // at once: each picture at its own exposure
  p.brightness = 0.2f;
  const double base = mean(draw(scene, p));
  p.brightness = 2.0f;
  const double bright = mean(draw(scene, p));
  p.brightness = 0.0002f;
  const double dim = mean(draw(scene, p));
  ASSERT_GT(base, 5.0) << "the scene is visible at all";
  // Ten times the light is ten times the mean log luminance: the same picture up to half-float
  // and 8-bit rounding, so within 10 %.
  EXPECT_NEAR(bright / base, 1.0, 0.1);
  // A thousand times less light: fp16 keeps about 3 digits near 1e-5, so within 25 %.
  EXPECT_NEAR(dim / base, 1.0, 0.25);
  // Without the automatic exposure the same three scenes differ widely (the test can fail).
  p.auto_exposure = false;
  EXPECT_LT(mean(draw(scene, p)), 1.0) << "the dim scene is black at a fixed exposure";
  p.brightness = 2.0f;
  const double bright_fixed = mean(draw(scene, p));
  p.brightness = 0.2f;
  EXPECT_GT(bright_fixed, 1.5 * mean(draw(scene, p)));
}

TEST_F(Look, AutoExposureLevelsTheComputeSplatToo) {
  const auto scene = blob(2000);
  render::RenderParams p;
  p.splat = render::SplatMode::Compute;
  p.bloom_strength = 0.0f;
  p.exposure_adapt = 1.0f;
  p.brightness = 0.2f;
  const double base = mean(draw(scene, p));
  p.brightness = 2.0f;
  // Fixed point of 1/4096 instead of fp16: the same 10 % bound.
  EXPECT_NEAR(mean(draw(scene, p)) / base, 1.0, 0.1);
}

TEST_F(Look, AutoExposureMovesSmoothlyBetweenFrames) {
  const auto scene = blob(2000);
  render::RenderParams p;
  p.exposure_adapt = 0.1f;
  p.brightness = 0.2f;
  draw(scene, p);  // the first frame with light snaps
  const float settled = renderer_->automatic_exposure();
  p.brightness = 2.0f;
  draw(scene, p);
  // One frame moves a tenth of the way in log2: 10^-0.1 = 0.794 of the old factor (float
  // arithmetic on the GPU: 1 %).
  EXPECT_NEAR(renderer_->automatic_exposure() / settled, std::pow(10.0, -0.1), 0.01);
}

TEST_F(Look, BloomSpreadsABrightPointAndLeavesBlackAlone) {
  for (auto splat : {render::SplatMode::Points, render::SplatMode::Compute}) {
    render::RenderParams p = fixed_look(splat);
    p.point_size = 20.0f;  // about 3.5 px: the sprite's own light ends within 2 px
    // The core far above the threshold: the bloom reads 8x8 averages, in which a 2 px core
    // keeps about a thirtieth of its light (exposed, about 10 times the threshold).
    p.exposure = 1600.0f;
    const std::vector<Body> point = {{0, 0, kDisk}};
    const auto plain = draw(point, p);
    p.bloom_strength = 0.5f;
    const auto glow = draw(point, p);
    // 8 px from the centre: nothing of the sprite, but within the blur (sigma 10 px).
    EXPECT_EQ(sum(pixel(plain, 72, 64)), 0);
    EXPECT_GT(sum(pixel(glow, 72, 64)), 15) << "the glow reaches the neighbours";
    EXPECT_EQ(sum(pixel(glow, 120, 120)), 0) << "but stays local";
    EXPECT_GE(sum(pixel(glow, 64, 64)), sum(pixel(plain, 64, 64))) << "and only adds light";
    // A black picture (the one body is a hidden halo body) stays black, bloom and all.
    p.auto_exposure = true;
    const auto black = draw({{0, 0, kHalo}}, p);
    EXPECT_EQ(mean(black), 0.0);
  }
}

// The compute splat sums a workgroup's 256 bodies in shared memory where their pixels fit a small
// square (bodies in tree order, as the CUDA backend writes them) and adds each body to the buffer
// itself where they are spread out, or where the shared sums are off (as on software GL). The
// sums are integers, so the picture must be the same bits either way: 64 clumps of 256 bodies
// within 2 px, one clump a workgroup (every workgroup sums in shared memory), against the same
// bodies shuffled (every workgroup spread over the picture) and against the shared sums off.
TEST_F(Look, TheComputeSplatsSharedSumsMakeTheSamePictureBitForBit) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> centre(-0.9f, 0.9f), near(-2.0f / kSize, 2.0f / kSize);
  std::vector<Body> clumped;
  for (int c = 0; c < 64; ++c) {
    const float x = centre(rng), y = centre(rng);
    const std::uint8_t tag = c % 2 ? kDisk : kBulge;
    for (int k = 0; k < 256; ++k) clumped.push_back({x + near(rng), y + near(rng), tag});
  }
  std::vector<Body> shuffled = clumped;
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  render::RenderParams p;
  p.splat = render::SplatMode::Compute;
  renderer_->set_shared_splat(true);
  const auto a = draw(clumped, p);
  const auto b = draw(shuffled, p);
  renderer_->set_shared_splat(false);
  const auto c = draw(clumped, p);
  EXPECT_GT(mean(a), 0.5) << "the clumps are drawn";
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
}

// The compute splat's accumulator is emptied before each frame: a bright frame, then one whose
// only body is outside the view, is black.
TEST_F(Look, TheComputeSplatStartsEachFrameFromBlack) {
  render::RenderParams p = fixed_look(render::SplatMode::Compute);
  p.brightness = 1.0f;
  ASSERT_GT(mean(draw(blob(2000), p)), 1.0) << "the first frame has light";
  const auto dark = draw({{5.0f, 5.0f, kDisk}}, p);
  EXPECT_EQ(mean(dark), 0.0) << "light left over from the frame before";
}

// The scene is drawn into its own texture and copied into the picture shown: by compute into a
// texture (the headless window), by a blit where only a framebuffer is known (a window's back
// buffer) or where the compute copy is off (software GL); the same bits either way. A target
// of another size is refused, as is a scene not yet drawn.
TEST_F(Look, TheSceneCopiedIntoThePictureIsTheSameBits) {
  render::SceneCache scene;
  const render::Canvas canvas = scene.canvas(kSize, kSize);
  EXPECT_FALSE(scene.restore(target_->canvas())) << "nothing drawn yet";
  bodies_.resize(blob(500).size(), false);
  std::vector<float> xyzs;
  for (const Body& b : blob(500)) xyzs.insert(xyzs.end(), {b.x, b.y, 0.0f, 0.5f});
  const std::vector<std::uint8_t> tags(500, kBulge);
  bodies_.upload(xyzs.data(), tags.data());
  renderer_->draw_bodies(bodies_, glm::mat4(1.0f), fixed_look(), canvas);
  scene.mark_drawn();
  const auto drawn = render::read_rgba(canvas.framebuffer, kSize, kSize);
  ASSERT_GT(mean(drawn), 0.5);
  scene.set_compute_copy(true);
  ASSERT_TRUE(scene.restore(target_->canvas()));
  EXPECT_EQ(render::read_rgba(target_->framebuffer(), kSize, kSize), drawn) << "compute copy";
  render::OffscreenTarget other(kSize, kSize), third(kSize, kSize);
  ASSERT_TRUE(scene.restore({other.framebuffer(), 0, kSize, kSize}));
  EXPECT_EQ(render::read_rgba(other.framebuffer(), kSize, kSize), drawn) << "blit";
  scene.set_compute_copy(false);
  ASSERT_TRUE(scene.restore(third.canvas()));
  EXPECT_EQ(render::read_rgba(third.framebuffer(), kSize, kSize), drawn) << "blit, by choice";
  render::OffscreenTarget smaller(kSize / 2, kSize);
  EXPECT_FALSE(scene.restore(smaller.canvas()));
}

}  // namespace
}  // namespace galaxy
