// SPDX-License-Identifier: MIT
// An ImGui context without a renderer, for the tests that draw the panel or feed input as the
// GLFW backend would: no ini file, 60 frames a second, the font atlas built (NewFrame needs it).
#pragma once

#include <imgui.h>

namespace galaxy::test_support {

inline void make_imgui_context(ImVec2 display) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = display;
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
}

// Clicks the first item that `draw` puts in a window of its own, over five frames as a mouse
// would (away, over it, pressed, released, still): for rows that return a typed action.
template <class Draw>
void click_first_item(Draw draw) {
  ImVec2 at(-1, -1);
  for (int frame = 0; frame < 5; ++frame) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = frame >= 1 ? at : ImVec2(-1, -1);
    io.MouseDown[0] = frame == 2;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::Begin("test");
    const ImVec2 first = ImGui::GetCursorScreenPos();  // where the first item goes
    draw();
    ImGui::End();
    ImGui::EndFrame();
    at = ImVec2(first.x + 5, first.y + 5);
  }
}

// The same for the last item `draw` puts there (a section's last button, after a header it opens).
template <class Draw>
void click_last_item(Draw draw) {
  ImVec2 at(-1, -1);
  for (int frame = 0; frame < 5; ++frame) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = frame >= 1 ? at : ImVec2(-1, -1);
    io.MouseDown[0] = frame == 2;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 400));
    ImGui::Begin("test");
    draw();
    const ImVec2 last = ImGui::GetItemRectMin();
    ImGui::End();
    ImGui::EndFrame();
    at = ImVec2(last.x + 5, last.y + 5);
  }
}

}  // namespace galaxy::test_support
