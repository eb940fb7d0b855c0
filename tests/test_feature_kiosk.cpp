// SPDX-License-Identifier: MIT
// Kiosk mode's input as a feature of its own (app/features/kiosk.hpp): only Ctrl+Shift+Q ends the
// show; Q alone, or with Ctrl only, does nothing (a visitor at the keyboard cannot quit it).
#define GLFW_INCLUDE_NONE  // glad, through the features, brings GL
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "features/kiosk.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

// Whether the kiosk sees its exit chord on a frame where Q goes down with these modifiers.
bool chord(const app::Kiosk& k, bool ctrl, bool shift) {
  test_support::make_imgui_context(ImVec2(640, 360));
  ImGuiIO& io = ImGui::GetIO();
  ImGui::NewFrame();  // Q up
  ImGui::EndFrame();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeysDown[GLFW_KEY_Q] = true;
  ImGui::NewFrame();
  const bool seen = k.exit_chord();
  k.caption();
  ImGui::EndFrame();
  ImGui::DestroyContext();
  return seen;
}

TEST(KioskFeature, OnlyCtrlShiftQEndsTheShow) {
  const app::Kiosk k({"plummer"}, 10);
  EXPECT_TRUE(chord(k, true, true));
  EXPECT_FALSE(chord(k, false, false));
  EXPECT_FALSE(chord(k, true, false));
  EXPECT_FALSE(chord(k, false, true));
}

}  // namespace
}  // namespace galaxy
