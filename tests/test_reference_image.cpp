// SPDX-License-Identifier: MIT
// The reference image (render/reference_image.hpp): files written here by libpng and libjpeg
// (encoders other than the stb_image that reads them) come back as written; a missing file, a
// file that is not an image, one too large and one cut short are refused with messages naming
// the file and the problem; drawn headless, the photo shows at its opacity where no body shines,
// placed and turned as asked, and bright bodies stay on top. GL tests skip, saying why, only
// where no OpenGL 4.5 context can be made.
#include <glad/gl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glm/gtc/matrix_transform.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// After <cstdio>: jpeglib.h uses FILE without including it.
#include <jpeglib.h>

#include "cli/options.hpp"
#include "headless_app.hpp"
#include "headless_gl.hpp"
#include "offscreen_target.hpp"
#include "picture/gl_context.hpp"
#include "picture/recorder.hpp"
#include "reference_image.hpp"
#include "renderer.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using Rgb = std::array<int, 3>;

fs::path temp_file(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / "galaxy_reference_test";
  fs::create_directories(d);
  return d / name;
}

// Top-down RGBA rows of one colour (alpha 255).
std::vector<std::uint8_t> solid(int width, int height, Rgb c) {
  std::vector<std::uint8_t> px;
  for (int i = 0; i < width * height; ++i) {
    px.insert(px.end(), {std::uint8_t(c[0]), std::uint8_t(c[1]), std::uint8_t(c[2]), 255});
  }
  return px;
}

// A baseline JPEG through libjpeg-turbo, quality 95, from top-down RGB rows.
void write_jpeg(const fs::path& path, const std::vector<std::uint8_t>& rgb, int width, int height) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  ASSERT_TRUE(f) << path;
  jpeg_compress_struct c{};
  jpeg_error_mgr err{};
  c.err = jpeg_std_error(&err);
  jpeg_create_compress(&c);
  jpeg_stdio_dest(&c, f.get());
  c.image_width = static_cast<JDIMENSION>(width);
  c.image_height = static_cast<JDIMENSION>(height);
  c.input_components = 3;
  c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c);
  jpeg_set_quality(&c, 95, TRUE);
  jpeg_start_compress(&c, TRUE);
  while (c.next_scanline < c.image_height) {
    JSAMPROW row = const_cast<JSAMPLE*>(&rgb[std::size_t{c.next_scanline} * width * 3]);
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c);
  jpeg_destroy_compress(&c);
}

Rgb at(const render::Image& im, int x, int y) {
  const std::size_t i = (std::size_t(y) * im.width + x) * 4;
  return {im.rgba[i], im.rgba[i + 1], im.rgba[i + 2]};
}

// The message of what read_image threw; empty when it read the file.
std::string refusal(const fs::path& path) {
  try {
    render::read_image(path.string());
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

TEST(ReferenceImage, ReadsAPngAsItWasWritten) {
  const fs::path path = temp_file("three_by_two.png");
  const std::vector<std::uint8_t> px = {255, 0,  0,  255, 0,  255, 0,  255, 0,  0,  255, 255,
                                        10,  20, 30, 255, 40, 50,  60, 255, 70, 80, 90,  255};
  app::write_png(path, px.data(), 3, 2);
  const render::Image im = render::read_image(path.string());
  ASSERT_EQ(im.width, 3);
  ASSERT_EQ(im.height, 2);
  EXPECT_EQ(im.rgba, px) << "top row first, RGBA with the opaque alpha of an RGB file";
}

TEST(ReferenceImage, ReadsAJpegTopRowFirst) {
  const fs::path path = temp_file("halves.jpg");
  // 16 x 16: the top half red, the bottom half blue; JPEG is lossy, so compared away from the
  // edge between them and within a tolerance.
  std::vector<std::uint8_t> rgb;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      const Rgb c = y < 8 ? Rgb{200, 40, 40} : Rgb{40, 40, 200};
      rgb.insert(rgb.end(), {std::uint8_t(c[0]), std::uint8_t(c[1]), std::uint8_t(c[2])});
    }
  }
  write_jpeg(path, rgb, 16, 16);
  const render::Image im = render::read_image(path.string());
  ASSERT_EQ(im.width, 16);
  ASSERT_EQ(im.height, 16);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(at(im, 5, 1)[k], (Rgb{200, 40, 40})[k], 8) << "channel " << k << " of the top";
    EXPECT_NEAR(at(im, 5, 14)[k], (Rgb{40, 40, 200})[k], 8) << "channel " << k << " of the bottom";
  }
}

