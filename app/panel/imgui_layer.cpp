// SPDX-License-Identifier: MIT
#include "panel/imgui_layer.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <stdexcept>

namespace galaxy::app {

void panel_style() {
  ImGui::StyleColorsDark();
  ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w = 1.0f;
}

ImGuiLayer::ImGuiLayer(GLFWwindow* window) : glfw_(window != nullptr), window_(window) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini left in whatever folder the program runs from
  panel_style();
  if (glfw_ && !ImGui_ImplGlfw_InitForOpenGL(window, true)) {
    ImGui::DestroyContext();
    throw std::runtime_error("the ImGui GLFW backend failed to start");
  }
  if (!ImGui_ImplOpenGL3_Init("#version 450")) {
    if (glfw_) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    throw std::runtime_error("the ImGui OpenGL3 backend failed to start");
  }
  if (glfw_) {
    // In front of ImGui's key callback (which it installed): events go through keys_.
    glfwSetWindowUserPointer(window, this);
    imgui_key_ = glfwSetKeyCallback(window, &ImGuiLayer::on_key);
  }
}

void ImGuiLayer::on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto* self = static_cast<ImGuiLayer*>(glfwGetWindowUserPointer(window));
  if (self) self->keys_.push({key, scancode, action, mods});
}

ImGuiLayer::~ImGuiLayer() {
  if (glfw_) {
    glfwSetKeyCallback(window_, imgui_key_);
    glfwSetWindowUserPointer(window_, nullptr);
  }
  ImGui_ImplOpenGL3_Shutdown();
  if (glfw_) ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::new_frame(int width, int height, float dt) {
  ImGui_ImplOpenGL3_NewFrame();
  if (glfw_) {
    if (imgui_key_) {
      for (const KeyEvent& e : keys_.take_frame()) {
        imgui_key_(window_, e.key, e.scancode, e.action, e.mods);
      }
    }
    ImGui_ImplGlfw_NewFrame();
  } else {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DeltaTime = dt > 0.0f ? dt : 1.0f / 60.0f;
  }
  ImGui::NewFrame();
}

void ImGuiLayer::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace galaxy::app
