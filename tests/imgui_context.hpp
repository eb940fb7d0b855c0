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

}  // namespace galaxy::test_support
