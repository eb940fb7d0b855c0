// SPDX-License-Identifier: MIT
// Dear ImGui's context and backends: the OpenGL3 renderer always, the GLFW platform backend when
// there is a window. Headless, the display size and frame time are fed by hand.
#pragma once

struct GLFWwindow;

namespace galaxy::app {

class ImGuiLayer {
 public:
  explicit ImGuiLayer(GLFWwindow* window);  // null: headless; throws when a backend fails
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void new_frame(int width, int height, float dt_seconds);
  void render();  // into the framebuffer bound now

 private:
  bool glfw_ = false;
};

}  // namespace galaxy::app
