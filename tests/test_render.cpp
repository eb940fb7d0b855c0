// SPDX-License-Identifier: MIT
// The visualizer, as a user meets it: headless frames that show a galaxy, a window under Xvfb,
// and live body-count changes through the panel's apply path. GL tests skip, saying why, only
// where no OpenGL 4.5 context can be made (no Mesa); on CI and the dev machine they run.
#include <glad/gl.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "app.hpp"
#include "palette.hpp"
#include "cpu/cpu_simulation.hpp"
#include "headless_app.hpp"
#include "headless_gl.hpp"
#include "imgui_context.hpp"
#include "offscreen_target.hpp"
#include "panel/input.hpp"
#include "picture/gl_context.hpp"
#include "picture/overlay.hpp"
#include "picture/recorder.hpp"
#include "png_read.hpp"
#include "run_command.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

using test_support::CommandResult;
CommandResult run(const std::string& cmd) {
  return test_support::run_command(cmd);
}

bool no_gl(const CommandResult& r) {
  return r.output.find("no headless OpenGL 4.5 core context") != std::string::npos;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  return d;
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

using test_support::make_app;

// The panel's path: edit Settings, mark the change, App::apply. Repeatedly, and a bad count.
TEST(AppGl, BodyCountChangesThroughThePanelPathRepeatedly) {
  app::Options o;
  o.bodies = 1000;
  o.width = 160;
  o.height = 120;
  std::string why;
  auto a = make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  for (std::size_t n : {3000u, 500u, 2048u, 1u, 1000u}) {
    a->settings().bodies = n;
    app::Changes c;
    c.bodies = true;
    a->apply(c);
    ASSERT_TRUE(a->frame());
    EXPECT_EQ(a->session().simulation().size(), n);
    EXPECT_EQ(a->vertices().count(), n);
    EXPECT_EQ(a->settings().bodies, n);
    EXPECT_TRUE(a->stats().error.empty()) << a->stats().error;
  }
  a->settings().bodies = 0;  // the scenario cannot make zero bodies: the run stays
  app::Changes c;
  c.bodies = true;
  a->apply(c);
  EXPECT_EQ(a->session().simulation().size(), 1000u);
  EXPECT_EQ(a->vertices().count(), 1000u);
  EXPECT_FALSE(a->stats().error.empty());
  EXPECT_TRUE(a->frame());
}

// The design's core: with the CUDA backend the simulation writes the GL buffers through the
// mapping, no vertex crosses to the host, and GL sees exactly what the host path would give.
TEST(AppGl, CudaInteropWritesTheGlBuffersWithoutHostCopies) {
  std::string why;
  if (!cuda_available(&why)) GTEST_SKIP() << "no CUDA device: " << why;
  app::Options o;
  o.backend = Backend::Cuda;
  o.bodies = 100000;
  o.width = 320;
  o.height = 240;
  auto a = make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->vertices().cuda_registered()) << a->vertices().registration_error();
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(a->frame());
  EXPECT_TRUE(a->stats().interop) << a->stats().interop_warning;
  EXPECT_EQ(a->stats().transfer_bytes, 0u);
  EXPECT_TRUE(a->stats().interop_warning.empty()) << a->stats().interop_warning;
  const std::size_t n = a->session().simulation().size();
  std::vector<float> gl(4 * n), host(4 * n);
  std::vector<std::uint8_t> gl_tags(n), host_tags(n);
  glGetNamedBufferSubData(a->vertices().xyzs(), 0, static_cast<GLsizeiptr>(gl.size() * 4),
                          gl.data());
  glGetNamedBufferSubData(a->vertices().tags(), 0, static_cast<GLsizeiptr>(n), gl_tags.data());
  a->session().simulation().write_vertices_host(host.data(), host_tags.data());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < gl.size(); ++i) differ += gl[i] != host[i];
  EXPECT_EQ(differ, 0u) << "GL holds the positions and speeds of the current step";
  EXPECT_EQ(gl_tags, host_tags);
}