TEST(ReferenceImage, RefusesAMissingFileNamingIt) {
  const fs::path path = temp_file("no_such_photo.png");
  fs::remove(path);
  const std::string why = refusal(path);
  EXPECT_NE(why.find(path.string()), std::string::npos) << why;
  EXPECT_NE(why.find("No such file"), std::string::npos) << why;
}

TEST(ReferenceImage, RefusesAFileThatIsNotAnImage) {
  const fs::path path = temp_file("notes.png");
  std::ofstream(path) << "these are notes about NGC 4038, not a picture of it\n";
  const std::string why = refusal(path);
  EXPECT_NE(why.find(path.string()), std::string::npos) << why;
  EXPECT_NE(why.find("not an image"), std::string::npos) << why;
  EXPECT_NE(refusal(path.parent_path()).find("a folder"), std::string::npos);
}

TEST(ReferenceImage, RefusesAnImageLargerThanTheLimitBeforeDecodingIt) {
  const fs::path path = temp_file("wide.png");
  const int wide = render::kMaxImageSide + 1;
  app::write_png(path, solid(wide, 1, {1, 2, 3}).data(), wide, 1);
  const std::string why = refusal(path);
  EXPECT_NE(why.find(path.string()), std::string::npos) << why;
  EXPECT_NE(why.find(std::to_string(wide) + " x 1 pixels, larger than 16384 a side"),
            std::string::npos)
      << why;
}

TEST(ReferenceImage, RefusesAPngCutShort) {
  const fs::path whole = temp_file("whole.png"), cut = temp_file("cut.png");
  app::write_png(whole, solid(64, 64, {90, 90, 90}).data(), 64, 64);
  std::ifstream in(whole, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, 60);  // the header, not the pixels
  const std::string why = refusal(cut);
  EXPECT_NE(why.find(cut.string()), std::string::npos) << why;
  EXPECT_NE(why.find("cannot decode"), std::string::npos) << why;
}

// The photo is centred where the camera looks: the middle of the view, or where the app's shift
// beside the panel puts it.
TEST(ReferenceImage, ViewCentreIsWhereTheLineOfSightMeetsTheScreen) {
  const glm::mat4 proj = glm::perspective(0.8f, 16.0f / 9.0f, 0.1f, 100.0f);
  const glm::mat4 view =
      glm::lookAt(glm::vec3(3, -2, 5), glm::vec3(0.5f, 1, -1), glm::vec3(0, 0, 1));
  glm::mat4 shift(1.0f);
  shift[3][0] = 0.2f;
  const glm::vec2 plain = render::view_centre(proj * view),
                  shifted = render::view_centre(shift * proj * view);
  EXPECT_NEAR(plain.x, 0.0f, 1e-5f);
  EXPECT_NEAR(plain.y, 0.0f, 1e-5f);
  EXPECT_NEAR(shifted.x, 0.2f, 1e-5f);
  EXPECT_NEAR(shifted.y, 0.0f, 1e-5f);
  EXPECT_EQ(render::view_centre(glm::mat4(1.0f)), glm::vec2(0.0f)) << "no perspective: the middle";
}

constexpr int kSize = 128;

