// SPDX-License-Identifier: MIT
// The visualizer, as a user meets it from the command line: headless frames that show a galaxy,
// with and without the panel, MP4 through ffmpeg, and a window under Xvfb. GL tests skip, saying
// why, only where no OpenGL 4.5 context can be made (no Mesa); on CI and the dev machine they run.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>

#include "fresh_dir.hpp"
#include "picture/recorder.hpp"
#include "png_read.hpp"
#include "run_command.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using test_support::fresh_dir;

using test_support::CommandResult;
CommandResult run(const std::string& cmd) {
  return test_support::run_command(cmd);
}

bool no_gl(const CommandResult& r) {
  return r.output.find("no headless OpenGL 4.5 core context") != std::string::npos;
}

struct ImageStats {
  double centre_lit = 0;   // fraction of lit pixels in the middle fifth of the image
  double border_mean = 0;  // mean luminance (0-255) of the outer 5% frame
  double saturated = 0;    // fraction of pixels at full white
  double lit = 0;          // fraction of lit pixels overall
};

ImageStats image_stats(const fs::path& png) {
  int w = 0, h = 0;
  const auto px = test_support::read_png(png, w, h);
  ImageStats s;
  std::size_t centre = 0, border = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* p = &px[(static_cast<std::size_t>(y) * w + x) * 4];
      const double lum = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
      const bool lit = lum > 24;
      s.lit += lit;
      s.saturated += p[0] == 255 && p[1] == 255 && p[2] == 255;
      if (std::abs(x - w / 2) < w / 10 && std::abs(y - h / 2) < h / 10) {
        s.centre_lit += lit;
        ++centre;
      }
      if (x < w / 20 || x >= w - w / 20 || y < h / 20 || y >= h - h / 20) {
        s.border_mean += lum;
        ++border;
      }
    }
  }
  s.centre_lit /= static_cast<double>(centre);
  s.border_mean /= static_cast<double>(border);
  s.saturated /= static_cast<double>(w) * h;
  s.lit /= static_cast<double>(w) * h;
  return s;
}

void expect_galaxy(const fs::path& png, const std::string& label) {
  const ImageStats s = image_stats(png);
  EXPECT_GT(s.centre_lit, 0.4) << label << ": the core should glow";
  EXPECT_LT(s.border_mean, 20.0) << label << ": the edges should be dark sky";
  EXPECT_LT(s.saturated, 0.02) << label << ": the tone map should not clip to white";
  EXPECT_GT(s.lit, 0.02) << label << ": more than a dot";
  EXPECT_LT(s.lit, 0.8) << label << ": not a wash";
}

void render_plummer(const std::string& splat) {
  const fs::path dir = fresh_dir("galaxy_render_" + splat);
  const CommandResult r =
      run(test_support::galaxy_command() + " --headless --backend cpu --scenario plummer --bodies 8000 --frames 3 --no-ui" +
          " --width 480 --height 360 --splat " + splat + " --record " + dir.string());
  if (no_gl(r)) GTEST_SKIP() << "no OpenGL 4.5 context (Mesa missing): " << r.output;
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("wrote 3 frames to " + dir.string()), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("median per frame: render"), std::string::npos) << r.output;
  for (const char* f : {"frame_00000.png", "frame_00001.png", "frame_00002.png"}) {
    ASSERT_TRUE(fs::exists(dir / f)) << f;
  }
  expect_galaxy(dir / "frame_00002.png", splat);
  fs::remove_all(dir);
}

TEST(HeadlessRender, PlummerFramesWithPointSpritesShowAGalaxy) {
  render_plummer("points");
}
TEST(HeadlessRender, PlummerFramesWithComputeSplatShowAGalaxy) {
  render_plummer("compute");
}