// Pixels that read as the overlay's green (accepted cells) or red (opened cells).
void count_overlay_pixels(const fs::path& png, int& green, int& red) {
  int w = 0, h = 0;
  const auto px = test_support::read_png(png, w, h);
  green = red = 0;
  for (std::size_t i = 0; i < px.size(); i += 4) {
    const int r = px[i], g = px[i + 1], b = px[i + 2];
    green += g > 100 && g > 2 * r && g > 2 * b;
    red += r > 60 && r > 3 * g && r > 3 * b;
  }
}

TEST(AppGl, PickedBodyShowsItsWalkAndTheOctreeOverlayDraws) {
  const fs::path dir = fresh_dir("galaxy_overlay");
  app::Options o;
  o.bodies = 3000;
  o.width = 320;
  o.height = 240;
  o.steps = 0;  // the bodies stay put: frames differ only by the overlay
  o.record = dir.string();
  std::string why;
  auto a = make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());  // frame_00000: no overlay
  a->settings().picked_body = 42;
  app::Changes c;
  c.overlay = true;
  a->apply(c);
  ASSERT_TRUE(a->frame());  // frame_00001: body 42's walk
  EXPECT_NE(a->stats().picked_info.find("cells accepted"), std::string::npos);
  a->settings().picked_body = -1;
  a->settings().octree_overlay = true;
  a->settings().octree_depth = 3;
  a->apply(c);
  ASSERT_TRUE(a->frame());  // frame_00002: the octree
  EXPECT_TRUE(a->stats().error.empty()) << a->stats().error;
  int green0 = 0, red0 = 0, green1 = 0, red1 = 0, green2 = 0, red2 = 0;
  count_overlay_pixels(dir / "frame_00000.png", green0, red0);
  count_overlay_pixels(dir / "frame_00001.png", green1, red1);
  count_overlay_pixels(dir / "frame_00002.png", green2, red2);
  EXPECT_GT(green1, green0 + 200) << "accepted cells are drawn green";
  EXPECT_GT(red1, red0 + 50) << "opened cells are drawn red";
  int w = 0, h = 0;
  const auto plain = test_support::read_png(dir / "frame_00000.png", w, h);
  const auto boxes = test_support::read_png(dir / "frame_00002.png", w, h);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < plain.size(); i += 4) differ += plain[i + 2] + 40 < boxes[i + 2];
  EXPECT_GT(differ, 500u) << "the octree's blue cell edges are drawn";
  a.reset();
  fs::remove_all(dir);
}

// A solver change redraws the picked body's walk at once (not at the next step, which a paused
// run never takes): to the direct solver, the status line says there is no tree to show.
TEST(AppGl, ASolverChangeRefreshesThePickedWalk) {
  app::Options o;
  o.bodies = 2000;
  o.width = 160;
  o.height = 120;
  o.steps = 0;
  o.pick = 7;
  std::string why;
  auto a = make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->stats().picked_info.find("body 7"), std::string::npos) << a->stats().picked_info;
  a->settings().solver = Solver::Direct;
  app::Changes c;
  c.solver = true;
  a->apply(c);
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->stats().error.find("overlay: trace_walk: the direct solver builds no tree"),
            std::string::npos)
      << a->stats().error;
  EXPECT_TRUE(a->stats().picked_info.empty()) << a->stats().picked_info;
  a->settings().solver = Solver::BarnesHut;
  a->apply(c);
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->stats().picked_info.find("body 7"), std::string::npos) << a->stats().picked_info;
}

TEST(Overlay, PickFindsTheBodyNearestTheCursor) {
  HostBodies b;
  b.resize(3);
  const float xs[3] = {-0.5f, 0.0f, 0.5f};
  for (int i = 0; i < 3; ++i) {
    b.x[i] = xs[i];
    b.y[i] = 0.0f;
    b.z[i] = 0.0f;
    b.m[i] = 1.0f;
  }
  const glm::mat4 identity(1.0f);  // window x = (x + 1) / 2 * width
  EXPECT_EQ(app::pick_body(b, identity, 100, 100, {52, 49}, 10), 1);
  EXPECT_EQ(app::pick_body(b, identity, 100, 100, {74, 50}, 10), 2);
  EXPECT_EQ(app::pick_body(b, identity, 100, 100, {40, 90}, 10), -1) << "nothing near";
}

