// SPDX-License-Identifier: MIT
// Kiosk mode's input as a feature of its own (app/features/kiosk.hpp): only Ctrl+Shift+Q ends the
// show; Q alone, or with Ctrl only, does nothing (a visitor at the keyboard cannot quit it); the
// caption names the preset and its source.
#define GLFW_INCLUDE_NONE  // glad, through the features, brings GL
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include "features/kiosk.hpp"
#include "scenarios/presets.hpp"
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

// On be4b4bf the caption named a preset without its source, in the panel's small grey text. It
// names the preset, what it shows and where it comes from; a plain scenario by its name.
TEST(KioskFeature, TheCaptionNamesThePresetAndItsSource) {
  const app::Kiosk k({"antennae", "plummer"}, 5);
  EXPECT_EQ(k.caption_text(),
            "antennae: NGC 4038/39: two equal disks, prograde, two long tails (after Toomre & "
            "Toomre 1972; Barnes 1988)");
  for (const Encounter& e : encounter_presets()) {
    if (e.name == "stream") continue;  // ours: docs/scenarios.md gives no source for it
    EXPECT_FALSE(preset_source(e.name).empty()) << e.name;
  }
  EXPECT_EQ(preset_source("plummer"), "");
}

}  // namespace
}  // namespace galaxy
