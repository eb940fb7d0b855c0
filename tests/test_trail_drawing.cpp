// SPDX-License-Identifier: MIT
// How trails are drawn (Renderer::draw_trails: shaders/trail_draw.comp, trail_composite.comp):
// the opacity falls with age, a line has no gaps and stays on its path, where trails cross each
// colour channel keeps the brighter one and nothing behind is darkened, and a segment that
// reaches behind the camera is clipped as GL clips lines. Headless GL; the tests skip, saying
// why, only where no OpenGL 4.5 context can be made.
#include <glad/gl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/gtc/matrix_transform.hpp>
#include <memory>
#include <optional>
#include <vector>

#include "headless_gl.hpp"
#include "offscreen_target.hpp"
#include "picture/gl_context.hpp"
#include "renderer.hpp"
#include "trails.hpp"

namespace galaxy {
namespace {

constexpr std::uint8_t kDisk = 1, kBulge = 2, kSecondGalaxy = 4;

class TrailDrawing : public test_support::HeadlessGl {
 protected:
  TrailDrawing() : HeadlessGl(64, 64) {}
  void SetUp() override {
    HeadlessGl::SetUp();
    if (IsSkipped()) return;
    renderer_.emplace();
    trails_.emplace();
  }
  void TearDown() override {
    bodies_ = render::VertexBuffers();
    trails_.reset();
    renderer_.reset();
  }
  // Starts the trails over with `p` and samples the bodies at each row of `path` (one position
  // a body), the last row being where the bodies are now.
  void follow(const render::TrailParams& p, const std::vector<std::vector<glm::vec3>>& path,
              const std::vector<std::uint8_t>& tags) {
    trails_->reset(p);
    if (bodies_.count() != tags.size()) bodies_.resize(tags.size(), false, true);
    const std::vector<std::uint8_t> words((tags.size() + 3) / 4 * 4, 0);
    std::vector<std::uint8_t> padded = words;
    std::copy(tags.begin(), tags.end(), padded.begin());
    for (const auto& at : path) {
      std::vector<float> xyzs;
      for (const glm::vec3& q : at) xyzs.insert(xyzs.end(), {q.x, q.y, q.z, 0.5f});
      bodies_.upload(xyzs.data(), padded.data());
      trails_->sample(bodies_);
    }
  }
  // The trails drawn over a picture of one grey level; bottom-up RGBA rows.
  std::vector<std::uint8_t> draw(int w, int h, const glm::mat4& view_proj = glm::mat4(1.0f),
                                 float grey = 0.0f) {
    render::OffscreenTarget target(w, h);
    const GLfloat background[4] = {grey, grey, grey, 1.0f};
    glClearNamedFramebufferfv(target.framebuffer(), GL_COLOR, 0, background);
    render::RenderParams p;
    p.trail_opacity = 1.0f;
    renderer_->draw_trails(*trails_, bodies_, view_proj, p, target.canvas());
    return render::read_rgba(target.framebuffer(), w, h, false);
  }
  static int brightness(const std::vector<std::uint8_t>& px, int w, int x, int y) {
    const std::uint8_t* q = &px[(std::size_t(y) * w + x) * 4];
    return q[0] + q[1] + q[2];
  }
  std::optional<render::Renderer> renderer_;
  std::optional<render::Trails> trails_;
  render::VertexBuffers bodies_;
};

// A body at `samples` evenly spaced places from clip-space `a` to `b`.
std::vector<std::vector<glm::vec3>> straight(glm::vec3 a, glm::vec3 b, int samples) {
  std::vector<std::vector<glm::vec3>> path;
  for (int s = 0; s < samples; ++s) path.push_back({a + (b - a) * (float(s) / (samples - 1))});
  return path;
}

// One body crossing the image left to right, a sample at each of 32 places: the drawn trail's
// brightness never falls towards the body (the newest end) and rises well above the tail.
TEST_F(TrailDrawing, TheOpacityFallsWithAge) {
  constexpr int kW = 256, kH = 64, kSamples = 32;
  follow({.bodies = 1, .length = kSamples},
         straight({-0.9f, 1.0f / kH, 0.0f}, {0.9f, 1.0f / kH, 0.0f}, kSamples), {kDisk});
  const auto px = draw(kW, kH);
  std::vector<int> column(kW, 0);  // the brightest pixel of each column
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) column[x] = std::max(column[x], brightness(px, kW, x, y));
  }
  const int tail = int(0.05 * kW) + 2, head = int(0.95 * kW) - 2;  // x of -0.9 and 0.9, inside
  for (int x = tail + 1; x <= head; ++x) {
    EXPECT_GE(column[x], column[x - 1] - 3) << "x = " << x << ": older is brighter";
  }
  EXPECT_GT(column[head], 400) << "the newest part is nearly white-blue";
  EXPECT_LT(column[tail], 20) << "the oldest part has faded out";
  EXPECT_GT(column[kW / 2], column[tail] + 50);
  EXPECT_LT(column[kW / 2], column[head] - 50);
  EXPECT_EQ(column[tail - 6] + column[head + 6], 0) << "nothing beyond the trail";
}