// Input goes through ImGui's input state: feed it as its GLFW backend would.
class InputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test_support::make_imgui_context(ImVec2(800, 600));
  }
  void TearDown() override { ImGui::DestroyContext(); }
  app::InputActions frame() {
    ImGui::NewFrame();
    const app::InputActions a = app::handle_input(camera, 600.0f, false);
    ImGui::EndFrame();
    return a;
  }
  render::OrbitCamera camera;
};

TEST_F(InputTest, LeftDragOrbitsWheelZoomsAndShiftDragPans) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(400, 300);
  frame();
  io.MouseDown[0] = true;
  frame();
  const float yaw = camera.yaw;
  io.MousePos = ImVec2(440, 300);
  frame();
  EXPECT_NE(camera.yaw, yaw) << "a left drag orbits";
  io.MouseDown[0] = false;
  frame();
  const float d = camera.distance();
  io.MouseWheel = 1.0f;
  frame();
  EXPECT_LT(camera.distance(), d) << "the wheel zooms in";
  const glm::vec3 t = camera.target();
  io.KeyShift = true;
  io.MouseDown[0] = true;
  frame();
  io.MousePos = ImVec2(480, 330);
  frame();
  EXPECT_GT(glm::length(camera.target() - t), 0.0f) << "shift + left drag pans";
}

TEST_F(InputTest, KeysBecomeActionsAndAClickPicks) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(100, 100);
  frame();
  for (const char ch : std::string(" hcpbq")) io.AddInputCharacter(ch);
  const app::InputActions a = frame();
  EXPECT_TRUE(a.toggle_pause && a.toggle_panel && a.fit && a.screenshot && a.toggle_octree &&
              a.quit);
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  const app::InputActions click = frame();
  EXPECT_TRUE(click.pick);
  EXPECT_EQ(click.cursor, glm::vec2(100, 100));
}

// The overlay asks the running backend: a picked body's walk on the CPU backend gives a box for
// each accepted (green) and opened (red) cell, a yellow marker for each body summed directly and a
// cyan one for the body, and the tree's cells come from the same backend, coloured by level.
// Readable at any N: while a body is picked the tree's cells stay off, and cells far from the body
// for their size fade (to no less than 15% of the colour's opacity) while those beside it keep
// it.
TEST(Overlay, APickedWalkShowsAloneAndFarCellsFade) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(3000, 7));
  const WalkTrace t = sim.trace_walk(42);
  EXPECT_EQ(app::overlay_geometry(sim, 3, -1).boxes.size(), sim.tree_cells(3).size());
  const app::OverlayGeometry g = app::overlay_geometry(sim, 3, 42);
  EXPECT_EQ(g.boxes.size(), t.accepted.size() + t.opened.size() + 1)
      << "no tree cells: the walk and its group's box";
  float lo = 1, hi = 0;
  for (auto it = g.boxes.begin(); it != g.boxes.end() - 1; ++it) {  // the walk; last: its group
    const render::Box& b = *it;
    lo = std::min(lo, b.color.a);
    hi = std::max(hi, b.color.a);
    EXPECT_GE(b.color.a, 0.15f * 0.35f - 1e-6f);
  }
  EXPECT_FLOAT_EQ(hi, 0.7f) << "a cell beside the body keeps the accepted colour's opacity";
  EXPECT_LT(lo, 0.5f * hi) << "far cells fade";
}