// Recordings show the picture alone unless --record-panel (issue 22: a clip without the panel).
TEST(HeadlessRender, ThePanelIsDrawnHeadlessUnlessNoUi) {
  const fs::path dir = fresh_dir("galaxy_render_panel");
  const std::string common = test_support::galaxy_command() +
                             " --headless --backend cpu --bodies 500 --frames 1 --steps 0"
                             " --width 480 --height 360 --record ";
  const CommandResult with = run(common + (dir / "ui").string() + " --record-panel");
  if (no_gl(with)) GTEST_SKIP() << "no OpenGL 4.5 context: " << with.output;
  ASSERT_EQ(with.status, 0) << with.output;
  EXPECT_EQ(with.output.find("warning"), std::string::npos) << with.output;
  ASSERT_EQ(run(common + (dir / "plain").string() + " --no-ui").status, 0);
  ASSERT_EQ(run(common + (dir / "picture").string()).status, 0);  // the panel, not recorded
  // The panel's top-left corner: its title bar and widgets are blue-grey, the sky is black.
  auto corner_mean = [](const fs::path& png) {
    int w = 0, h = 0;
    const auto px = test_support::read_png(png, w, h);
    double sum = 0;
    for (int y = 0; y < 100; ++y) {
      for (int x = 0; x < 100; ++x) sum += px[(static_cast<std::size_t>(y) * w + x) * 4 + 2];
    }
    return sum / 10000.0;
  };
  EXPECT_GT(corner_mean(dir / "ui" / "frame_00000.png"), 25.0);
  EXPECT_LT(corner_mean(dir / "plain" / "frame_00000.png"), 10.0);
  EXPECT_LT(corner_mean(dir / "picture" / "frame_00000.png"), 10.0);
  fs::remove_all(dir);
}

TEST(HeadlessRender, MesaSurfacelessPlatformIsTheFallback) {
  const CommandResult r = run("GALAXY_EGL_PLATFORM=surfaceless " + test_support::galaxy_command() +
                              " --headless --backend cpu --bodies 300 --frames 1 --no-ui"
                              " --width 64 --height 64");
  if (no_gl(r)) GTEST_SKIP() << "no surfaceless platform here: " << r.output;
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("via EGL surfaceless platform"), std::string::npos) << r.output;
}

TEST(HeadlessRender, HeadlessWithoutFramesKeepsTheEnergyTable) {
  const CommandResult r =
      run(test_support::galaxy_command() + " --headless --backend cpu --bodies 200 --steps 2");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("energy"), std::string::npos);
  EXPECT_EQ(r.output.find("frames at"), std::string::npos) << "no rendering was asked for";
}

TEST(HeadlessRender, Mp4WithoutFfmpegSaysSo) {
  if (app::ffmpeg_available()) GTEST_SKIP() << "ffmpeg is installed here";
  const CommandResult r = run(test_support::galaxy_command() +
                              " --headless --backend cpu --bodies 200 --frames 1 --no-ui "
                              "--width 64 --height 64 --record /tmp/galaxy_test.mp4");
  // Checked before the first frame, so no GL context is needed to hear it.
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("needs ffmpeg"), std::string::npos) << r.output;
}

TEST(HeadlessRender, Mp4RecordingGoesThroughFfmpeg) {
  if (!app::ffmpeg_available()) GTEST_SKIP() << "ffmpeg is not installed (apt-get install ffmpeg)";
  const fs::path f = fs::temp_directory_path() / "galaxy_test_clip.mp4";
  fs::remove(f);
  const CommandResult r = run(test_support::galaxy_command() +
                              " --headless --backend cpu --bodies 500 --frames 6 --no-ui "
                              "--width 160 --height 96 --record " +
                              f.string());
  if (no_gl(r)) GTEST_SKIP() << "no OpenGL 4.5 context: " << r.output;
  ASSERT_EQ(r.status, 0) << r.output;
  ASSERT_TRUE(fs::exists(f));
  const CommandResult probe =
      run("ffprobe -v error -count_frames -select_streams v:0 -show_entries "
          "stream=width,height,nb_read_frames -of csv=p=0 " +
          f.string());
  EXPECT_EQ(probe.output, "160,96,6\n");
  fs::remove(f);
}

TEST(Window, OpensUnderXvfbRendersAndExitsAfterFrames) {
  if (run("command -v xvfb-run").status != 0) {
    GTEST_SKIP() << "xvfb-run is not installed (apt-get install xvfb xauth)";
  }
  const CommandResult r = run("xvfb-run -a -s '-screen 0 640x480x24' " + test_support::galaxy_command() +
                              " --backend cpu --bodies 2000 --frames 4 --width 320 --height 240");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("via GLFW window"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("4 frames at 320x240"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace galaxy