class ReferenceGl : public test_support::HeadlessGl {
 protected:
  ReferenceGl() : HeadlessGl(kSize, kSize) {}
  void SetUp() override {
    HeadlessGl::SetUp();
    if (IsSkipped()) return;
    renderer_.emplace();
    pass_.emplace();
    target_.emplace(kSize, kSize);
  }
  void TearDown() override {
    bodies_ = render::VertexBuffers();
    target_.reset();
    pass_.reset();
    renderer_.reset();
  }
  // Bodies at clip-space (x, y), bright enough that a sprite's core is white; no bloom and a
  // fixed exposure, so that a picture depends on nothing but the bodies.
  void draw_bodies(const std::vector<glm::vec2>& at) {
    std::vector<float> xyzs;
    for (const glm::vec2& p : at) xyzs.insert(xyzs.end(), {p.x, p.y, 0.0f, 0.5f});
    const std::vector<std::uint8_t> tags((at.size() + 3) / 4 * 4, 1);  // disk bodies
    bodies_.resize(at.size(), false);
    if (!at.empty()) bodies_.upload(xyzs.data(), tags.data());
    render::RenderParams p;
    p.auto_exposure = false;
    p.bloom_strength = 0.0f;
    p.point_size = 60.0f;  // about 11 px at 128 lines
    p.exposure = 50.0f;  // a bright core (the asinh stretch never quite reaches white), a faint rim
    renderer_->draw_bodies(bodies_, glm::mat4(1.0f), p, target_->canvas());
  }
  // The bodies, then the reference image over them; top-down RGBA rows.
  std::vector<std::uint8_t> frame(const std::vector<glm::vec2>& at,
                                  const std::optional<render::ReferenceImage>& look) {
    draw_bodies(at);
    last_read_ = look ? pass_->draw(*look, glm::mat4(1.0f), target_->framebuffer(), kSize, kSize)
                      : std::nullopt;
    return render::read_rgba(target_->framebuffer(), kSize, kSize);
  }
  static Rgb pixel(const std::vector<std::uint8_t>& px, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * kSize + x) * 4;
    return {px[i], px[i + 1], px[i + 2]};
  }
  std::optional<render::Renderer> renderer_;
  std::optional<render::ReferenceImagePass> pass_;
  std::optional<render::OffscreenTarget> target_;
  render::VertexBuffers bodies_;
  std::optional<render::ReadReport> last_read_;
};

TEST_F(ReferenceGl, HalfOpacityShowsHalfTheColourWhereNoBodyShinesAndBodiesStayOnTop) {
  const fs::path path = temp_file("solid.png");
  const Rgb colour{200, 120, 40};
  app::write_png(path, solid(32, 32, colour).data(), 32, 32);
  render::ReferenceImage look;
  look.path = path.string();
  look.opacity = 0.5f;
  const std::vector<glm::vec2> body = {{0.0f, 0.0f}};
  const auto bodies = frame(body, std::nullopt);
  const auto both = frame(body, look);
  ASSERT_TRUE(last_read_);
  EXPECT_FALSE(last_read_->failed) << last_read_->text;
  EXPECT_NE(last_read_->text.find("32 x 32 pixels"), std::string::npos) << last_read_->text;
  const auto photo = frame({}, look);
  EXPECT_FALSE(last_read_) << "the same path is read once";
  const Rgb core = pixel(bodies, 64, 64);
  ASSERT_GE(*std::min_element(core.begin(), core.end()), 220) << "a bright body in the middle";
  ASSERT_EQ(pixel(bodies, 5, 5), (Rgb{0, 0, 0}));
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(pixel(both, 5, 5)[k], colour[k] / 2, 1) << "the photo at half its colour";
    EXPECT_NEAR(pixel(photo, 64, 64)[k], colour[k] / 2, 1);
  }
  for (int k = 0; k < 3; ++k) {
    EXPECT_GE(pixel(both, 64, 64)[k], core[k]) << "the bright body stays on top, channel " << k;
  }
  // Everywhere, the sprite's faint rim included: the screen of the two pictures, which darkens
  // neither (a plain sum would clip; covering would hide the body).
  int checked_rim = 0;
  for (int y = 0; y < kSize; ++y) {
    for (int x = 0; x < kSize; ++x) {
      const Rgb a = pixel(bodies, x, y), b = pixel(photo, x, y), c = pixel(both, x, y);
      for (int k = 0; k < 3; ++k) {
        const int screen = int(a[k] + b[k] - a[k] * b[k] / 255.0 + 0.5);
        ASSERT_NEAR(c[k], screen, 2) << "pixel " << x << "," << y << " channel " << k;
        ASSERT_GE(c[k], std::max(a[k], b[k]) - 1);
      }
      checked_rim += a[0] > 20 && a[0] < 235;
    }
  }
  EXPECT_GT(checked_rim, 0) << "the comparison covered partly lit pixels";
}

