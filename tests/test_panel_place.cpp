// SPDX-License-Identifier: MIT
// Issue 46, item 4: the panel covered a quarter of a 1280x720 view, ran the full height with
// Galaxies open and hid the x-y view of the three-view layout. It docks to a strip at the left
// that the view leaves free (d, --dock, its title bar's button), is resized by its corner between
// kPanelNarrowest and half the view, folds to a bar, and its title bar opens the designer.
#include <memory>
#include <string>
#include <vector>

#include "app.hpp"
#include "headless_app.hpp"
#include "panel/key_table.hpp"
#include "panel/panel_place.hpp"
#include "panel_driver.hpp"

namespace galaxy {
namespace {

class PanelPlace : public test_support::PanelDriver {
 protected:
  void SetUp() override {
    test_support::make_imgui_context(ImVec2(1280, 720));
    show_everything(s, look, st, f);
    for (int k = 0; k < 2; ++k) frame(ImVec2(-1, -1));
  }

  // Where the item `id` of window `name` is, found by moving the mouse along the window's title
  // bar (or its first row, for a window without one) a frame at a time until ImGui hovers it.
  ImVec2 find(const char* name, ImGuiID id) {
    ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!w) return {-1, -1};
    const ImRect bar = (w->Flags & ImGuiWindowFlags_NoTitleBar)
                           ? ImRect(w->Pos, ImVec2(w->Pos.x + w->Size.x, w->Pos.y + 40.0f))
                           : w->TitleBarRect();
    for (float y = bar.Min.y + 2.0f; y < bar.Max.y; y += 4.0f) {
      for (float x = bar.Max.x - 2.0f; x > bar.Min.x; x -= 3.0f) {
        frame(ImVec2(x, y));
        if (GImGui->HoveredId == id) return {x, y};
      }
    }
    return {-1, -1};
  }
  ImGuiID title_id(const char* label) { return panel()->GetID(label); }
  // A click as a mouse makes it: over, pressed, released, away.
  void click(ImVec2 at) {
    ASSERT_GE(at.x, 0.0f) << "the button was not found";
    frame(at);
    ImGui::GetIO().MouseDown[0] = true;
    frame(at);
    ImGui::GetIO().MouseDown[0] = false;
    frame(at);
    frame(ImVec2(-1, -1));
  }
  void click_title(const char* label) { click(find("Galaxy", title_id(label))); }
  // Drags the docked panel's bottom right corner to `x`, a frame a step.
  void drag_corner_to(float x) {
    const ImGuiWindow* w = panel();
    ImVec2 at(w->Pos.x + w->Size.x - 3.0f, w->Pos.y + w->Size.y - 3.0f);
    frame(at);
    ImGui::GetIO().MouseDown[0] = true;
    frame(at);
    for (int k = 1; k <= 8; ++k) {
      frame(ImVec2(at.x + (x - at.x) * float(k) / 8.0f, at.y));
    }
    ImGui::GetIO().MouseDown[0] = false;
    frame(ImVec2(x, at.y));
    frame(ImVec2(-1, -1));
  }
  bool active(const char* name) {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    return w && w->Active;
  }
};

TEST_F(PanelPlace, TheDockButtonDocksThePanelToAFullHeightStripAndFloatsItAgain) {
  EXPECT_FALSE(look.panel_docked);
  EXPECT_EQ(panel()->Pos.x, 10.0f) << "floating at its corner";
  click_title("###dock");
  ASSERT_TRUE(look.panel_docked);
  const ImGuiWindow* w = panel();
  EXPECT_EQ(w->Pos.x, 0.0f);
  EXPECT_EQ(w->Pos.y, 0.0f);
  EXPECT_EQ(w->Size.x, look.panel_width);
  const ImGuiWindow* keys = ImGui::FindWindowByName("##keys");
  ASSERT_NE(keys, nullptr);
  EXPECT_NEAR(w->Size.y, keys->Pos.y - 4.0f, 1.0f) << "down to the key help, whatever is open";
  EXPECT_TRUE(w->Flags & ImGuiWindowFlags_NoMove);
  EXPECT_FLOAT_EQ(app::view_left(look, true), look.panel_width) << "the view leaves it free";
  click_title("###dock");
  EXPECT_FALSE(look.panel_docked);
  EXPECT_EQ(panel()->Pos.x, 10.0f) << "back at its corner";
  EXPECT_FLOAT_EQ(app::view_left(look, true), 0.0f);
}

TEST_F(PanelPlace, TheDockedStripIsResizedByItsCornerBetweenItsNarrowestAndHalfTheView) {
  app::toggle_dock(look);
  frame(ImVec2(-1, -1));
  frame(ImVec2(-1, -1));
  drag_corner_to(500.0f);
  EXPECT_NEAR(look.panel_width, 500.0f, 6.0f) << "wider";
  EXPECT_NEAR(panel()->Size.x, look.panel_width, 0.5f);
  drag_corner_to(1200.0f);
  EXPECT_FLOAT_EQ(look.panel_width, 640.0f) << "half the view at most";
  drag_corner_to(50.0f);
  EXPECT_FLOAT_EQ(look.panel_width, app::kPanelNarrowest) << "never narrower than its rows";
  frame(ImVec2(-1, -1));
  EXPECT_FLOAT_EQ(panel()->Size.x, app::kPanelNarrowest) << "and it stays";
}

TEST_F(PanelPlace, TheNarrowButtonFoldsThePanelToABarWhoseArrowOpensIt) {
  click_title("##narrow");
  ASSERT_TRUE(look.panel_collapsed);
  frame(ImVec2(-1, -1));
  EXPECT_FALSE(active("Galaxy")) << "folded away";
  ASSERT_TRUE(active("##panel bar"));
  ImGuiWindow* bar = ImGui::FindWindowByName("##panel bar");
  EXPECT_FLOAT_EQ(bar->Size.x, app::kPanelBar);
  EXPECT_FLOAT_EQ(app::view_left(look, true), app::kPanelBar);
  click(find("##panel bar", bar->GetID("##open")));
  EXPECT_FALSE(look.panel_collapsed);
  EXPECT_TRUE(active("Galaxy"));
  EXPECT_FALSE(active("##panel bar"));
}

// The designer sat two closed levels down (Galaxies, design an encounter); the title bar's button
// opens both, at no cost in the panel's rows.
TEST_F(PanelPlace, TheTitleBarsDesignButtonOpensTheDesigner) {
  const ImGuiID galaxies = ImHashStr("Galaxies", 0, panel()->ID);
  const ImGuiID designer = ImHashStr("design an encounter", 0, panel()->ID);
  EXPECT_EQ(panel()->StateStorage.GetInt(galaxies, 0), 0) << "closed at the start";
  const float rows = panel()->ContentSize.y;
  click_title("design");
  EXPECT_EQ(panel()->StateStorage.GetInt(galaxies, 0), 1);
  EXPECT_EQ(panel()->StateStorage.GetInt(designer, 0), 1);
  EXPECT_GT(panel()->ContentSize.y, rows) << "its rows are drawn";
}

// Issue 46, item 2: the scroll bar appearing (a section opened past the view's height) narrowed
// the rows, so wrapped lines moved and a click landed on the wrong control. Its room is kept.
TEST_F(PanelPlace, TheRowsKeepTheirWidthWhenTheScrollBarComes) {
  ImGui::GetIO().DisplaySize = ImVec2(1280, 900);  // room for the panel with its sections closed
  for (int k = 0; k < 3; ++k) frame(ImVec2(-1, -1));
  const float closed = panel()->WorkRect.Max.x;
  EXPECT_EQ(panel()->ScrollMax.y, 0.0f) << "all fits";
  open_everything();
  EXPECT_GT(panel()->ScrollMax.y, 0.0f) << "it scrolls now";
  EXPECT_EQ(panel()->WorkRect.Max.x, closed);
}

TEST(PanelPlaceKeys, DDocksAndFloatsAndTheViewLeavesTheStripFree) {
  app::InputActions keys;
  ASSERT_TRUE(app::press_typed(keys, 'd'));
  EXPECT_TRUE(keys.toggle_dock);
  app::Look look;
  EXPECT_FLOAT_EQ(app::view_left(look, true), 0.0f) << "floating over a single view";
  look.three_view = true;
  EXPECT_FLOAT_EQ(app::view_left(look, true), app::kPanelWidth + app::kPanelScrollbar)
      << "no pane under the panel, even while it scrolls";
  EXPECT_FLOAT_EQ(app::view_left(look, false), 0.0f) << "a recording without the panel";
  look.three_view = false;
  app::toggle_dock(look);
  EXPECT_TRUE(look.panel_docked);
  EXPECT_FLOAT_EQ(app::view_left(look, true), look.panel_width);
  look.show_panel = false;
  EXPECT_FLOAT_EQ(app::view_left(look, true), 0.0f) << "h: the whole view";
  look.show_panel = true;
  look.panel_collapsed = true;
  EXPECT_FLOAT_EQ(app::view_left(look, true), app::kPanelBar);
  app::toggle_dock(look);
  EXPECT_FALSE(look.panel_collapsed) << "d opens a folded panel, docked";
  EXPECT_TRUE(look.panel_docked);
  app::toggle_dock(look);
  EXPECT_FALSE(look.panel_docked);
}

// In a picture of 1200x240 with the panel docked (354 px), the three panes share the 846 pixels
// right of it: each pane's sphere sits in the middle of its own 282 pixels. On c83b52b the panes
// took thirds of the whole width and the x-y pane lay under the panel.
TEST(PanelPlaceGl, TheThreeViewsLieRightOfTheDockedStrip) {
  std::string why;
  app::Options o = test_support::small_options(3000);
  o.scenario = "plummer";
  o.width = 1200;
  o.height = 240;
  o.steps = 0;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  a.reset();
  o.headless = true;
  o.lockstep = true;
  o.no_ui = false;
  o.record_panel = true;  // the panel in the picture, as in a window
  o.three_view = true;
  o.dock = true;
  o.backend = Backend::Cpu;
  a = std::make_unique<app::App>(o);
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(a->frame());
  const float left = a->screen().look().panel_width;
  ASSERT_FLOAT_EQ(left, app::kPanelWidth + app::kPanelScrollbar);
  const std::vector<std::uint8_t> rgba = a->screen().picture();
  ASSERT_EQ(rgba.size(), 1200u * 240u * 4u);
  // Rows 40 to 200 from the bottom: clear of the status line and the panes' names.
  const auto light = [&](int x0, int x1) {
    double sum = 0;
    for (int y = 40; y < 200; ++y) {
      for (int x = x0; x < x1; ++x) sum += rgba[4 * (y * 1200 + x)] + rgba[4 * (y * 1200 + x) + 2];
    }
    return sum;
  };
  const int pane = (1200 - int(left)) / 3;
  for (int k = 0; k < 3; ++k) {
    const int x = int(left) + k * pane;
    const double middle = light(x + pane / 2 - 15, x + pane / 2 + 15), edge = light(x + 1, x + 7);
    EXPECT_GT(middle, 0.0) << "pane " << k;
    EXPECT_GT(middle, 4.0 * edge) << "pane " << k << ": the sphere sits in the pane's middle";
  }
}

}  // namespace
}  // namespace galaxy