// A trail at a slope of 3/8: one pixel in each column it crosses, each within a pixel of the
// line, none missing (drawn by compute, the line is stepped column by column as GL rasterizes).
TEST_F(TrailDrawing, ASlopingTrailIsOnePixelAColumnWithoutGaps) {
  constexpr int kW = 256, kH = 128;
  follow({.bodies = 1, .length = 64}, straight({-0.8f, -0.6f, 0.0f}, {0.8f, 0.6f, 0.0f}, 24),
         {kDisk});
  const auto px = draw(kW, kH);
  const auto line_y = [](float x) { return 25.6f + 0.375f * (x - 25.6f); };  // pixel units
  for (int x = 0; x < kW; ++x) {
    int lit = 0;
    for (int y = 0; y < kH; ++y) {
      if (brightness(px, kW, x, y) == 0) continue;
      ++lit;
      EXPECT_LE(std::abs(float(y) + 0.5f - line_y(float(x) + 0.5f)), 1.0f) << x << ", " << y;
    }
    if (x >= 27 && x <= 228) {
      EXPECT_EQ(lit, 1) << "column " << x;
    }
  }
}

// A disk star's trail (blue-white) crossing a bulge star's (warm) of the other galaxy, both as
// old where they cross, over a grey picture: each channel keeps the brighter of the two trails
// and the picture (GL_MAX's rule), so the crossing is neither trail's colour, and no pixel is
// darker than the grey.
TEST_F(TrailDrawing, WhereTrailsCrossEachChannelKeepsTheBrighterOne) {
  constexpr int kSize = 128, kSamples = 17;
  const auto across = straight({-0.8f, 0.01f, 0.0f}, {0.8f, 0.01f, 0.0f}, kSamples);
  const auto up = straight({0.01f, -0.8f, 0.0f}, {0.01f, 0.8f, 0.0f}, kSamples);
  std::vector<std::vector<glm::vec3>> both;
  for (int s = 0; s < kSamples; ++s) both.push_back({across[s][0], up[s][0]});
  const std::vector<std::uint8_t> tags = {kDisk, kBulge | kSecondGalaxy};
  const auto picture = [&](int galaxy) {
    follow({.bodies = 2, .length = 32, .galaxy = galaxy}, both, tags);
    return draw(kSize, kSize, glm::mat4(1.0f), 0.25f);
  };
  const auto disk = picture(0), bulge = picture(1), crossing = picture(-1);
  int mixed = 0;
  for (std::size_t i = 0; i < crossing.size(); i += 4) {
    for (std::size_t c = i; c < i + 3; ++c) {
      ASSERT_EQ(crossing[c], std::max(disk[c], bulge[c]))
          << "pixel " << i / 4 << ", channel " << c - i;
      ASSERT_GE(crossing[c], 64) << "darker than the picture behind";
    }
    const auto rgb = [&](const std::vector<std::uint8_t>& v) {
      return std::vector<std::uint8_t>(v.begin() + long(i), v.begin() + long(i) + 3);
    };
    mixed += rgb(crossing) != rgb(disk) && rgb(crossing) != rgb(bulge);
  }
  EXPECT_GE(mixed, 1) << "the crossing takes red from the bulge's trail and blue from the disk's";
}

// A body flying from in front of the camera to behind it: the part in front is drawn, to the
// right of the centre where it is; the part behind is clipped away, as GL clips a line at the
// near plane (projected without clipping, points behind the camera land on the left).
TEST_F(TrailDrawing, ASegmentReachingBehindTheCameraIsClipped) {
  constexpr int kW = 256, kH = 128;
  const glm::mat4 view_proj =
      glm::perspective(glm::radians(60.0f), float(kW) / kH, 0.1f, 100.0f) *
      glm::lookAt(glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, -1.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  follow({.bodies = 1, .length = 32}, straight({0.5f, 0.0f, -2.0f}, {0.5f, 0.0f, 2.0f}, 16),
         {kDisk});
  const auto px = draw(kW, kH, view_proj);
  int right = 0, left = 0;
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) {
      if (brightness(px, kW, x, y) == 0) continue;
      (x >= 150 ? right : left) += 1;
    }
  }
  EXPECT_GT(right, 50) << "the part in front of the camera";
  EXPECT_EQ(left, 0) << "nothing from behind the camera";
}

}  // namespace
}  // namespace galaxy