TEST_F(ReferenceGl, ScaleRotationAndOffsetPlaceThePhotoOnTheScreen) {
  // 2 x 1: the left pixel red, the right blue. At scale 0.5 it is 64 px tall and 128 wide; turned
  // 90 degrees counter-clockwise its left end points down; shifted 16 px to the right it covers
  // x 48..112 and the whole height.
  const fs::path path = temp_file("red_blue.png");
  const std::vector<std::uint8_t> px = {255, 0, 0, 255, 0, 0, 255, 255};
  app::write_png(path, px.data(), 2, 1);
  render::ReferenceImage look;
  look.path = path.string();
  look.opacity = 1.0f;
  look.scale = 0.5f;
  look.rotation_deg = 90.0f;
  look.offset = {16.0f, 0.0f};
  const auto shown = frame({}, look);
  ASSERT_TRUE(last_read_);
  ASSERT_FALSE(last_read_->failed) << last_read_->text;
  EXPECT_EQ(pixel(shown, 80, kSize - 6), (Rgb{255, 0, 0})) << "bottom (rows are top-down)";
  EXPECT_EQ(pixel(shown, 80, 5), (Rgb{0, 0, 255})) << "top";
  EXPECT_EQ(pixel(shown, 40, 64), (Rgb{0, 0, 0})) << "left of it: nothing";
  EXPECT_EQ(pixel(shown, 120, 64), (Rgb{0, 0, 0})) << "right of it: nothing";
  look.shown = false;
  EXPECT_EQ(pixel(frame({}, look), 80, 5), (Rgb{0, 0, 0})) << "hidden";
}

TEST_F(ReferenceGl, AFailedReadLeavesNoImageAndIsReportedOnceUntilReadAgain) {
  const fs::path good = temp_file("good.png"), missing = temp_file("missing.png");
  fs::remove(missing);
  app::write_png(good, solid(4, 4, {100, 100, 100}).data(), 4, 4);
  render::ReferenceImage look;
  look.path = good.string();
  frame({}, look);
  ASSERT_TRUE(pass_->has_image());
  look.path = missing.string();
  frame({}, look);
  ASSERT_TRUE(last_read_);
  EXPECT_TRUE(last_read_->failed);
  EXPECT_NE(last_read_->text.find(missing.string()), std::string::npos) << last_read_->text;
  EXPECT_FALSE(pass_->has_image()) << "the old photo is not shown under the new name";
  EXPECT_EQ(pixel(frame({}, look), 5, 5), (Rgb{0, 0, 0}));
  EXPECT_FALSE(last_read_) << "not tried again every frame";
  app::write_png(missing, solid(4, 4, {100, 100, 100}).data(), 4, 4);
  ++look.reads;  // the panel's Enter on the same name
  frame({}, look);
  ASSERT_TRUE(last_read_);
  EXPECT_FALSE(last_read_->failed) << last_read_->text;
  EXPECT_TRUE(pass_->has_image());
}

TEST(ReferenceCli, TheOptionsSetTheFileAndAnOpacityFromZeroToOne) {
  const char* good[] = {"galaxy", "--reference", "arp244.jpg", "--reference-opacity", "0.25"};
  const app::ParseResult r = app::parse_options(5, good);
  ASSERT_FALSE(r.exit_code);
  EXPECT_EQ(r.options.reference, "arp244.jpg");
  EXPECT_EQ(r.options.reference_opacity, 0.25f);
  for (const char* bad : {"1.5", "-0.1"}) {
    const char* argv[] = {"galaxy", "--reference-opacity", bad};
    EXPECT_EQ(app::parse_options(3, argv).exit_code, 2) << bad;
  }
}

// The program's path: --reference and --reference-opacity through the start-up and the
// presenter; a file that cannot be read is reported at its place and the run goes on.
TEST(ReferenceApp, TheOptionsDrawThePhotoAndABadFileLeavesTheRunGoing) {
  const fs::path path = temp_file("app_solid.png");
  app::write_png(path, solid(8, 8, {60, 200, 100}).data(), 8, 8);
  app::Options o = test_support::small_options(500);
  o.reference = path.string();
  o.reference_opacity = 1.0f;
  std::string why;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->status().message.find("8 x 8 pixels"), std::string::npos) << a->status().message;
  const std::vector<std::uint8_t> px = a->screen().picture();
  std::size_t photo = 0;
  for (std::size_t i = 0; i < px.size(); i += 4) {
    photo += px[i] == 60 && px[i + 1] == 200 && px[i + 2] == 100;
  }
  EXPECT_GT(photo, px.size() / 4 / 4) << "the photo's colour where no body shines";

  o.reference = temp_file("missing_for_app.png").string();
  fs::remove(o.reference);
  a.reset();
  a = test_support::make_app(o, why);
  ASSERT_TRUE(a) << why;
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->status().error.find(o.reference), std::string::npos) << a->status().error;
  EXPECT_EQ(a->status().error_place, app::Place::Reference);
  EXPECT_TRUE(a->frame()) << "the run goes on";
}

}  // namespace
}  // namespace galaxy
