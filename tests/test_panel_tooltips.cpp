// SPDX-License-Identifier: MIT
// Issue 22: every control of the panel says what it does when the mouse rests on it. The whole
// panel is drawn with every section open and every optional control shown, and the mouse visits
// it on a fine grid: wherever ImGui says a control is hovered, a tooltip must show.
#include <map>

#include "panel_driver.hpp"

namespace galaxy {
namespace {

class PanelTooltips : public test_support::PanelDriver {};

TEST_F(PanelTooltips, EveryControlSaysWhatItDoes) {
  open_everything();
  const ImGuiWindow* w = ImGui::FindWindowByName("Galaxy");
  ASSERT_NE(w, nullptr);
  const ImRect r = w->Rect();
  ASSERT_GT(r.GetHeight(), 1500.0f) << "every section is open";
  const ImGuiID collapse = ImHashStr("#COLLAPSE", 0, w->ID);  // the window's own arrow
  const ImGuiID scrollbar = ImGui::GetWindowScrollbarID(const_cast<ImGuiWindow*>(w), ImGuiAxis_Y);
  std::map<ImGuiID, ImVec2> silent;  // controls without a tooltip, and where one was found
  int controls = 0;
  for (float y = r.Min.y + 1.0f; y < r.Max.y; y += 4.0f) {
    for (float x = r.Min.x + 1.0f; x < r.Max.x; x += 8.0f) {
      frame(ImVec2(x, y));
      const ImGuiID hovered = GImGui->HoveredId;
      if (hovered == 0 || hovered == collapse || hovered == scrollbar) continue;
      ++controls;
      if (!tooltip_shown()) silent.emplace(hovered, ImVec2(x - r.Min.x, y - r.Min.y));
    }
  }
  EXPECT_GT(controls, 1000) << "the grid found the controls";
  for (const auto& [id, at] : silent) {
    ADD_FAILURE() << "the control at (" << at.x << ", " << at.y
                  << ") in the panel shows no tooltip";
  }
}

}  // namespace
}  // namespace galaxy