TEST(Overlay, APickedBodysWalkComesFromTheRunningBackend) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(3000, 7));
  const WalkTrace t = sim.trace_walk(42);
  const app::OverlayGeometry g = app::overlay_geometry(sim, -1, 42);
  ASSERT_FALSE(t.accepted.empty());
  ASSERT_FALSE(t.opened.empty());
  // The CPU backend walks groups as the GPU does: their box is drawn too (magenta).
  ASSERT_GT(t.group_bodies, 1u);
  ASSERT_LE(t.group_bodies, std::size_t(sim.params().group_size));
  ASSERT_EQ(g.boxes.size(), t.accepted.size() + t.opened.size() + 1);
  const render::Box& group = g.boxes.back();
  EXPECT_GT(group.color.b, 2 * group.color.g) << "magenta";
  ASSERT_EQ(g.markers.size(), t.direct.size() + 1);
  const auto green = [](const render::Box& b) { return b.color.g > 2 * b.color.r; };
  const auto red = [](const render::Box& b) { return b.color.r > 2 * b.color.g; };
  const auto walk_end = g.boxes.end() - 1;
  EXPECT_EQ(std::count_if(g.boxes.begin(), walk_end, green), std::ptrdiff_t(t.accepted.size()));
  EXPECT_EQ(std::count_if(g.boxes.begin(), walk_end, red), std::ptrdiff_t(t.opened.size()));
  const HostBodies b = sim.download();
  EXPECT_EQ(g.markers.back().position, glm::vec3(b.x[42], b.y[42], b.z[42])) << "the body";
  EXPECT_NE(g.info.find("body 42"), std::string::npos) << g.info;
  EXPECT_NE(g.info.find(std::to_string(t.accepted.size()) + " cells accepted"), std::string::npos)
      << g.info;
  EXPECT_NE(g.info.find("walked with its group of " + std::to_string(t.group_bodies)),
            std::string::npos)
      << g.info;

  const app::OverlayGeometry cells = app::overlay_geometry(sim, 3, -1);
  EXPECT_EQ(cells.boxes.size(), sim.tree_cells(3).size());
  EXPECT_FALSE(cells.boxes.empty());
  EXPECT_TRUE(cells.markers.empty());
  EXPECT_TRUE(cells.info.empty());
  EXPECT_TRUE(app::overlay_geometry(sim, -1, 3000).boxes.empty()) << "no such body: no walk";
}

// The info line names a group walk (the CUDA backend) and its size.
TEST(Overlay, TheInfoLineSaysWhenABodyWalkedWithItsGroup) {
  WalkTrace t;
  t.accepted.resize(5);
  t.opened.resize(3);
  t.direct.resize(7);
  t.group_bodies = 32;
  const std::string info = app::walk_info(9, 0.75f, t);
  EXPECT_NE(info.find("body 9 at theta 0.75: 5 cells accepted (green), 3 opened (red), 7 bodies"),
            std::string::npos)
      << info;
  EXPECT_NE(info.find("walked with its group of 32 bodies"), std::string::npos) << info;
}

// The overlay asks again at once after a change of what it shows, else only when the run has
// stepped and at most once per interval of wall-clock time.
TEST(Overlay, RefreshFollowsStepsAtMostFiveTimesASecond) {
  using Clock = app::OverlayRefresh::Clock;
  app::OverlayRefresh r;
  const Clock::time_point t0{};
  const auto ms = [&](int k) { return t0 + std::chrono::milliseconds(k); };
  EXPECT_TRUE(r.due(0, false, ms(1000))) << "the first frame draws (or clears) the overlays";
  EXPECT_FALSE(r.due(5, false, ms(2000))) << "nothing shown: nothing to ask";
  EXPECT_FALSE(r.due(0, true, ms(2000))) << "the run has not stepped";
  EXPECT_TRUE(r.due(1, true, ms(2000)));
  EXPECT_FALSE(r.due(2, true, ms(2100))) << "stepped, but too soon";
  EXPECT_FALSE(r.due(3, true, ms(2199)));
  EXPECT_TRUE(r.due(4, true, ms(2200)));
  r.invalidate();
  EXPECT_TRUE(r.due(4, true, ms(2201))) << "a change of what is shown: at once";
  EXPECT_FALSE(r.due(4, true, ms(5000)));
}

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
