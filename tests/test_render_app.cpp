// SPDX-License-Identifier: MIT
// The visualizer through the app in the test's process: live body-count changes through the
// panel's apply path, the CUDA interop path writing the GL buffers, and a picked body's walk and
// the octree overlay drawn (and redrawn after a solver change). GL tests skip, saying why, where
// no OpenGL 4.5 context can be made.
#include <glad/gl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "app.hpp"
#include "fresh_dir.hpp"
#include "headless_app.hpp"
#include "png_read.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using test_support::fresh_dir;

using test_support::make_app;

// The panel's path: a body count asked as the field asks it, App::apply. Repeatedly, and a bad count.
TEST(AppGl, BodyCountChangesThroughThePanelPathRepeatedly) {
  app::Options o;
  o.bodies = 1000;
  o.width = 160;
  o.height = 120;
  std::string why;
  auto a = make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  for (std::size_t n : {3000u, 500u, 2048u, 1u, 1000u}) {
    app::FeatureActions c;
    c.run_settings.bodies = n;
    a->apply(c);
    ASSERT_TRUE(a->frame());
    EXPECT_EQ(a->run().session().simulation().size(), n);
    EXPECT_EQ(a->screen().vertices().count(), n);
    EXPECT_EQ(a->run().control().wanted().bodies, n);
    EXPECT_TRUE(a->status().error.empty()) << a->status().error;
  }
  app::FeatureActions c;
  c.run_settings.bodies = 0;  // the scenario cannot make zero bodies: the run stays
  a->apply(c);
  EXPECT_EQ(a->run().session().simulation().size(), 1000u);
  EXPECT_EQ(a->screen().vertices().count(), 1000u);
  EXPECT_FALSE(a->status().error.empty());
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
  ASSERT_TRUE(a->screen().vertices().cuda_registered()) << a->screen().vertices().registration_error();
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(a->frame());
  EXPECT_TRUE(a->screen().stats().interop) << a->screen().stats().interop_warning;
  EXPECT_EQ(a->screen().stats().transfer_bytes, 0u);
  EXPECT_TRUE(a->screen().stats().interop_warning.empty()) << a->screen().stats().interop_warning;
  const std::size_t n = a->run().session().simulation().size();
  std::vector<float> gl(4 * n), host(4 * n);
  std::vector<std::uint8_t> gl_tags(n), host_tags(n);
  glGetNamedBufferSubData(a->screen().vertices().xyzs(), 0, static_cast<GLsizeiptr>(gl.size() * 4),
                          gl.data());
  glGetNamedBufferSubData(a->screen().vertices().tags(), 0, static_cast<GLsizeiptr>(n), gl_tags.data());
  a->run().session().simulation().vertices()->write_vertices_host(host.data(), host_tags.data());
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
  app::FeatureActions act;
  act.inspect.select = 42;
  a->apply(act);
  ASSERT_TRUE(a->frame());  // frame_00001: body 42's walk
  EXPECT_NE(a->features().inspect.walk().find("cells accepted"), std::string::npos);
  act.inspect = {.toggle_octree = true, .octree_depth = 3, .select = -1};
  a->apply(act);
  ASSERT_TRUE(a->frame());  // frame_00002: the octree
  EXPECT_TRUE(a->status().error.empty()) << a->status().error;
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
// run never takes): to the direct solver, the walk's line says there is no tree to show, in the
// panel's words (on be4b4bf the status line said "overlay: trace_walk: the direct solver builds
// no tree").
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
  EXPECT_NE(a->features().inspect.walk().find("body 7"), std::string::npos)
      << a->features().inspect.walk();
  app::FeatureActions c;
  c.run_settings.solver = Solver::Direct;
  a->apply(c);
  ASSERT_TRUE(a->frame());
  EXPECT_EQ(a->status().error, "") << "no error: the direct solver has no walk to show";
  EXPECT_NE(a->features().inspect.walk().find("body 7: the direct solver sums all 1999 other "
                                              "bodies, it walks no tree"),
            std::string::npos)
      << a->features().inspect.walk();
  c.run_settings.solver = Solver::BarnesHut;
  a->apply(c);
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->features().inspect.walk().find("body 7"), std::string::npos)
      << a->features().inspect.walk();
}

}  // namespace
}  // namespace galaxy
