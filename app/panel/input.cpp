// SPDX-License-Identifier: MIT
#include "panel/input.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cctype>
#include <utility>

#include "panel/key_table.hpp"

namespace galaxy::app {

namespace {

// The drop tool's drag: from the press (in the view, not on the panel) to the release.
void drop_drag(InputActions& a, const ImGuiIO& io) {
  const bool pressed_in_view = !io.MouseDownOwned[0];  // set at the press, kept to the release
  if (ImGui::IsMouseDown(ImGuiMouseButton_Left) && pressed_in_view) a.drag.held = true;
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && pressed_in_view) a.drag.released = true;
  a.drag.from = {io.MouseClickedPos[0].x, io.MouseClickedPos[0].y};
  a.drag.to = {io.MousePos.x, io.MousePos.y};
}

}  // namespace

InputActions handle_input(render::OrbitCamera& camera, float viewport_height, bool drop_mode) {
  InputActions a;
  const ImGuiIO& io = ImGui::GetIO();
  if (drop_mode && !io.KeyShift) drop_drag(a, io);
  if (!io.WantCaptureMouse) {
    const ImVec2 d = io.MouseDelta;
    const bool left = ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f) && !a.drag.held;
    const bool middle = ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 1.0f);
    if (middle || (left && io.KeyShift)) {
      camera.pan(d.x, d.y, viewport_height);
      a.moved_view = true;
    } else if (left && !drop_mode) {
      camera.orbit(d.x, d.y);
      a.moved_view = true;
    }
    if (io.MouseWheel != 0.0f) {
      camera.zoom(io.MouseWheel);
      a.moved_view = true;
    }
    if (!drop_mode && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        io.MouseDragMaxDistanceSqr[0] < 9.0f) {
      a.pick = true;
      a.cursor = {io.MousePos.x, io.MousePos.y};
    }
  }
  if (!io.WantCaptureKeyboard) {
    // Letters come as typed characters: ImGui 1.86 has no key codes for h, p, b or q.
    for (const ImWchar ch : io.InputQueueCharacters) {
      if (ch < 128) press_typed(a, static_cast<char>(std::tolower(static_cast<int>(ch))));
    }
    const std::pair<int, NamedKey> named[] = {
        {ImGui::GetKeyIndex(ImGuiKey_Escape), NamedKey::Escape},
        {ImGui::GetKeyIndex(ImGuiKey_RightArrow), NamedKey::Right},
        {ImGui::GetKeyIndex(ImGuiKey_LeftArrow), NamedKey::Left},
        {ImGui::GetKeyIndex(ImGuiKey_Delete), NamedKey::Delete},
        // ImGui 1.86 names no function keys; its GLFW backend keeps them at GLFW's key codes.
        {GLFW_KEY_F11, NamedKey::F11}};
    for (const auto& [index, key] : named) {
      if (ImGui::IsKeyPressed(index)) press_named(a, key);
    }
  }
  return a;
}

}  // namespace galaxy::app
