// SPDX-License-Identifier: MIT
// The renderer's colours, one body at a time through the renderer alone: the populations' colours
// (disk, bulge, halo, hidden halo), untagged bodies by speed, and the inferno palette.
#include <gtest/gtest.h>

#include <array>
#include <optional>

#include "headless_gl.hpp"
#include "offscreen_target.hpp"
#include "palette.hpp"
#include "renderer.hpp"

namespace galaxy {
namespace {

// One body at the centre of a small target, drawn through the renderer alone.
class PopulationColours : public test_support::HeadlessGl {
 protected:
  PopulationColours() : HeadlessGl(64, 64) {}
  void SetUp() override {
    HeadlessGl::SetUp();
    if (IsSkipped()) return;
    renderer_.emplace();
    target_.emplace(64, 64);
    bodies_.resize(1, false);
  }
  void TearDown() override {
    bodies_ = render::VertexBuffers();
    target_.reset();
    renderer_.reset();
  }
  // Centre pixel of one body with tag `tag` moving at `speed`.
  std::array<int, 3> centre(std::uint8_t tag, float speed, render::RenderParams p = {}) {
    const float xyzs[4] = {0.0f, 0.0f, 0.0f, speed};
    const std::uint8_t tags[4] = {tag, 0, 0, 0};
    bodies_.upload(xyzs, tags);
    p.point_size = 100.0f;  // 9 px at 64 lines
    p.brightness = 0.01f;   // one body: keep it off the top of the tone curve
    // The colour of one body, not the post-process: a fixed exposure (the automatic one would
    // bring every single body to the same level) and no bloom, so renders compare in brightness.
    p.auto_exposure = false;
    p.bloom_strength = 0.0f;
    renderer_->draw_bodies(bodies_, glm::mat4(1.0f), p, target_->canvas());
    const auto px = render::read_rgba(target_->framebuffer(), 64, 64);
    const std::size_t i = (32 * 64 + 32) * 4;
    return {px[i], px[i + 1], px[i + 2]};
  }
  std::optional<render::Renderer> renderer_;
  std::optional<render::OffscreenTarget> target_;
  render::VertexBuffers bodies_;
};

int sum(const std::array<int, 3>& c) {
  return c[0] + c[1] + c[2];
}

TEST_F(PopulationColours, DiskBlueWhiteBulgeWarmHaloFaintAndHideable) {
  render::RenderParams show;
  show.hide_halo = false;  // the halo is hidden by default (test_look.cpp); shown, it is faint
  const auto disk = centre(1, 0.5f), bulge = centre(2, 0.5f), halo = centre(3, 0.5f, show);
  EXPECT_GT(disk[2], disk[0]) << "disk: blue-white";
  EXPECT_GT(bulge[0], bulge[2] + 30) << "bulge: warm yellow";
  EXPECT_GT(sum(halo), 0);
  EXPECT_LT(sum(halo), sum(disk) / 2) << "halo: faint";
  EXPECT_EQ(sum(centre(3, 0.5f)), 0) << "hidden halo";
  EXPECT_GT(sum(centre(1, 0.5f)), 0) << "hiding the halo keeps the disk";
  const auto disk1 = centre(1 | 4, 0.5f);
  EXPECT_GT(disk1[0] * disk[2], disk[0] * disk1[2]) << "the second galaxy is tinted warmer";
  render::RenderParams compute;
  compute.splat = render::SplatMode::Compute;
  const auto disk_c = centre(1, 0.5f, compute);
  EXPECT_GT(disk_c[2], disk_c[0]) << "the compute splat colours the same way";
}

TEST_F(PopulationColours, UntaggedBodiesFollowSpeedThroughTheColormap) {
  const auto slow = centre(0, 0.05f), fast = centre(0, 1.2f);
  EXPECT_GT(sum(fast), sum(slow) + 60) << "inferno: fast is bright, slow is dark";
  render::RenderParams by_population;
  by_population.color = render::ColorMode::Population;
  EXPECT_EQ(centre(0, 0.05f, by_population), centre(0, 0.05f)) << "stars have no population";
  render::RenderParams by_speed;
  by_speed.color = render::ColorMode::Speed;
  EXPECT_NE(centre(1, 0.05f, by_speed), centre(1, 0.05f)) << "speed mode ignores the tag";
}

TEST(Colormap, InfernoRunsFromDarkToBright) {
  const auto lo = render::inferno(0.0f), hi = render::inferno(1.0f);
  EXPECT_LT(lo[0] + lo[1] + lo[2], 0.1f);
  EXPECT_GT(hi[0] + hi[1] + hi[2], 2.4f);
  float prev = -1;
  for (int i = 0; i <= 10; ++i) {  // luminance increases monotonically
    const auto c = render::inferno(i / 10.0f);
    const float lum = 0.2126f * c[0] + 0.7152f * c[1] + 0.0722f * c[2];
    EXPECT_GT(lum, prev);
    prev = lum;
  }
}

}  // namespace
}  // namespace galaxy
