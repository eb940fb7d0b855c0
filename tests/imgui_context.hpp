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

// Clicks an item that `draw` puts in a window of its own, over five frames as a mouse would
// (away, over it, pressed, released, still); `where(start)` says where the item is once `draw`
// has run, `start` being where the window's first item goes; `sized`: a window of 400 x 400
// rather than one that fits what is drawn.
template <class Draw, class Where>
void click_item(Draw draw, Where where, bool sized) {
  ImVec2 at(-1, -1);
  for (int frame = 0; frame < 5; ++frame) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = frame >= 1 ? at : ImVec2(-1, -1);
    io.MouseDown[0] = frame == 2;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    if (sized) ImGui::SetNextWindowSize(ImVec2(400, 400));
    ImGui::Begin("test");
    const ImVec2 start = ImGui::GetCursorScreenPos();
    draw();
    const ImVec2 item = where(start);
    ImGui::End();
    ImGui::EndFrame();
    at = ImVec2(item.x + 5, item.y + 5);
  }
}

// The first item `draw` puts there: for rows that return a typed action.
template <class Draw>
void click_first_item(Draw draw) {
  click_item(draw, [](ImVec2 start) { return start; }, false);
}

// The last item `draw` puts there (a section's last button, after a header it opens).
template <class Draw>
void click_last_item(Draw draw) {
  click_item(draw, [](ImVec2) { return ImGui::GetItemRectMin(); }, true);
}

}  // namespace galaxy::test_support
