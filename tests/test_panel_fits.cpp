// SPDX-License-Identifier: MIT
// Issue 22: nothing in the panel runs past its right edge (where the window cuts it off), and
// the accuracy chart's axes say what they are: p99 error up, step ms across.
#include <vector>

#include "panel_driver.hpp"

namespace galaxy {
namespace {

class PanelFits : public test_support::PanelDriver {
 protected:
  // Whether `text` was drawn into the panel's draw list this frame: the texture coordinates of
  // its visible glyphs, one quad each, in a row.
  bool drawn(const char* text) {
    std::vector<ImVec2> want;
    for (const char* c = text; *c; ++c) {
      const ImFontGlyph* g = ImGui::GetFont()->FindGlyph(static_cast<ImWchar>(*c));
      if (g->Visible) want.push_back(ImVec2(g->U0, g->V0));
    }
    const ImVector<ImDrawVert>& v = panel()->DrawList->VtxBuffer;
    for (int i = 0; i + 4 * int(want.size()) <= v.Size; ++i) {
      int k = 0;
      while (k < int(want.size()) && v[i + 4 * k].uv.x == want[k].x &&
             v[i + 4 * k].uv.y == want[k].y) {
        ++k;
      }
      if (k == int(want.size())) return true;
    }
    return false;
  }
};

// Each section alone, so that a failure names it; the lines above them (the run, the time
// controls) are in every one.
TEST_F(PanelFits, NoLineRunsPastThePanelsEdge) {
  for (const char* section :
       {"Simulation", "Performance", "Accuracy", "Rendering", "Galaxies", "Snapshot"}) {
    open_sections(section);
    const ImGuiWindow* w = panel();
    EXPECT_LE(w->DC.CursorMaxPos.x, w->WorkRect.Max.x + 0.5f)
        << section << ": a line reaches " << w->DC.CursorMaxPos.x - w->WorkRect.Min.x
        << " px, the panel holds " << w->WorkRect.GetWidth();
  }
}

TEST_F(PanelFits, TheAccuracyChartsAxesAreLabelled) {
  open_sections("Snapshot");
  ASSERT_FALSE(drawn("p99 error")) << "the glyph search finds only what is drawn";
  ASSERT_TRUE(drawn("Snapshot")) << "and finds what is";
  open_sections("Accuracy");
  EXPECT_TRUE(drawn("p99 error")) << "the vertical axis";
  EXPECT_TRUE(drawn("step ms")) << "the horizontal axis";
  EXPECT_TRUE(drawn("3.0e-04")) << "the error axis's low end";
  EXPECT_TRUE(drawn("1.0e-03")) << "and its high end";
}

// Issue 46, item 10: steps grown several times slower in a merger's dense core say so in
// Performance, with what to change; the line wraps inside the panel.
TEST_F(PanelFits, TheStepCostLineShowsInPerformance) {
  open_sections("Performance");
  ASSERT_FALSE(drawn("dense core"));
  st.step.cost_line =
      "steps take 3.0x as long as at the start: a dense core makes the tree open 3.1x as many "
      "cells a body; a larger theta (now 0.7) or softening steps faster";
  open_sections("Performance");
  EXPECT_TRUE(drawn("dense core"));
  const ImGuiWindow* w = panel();
  EXPECT_LE(w->DC.CursorMaxPos.x, w->WorkRect.Max.x + 0.5f) << "wrapped";
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// A load or save under way shows in the status area at the bottom as a bar with its text, with
// or without a message beside it; with neither, the status area does not show.
TEST_F(PanelFits, TheStatusAreaShowsALoadUnderWayAsABar) {
  st.status.error.clear();
  st.status.message.clear();
  const auto status = [] {
    ImGuiWindow* w = ImGui::FindWindowByName("##status");
    return w && w->Active ? w : nullptr;
  };
  frame(ImVec2(-1, -1));
  EXPECT_EQ(status(), nullptr) << "nothing to say, nothing shown";
  st.status.transfer = "loading big.gxy: 45% of 1.2 GiB";
  st.status.transfer_fraction = 0.45f;
  frame(ImVec2(-1, -1));
  ImGuiWindow* bar = status();
  ASSERT_NE(bar, nullptr);
  const float alone = bar->Size.y;
  EXPECT_GE(alone, ImGui::GetFrameHeight()) << "room for the bar";
  st.status.message = "saved snapshot.gxy";
  frame(ImVec2(-1, -1));
  ASSERT_NE(status(), nullptr);
  EXPECT_GT(status()->Size.y, alone) << "the message below the bar";
}

}  // namespace
}  // namespace galaxy
