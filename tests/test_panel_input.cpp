// SPDX-License-Identifier: MIT
// Issue 22, the first hour at the panel: a value typed into a slider applies once, when the edit
// ends; two presses of one key in one frame count twice. ImGui is fed as its GLFW backend would
// feed it.
#include <gtest/gtest.h>
#include <imgui.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "app.hpp"
#include "headless_app.hpp"
#include "panel/param_controls.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

constexpr int kEnter = 257;  // GLFW_KEY_ENTER, where the GLFW backend maps ImGuiKey_Enter

// An ImGui context without a renderer, and the panel's physics sliders in a window at (0, 0).
class ParamTyping : public ::testing::Test {
 protected:
  void SetUp() override {
    test_support::make_imgui_context(ImVec2(800, 600));
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnter;
    running = s.params;
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // One frame of the sliders, then what App::apply would make of its changes: a parameter set
  // that check_params refuses is an error, and the panel gets what runs back.
  void frame() {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(500, 400));
    ImGui::Begin("sliders", nullptr, ImGuiWindowFlags_NoDecoration);
    ImGui::PushItemWidth(150.0f);
    first_row = ImGui::GetCursorScreenPos();
    const bool changed = app::param_controls(s.params, ParamSection::Physics);
    ImGui::PopItemWidth();
    ImGui::End();
    ImGui::EndFrame();
    if (!changed) return;
    ++applied;
    try {
      check_params(s.params);
      running = s.params;
    } catch (const std::invalid_argument&) {
      ++errors;
      s.params = running;
    }
  }

  // Ctrl+click on theta's slider (the first row) opens its text field, all of it selected.
  void ctrl_click_theta() {
    ImGuiIO& io = ImGui::GetIO();
    frame();
    io.MousePos = ImVec2(first_row.x + 30.0f, first_row.y + ImGui::GetFrameHeight() * 0.5f);
    frame();
    io.KeyCtrl = true;
    io.MouseDown[0] = true;
    frame();
    io.KeyCtrl = false;
    io.MouseDown[0] = false;
    frame();
  }

  void type(const std::string& text) {
    for (const char ch : text) {
      ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(ch));
      frame();
    }
  }

  void press_enter() {
    ImGui::GetIO().KeysDown[kEnter] = true;
    frame();
    ImGui::GetIO().KeysDown[kEnter] = false;
    frame();
  }

  app::RunWanted s;
  SimParams running;
  ImVec2 first_row{0, 0};
  int applied = 0, errors = 0;
};

// "0.5" typed: neither "0" nor "0." is applied on the way, however many frames pass; Enter
// applies 0.5 once.
TEST_F(ParamTyping, ATypedValueAppliesOnceWhenTheEditEnds) {
  ctrl_click_theta();
  ASSERT_EQ(applied, 0);
  type("0.");
  for (int k = 0; k < 17; ++k) frame();
  EXPECT_EQ(applied, 0) << "a half-typed value is no value to run with";
  EXPECT_EQ(s.params.theta, SimParams{}.theta);
  type("5");
  EXPECT_EQ(applied, 0) << "still typing";
  press_enter();
  EXPECT_EQ(applied, 1);
  EXPECT_EQ(errors, 0);
  EXPECT_EQ(s.params.theta, 0.5f);
  EXPECT_EQ(running.theta, 0.5f);
}

// "0" and Enter: the value the user finished with is refused, once (it was refused every frame
// the text field held it: 17 errors in a second).
TEST_F(ParamTyping, AnInvalidTypedValueIsRefusedOnce) {
  ctrl_click_theta();
  type("0");
  for (int k = 0; k < 17; ++k) frame();
  press_enter();
  for (int k = 0; k < 5; ++k) frame();
  EXPECT_EQ(applied, 1);
  EXPECT_EQ(errors, 1);
  EXPECT_EQ(s.params.theta, SimParams{}.theta) << "the panel shows what runs";
}

// The keys' path in a headless app with the panel: "..", two spaces, ",," and "]]" in one frame.
TEST(PanelKeys, TwoPressesOfOneKeyInOneFrameCountTwice) {
  app::Options o = test_support::small_options(300);
  o.headless = true;
  o.no_ui = false;
  o.lockstep = true;  // each frame runs the steps it grants before it returns
  o.backend = Backend::Cpu;
  std::unique_ptr<app::App> a;
  try {
    a = std::make_unique<app::App>(o);
  } catch (const std::runtime_error& e) {
    GTEST_SKIP() << e.what();
  }
  app::FeatureActions pause;
  pause.time.paused = true;
  a->apply(pause);
  ASSERT_TRUE(a->frame());
  const std::uint64_t before = a->run().session().simulation().steps_taken();
  const float speed = a->features().time.speed().steps_per_frame;
  const auto keys = [&](const std::string& typed) {
    for (const char ch : typed) ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(ch));
    ASSERT_TRUE(a->frame());
  };
  keys("..");
  EXPECT_EQ(a->run().session().simulation().steps_taken(), before + 2) << "two steps";
  keys("  ");
  EXPECT_TRUE(a->features().time.paused()) << "run, then paused again";
  EXPECT_EQ(a->run().session().simulation().steps_taken(), before + 2);
  keys(",,");
  EXPECT_EQ(a->screen().stats().drawn.steps, before) << "two steps back";
  keys("]]");
  EXPECT_EQ(a->features().time.speed().steps_per_frame, 4.0f * speed) << "twice as fast, twice";
}

}  // namespace
}  // namespace galaxy
