// SPDX-License-Identifier: MIT
#include "panel/input.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cctype>

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
    } else if (left && !drop_mode) {
      camera.orbit(d.x, d.y);
    }
    if (io.MouseWheel != 0.0f) camera.zoom(io.MouseWheel);
    if (!drop_mode && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        io.MouseDragMaxDistanceSqr[0] < 9.0f) {
      a.pick = true;
      a.cursor = {io.MousePos.x, io.MousePos.y};
    }
  }
  if (!io.WantCaptureKeyboard) {
    // Letters come as typed characters: ImGui 1.86 has no key codes for h, p, b or q.
    for (const ImWchar ch : io.InputQueueCharacters) {
      switch (std::tolower(static_cast<int>(ch))) {
        case ' ':
          a.toggle_pause = !a.toggle_pause;
          break;
        case 'h':
          a.toggle_panel = !a.toggle_panel;
          break;
        case 'c':
          a.fit = true;
          break;
        case 'p':
          a.screenshot = true;
          break;
        case 'b':
          a.toggle_octree = !a.toggle_octree;
          break;
        case 'q':
          a.quit = true;
          break;
        case '.':
          ++a.step;
          break;
        case ',':
          ++a.step_back;
          break;
        case ']':
          ++a.speed_change;
          break;
        case '[':
          --a.speed_change;
          break;
        case 'g':
          a.toggle_drop = !a.toggle_drop;
          break;
        case 'u':
          ++a.undo;
          break;
        case 'f':
          a.cycle_follow = true;
          break;
        case 'v':
          a.toggle_three_view = true;
          break;
        case 'r':
          a.toggle_recording = true;
          break;
        case 'm':
          a.toggle_ruler = true;
          break;
        case 'i':
          a.add_camera_key = true;
          break;
        case 'l':
          a.toggle_camera_path = !a.toggle_camera_path;
          break;
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
          a.view = static_cast<ViewDirection>(ch - '0');  // FaceOn is 1 ... Z is 5
          break;
        default:
          break;
      }
    }
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) a.quit = true;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) ++a.step;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) ++a.step_back;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete))) a.remove_galaxy = true;
    // ImGui 1.86 names no function keys; its GLFW backend keeps them at GLFW's own key codes.
    if (ImGui::IsKeyPressed(GLFW_KEY_F11)) a.toggle_fullscreen = true;
  }
  return a;
}

}  // namespace galaxy::app
