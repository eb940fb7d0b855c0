// SPDX-License-Identifier: MIT
// Dear ImGui's context and backends: the OpenGL3 renderer always, the GLFW platform backend when
// there is a window. Headless, the display size and frame time are fed by hand.
#pragma once

#include "panel/key_queue.hpp"

struct GLFWwindow;

namespace galaxy::app {

// The panel's look on ImGui's dark style: drop-down lists, tooltips and pop-ups opaque, so that
// the panel's text never shows through them.
void panel_style();

class ImGuiLayer {
 public:
  explicit ImGuiLayer(GLFWwindow* window);  // null: headless; throws when a backend fails
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  void new_frame(int width, int height, float dt_seconds);
  void render();  // into the framebuffer bound now

 private:
  static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);

  bool glfw_ = false;
  GLFWwindow* window_ = nullptr;
  // GLFW key events wait here and reach ImGui's own callback (imgui_key_) frame by frame.
  KeyQueue keys_;
  void (*imgui_key_)(GLFWwindow*, int, int, int, int) = nullptr;
};

}  // namespace galaxy::app
