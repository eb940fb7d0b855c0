// SPDX-License-Identifier: MIT
// The trails as a feature of their own (app/features/trails.hpp): what is followed is theirs and
// changes only through their action, the vertices are asked to say where each body is exactly
// while some bodies are followed, the look's trail knobs are written into the look, and their
// rows ask and change nothing themselves. The trails drawn over a run: tests/test_trails.cpp.
#include <gtest/gtest.h>
#include <imgui.h>

#include <stdexcept>

#include "features/trails.hpp"
#include "imgui_context.hpp"
#include "knobs.hpp"

namespace galaxy {
namespace {

const render::Knob& trail_knob() {
  for (const render::Knob& k : render::knobs()) {
    if (k.group == render::KnobGroup::Trails && k.in_panel) return k;
  }
  throw std::runtime_error("no trail knob");
}

TEST(TrailsFeature, WhatIsFollowedChangesThroughItsActionAndAsksForVertexOf) {
  app::Trails t;
  EXPECT_FALSE(t.vertex_of()) << "no trails unless asked";
  EXPECT_EQ(t.drawn(), nullptr);
  const app::Trails asked(40);  // --trails 40
  EXPECT_TRUE(asked.vertex_of());
  EXPECT_EQ(asked.params().bodies, 40);
  render::RenderParams look;
  render::TrailParams p;
  p.bodies = 100;
  p.every = 1;
  p.galaxy = 1;
  t.apply({.set = p, .knobs = {}}, look);
  EXPECT_EQ(t.params(), p);
  EXPECT_TRUE(t.vertex_of());
  EXPECT_TRUE(look == render::RenderParams{}) << "the look is left as it was";
  const render::Knob& k = trail_knob();
  t.apply({.set = std::nullopt, .knobs = {{&k, 0.25f}}}, look);
  EXPECT_EQ(look.*k.field, 0.25f) << "the knob is the look's";
  EXPECT_EQ(t.params(), p) << "and what is followed stays";
  p.bodies = 0;
  t.apply({.set = p, .knobs = {}}, look);
  EXPECT_FALSE(t.vertex_of()) << "off: the vertices need not say where each body is";
}

TEST(TrailsFeature, ItsRowsAskAndLeaveTheTrailsAsTheyAre) {
  test_support::make_imgui_context(ImVec2(400, 300));
  const app::Trails t(40);
  app::Trails::Action a;
  const render::RenderParams look;
  // The bodies slider, clicked at its left end: far fewer bodies than 40.
  test_support::click_first_item([&] { t.rows(a, look); });
  ImGui::DestroyContext();
  ASSERT_TRUE(a.set) << "the click asked for another count";
  EXPECT_LT(a.set->bodies, 40);
  EXPECT_EQ(t.params().bodies, 40) << "and the trails change only when the action is applied";
}

// On be4b4bf trails took software OpenGL to 9 fps without a word: a line under the trails says
// so, and what to change, only where trails are on, the renderer is software and the rate low.
TEST(TrailsFeature, ALineSaysWhatTrailsCostOnSoftwareOpenGl) {
  app::FrameStats f;
  f.gl_description = "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits) via GLFW window";
  f.fps = 9.0f;
  const std::string line = app::Trails::cost_line(f, 4096);
  EXPECT_NE(line.find("9 fps on software OpenGL"), std::string::npos) << line;
  EXPECT_NE(line.find("fewer bodies"), std::string::npos) << line;
  EXPECT_EQ(app::Trails::cost_line(f, 0), "") << "trails off";
  f.fps = 45.0f;
  EXPECT_EQ(app::Trails::cost_line(f, 4096), "") << "fast enough";
  f.fps = 9.0f;
  f.gl_description = "OpenGL 4.6.0 NVIDIA 570.86, NVIDIA H200/PCIe/SSE2 via EGL device 0";
  EXPECT_EQ(app::Trails::cost_line(f, 4096), "") << "hardware: slow for other reasons";
}

}  // namespace
}  // namespace galaxy

