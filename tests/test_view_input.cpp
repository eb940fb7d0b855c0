// SPDX-License-Identifier: MIT
// The view's input (panel/input.hpp) through ImGui's input state, fed as its GLFW backend would:
// drags orbit and pan, the wheel zooms, keys become actions and a click picks.
#include <gtest/gtest.h>
#include <imgui.h>

#include "camera.hpp"
#include "imgui_context.hpp"
#include "panel/input.hpp"

namespace galaxy {
namespace {

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

}  // namespace
}  // namespace galaxy
