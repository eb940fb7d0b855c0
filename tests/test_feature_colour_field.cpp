// SPDX-License-Identifier: MIT
// The colour field as a feature of its own (app/features/colour_field.hpp): its action writes the
// colouring into the look and asks the run for the shown field again (ColourMapTarget), what the
// measurements say of the map is its own to show, and its colour choice asks and changes
// nothing itself. The maps' values and when they are due: tests/test_shown_field.cpp.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "body_field_table.hpp"
#include "features/colour_field.hpp"
#include "imgui_context.hpp"
#include "panel/colour_bar.hpp"

namespace galaxy {
namespace {

struct FakeMaps final : app::ColourMapTarget {
  void request_error_map() override { ++asked; }
  int asked = 0;
};

TEST(ColourFieldFeature, ItsActionColoursTheLookAndAsksForTheMapAgain) {
  app::ColourField colour;
  FakeMaps maps;
  render::RenderParams look;
  render::RenderParams error_look;
  app::choose_field(error_look, *find_field("error"));
  app::ColourField::apply({.color = error_look.color, .field = error_look.field}, look, maps);
  EXPECT_EQ(look.color, render::ColorMode::Field);
  EXPECT_EQ(look.field, error_look.field);
  EXPECT_EQ(app::shown_field(look), find_field("error"));
  EXPECT_EQ(maps.asked, 0) << "a new field is computed as it is shown, not asked again";
  app::ColourField::apply({.recompute = true}, look, maps);
  EXPECT_EQ(maps.asked, 1) << "Recompute";
  EXPECT_EQ(look.field, error_look.field) << "and the look stays";
  colour.arrived({"error at step 8, all 1000 bodies", ""});
  EXPECT_EQ(colour.report().info, "error at step 8, all 1000 bodies");
  colour.arrived({"", "error: out of memory"});
  EXPECT_EQ(colour.report().error, "error: out of memory");
  EXPECT_TRUE(colour.report().info.empty());
}

// Opens the colour choice and picks its entry `k` ("auto", "speed", "population", fields), as a
// mouse would: the combo is the first item, its entries are the popup's rows.
void choose_entry(const app::ColourField& colour, app::ColourField::Action& a,
                  const render::RenderParams& look, int k) {
  ImVec2 mouse(-1, -1);
  for (int frame = 0; frame < 9; ++frame) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = frame == 2 || frame == 6;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::Begin("test");
    const ImVec2 first = ImGui::GetCursorScreenPos();
    colour.section(a, look);
    ImGui::End();
    ImGui::EndFrame();
    mouse = ImVec2(first.x + 5, first.y + 5);  // over the combo
    if (const ImGuiWindow* popup = ImGui::FindWindowByName("##Combo_00"); popup && frame >= 4) {
      const ImGuiStyle& style = ImGui::GetStyle();
      const float row = ImGui::GetTextLineHeight() + style.ItemSpacing.y;
      mouse = ImVec2(popup->Pos.x + style.WindowPadding.x + 5,
                     popup->Pos.y + style.WindowPadding.y + row * float(k) + 0.5f * row);
    }
  }
}

TEST(ColourFieldFeature, ItsColourChoiceAsksAndLeavesTheLookAsItIs) {
  test_support::make_imgui_context(ImVec2(600, 400));
  const app::ColourField colour;
  app::ColourField::Action a;
  const render::RenderParams look;  // auto
  choose_entry(colour, a, look, 2);
  ImGui::DestroyContext();
  ASSERT_TRUE(a.color) << "the click asked for another colouring";
  EXPECT_EQ(*a.color, render::ColorMode::Population);
  EXPECT_EQ(look.color, render::ColorMode::Auto) << "the look changes only when applied";
  EXPECT_FALSE(a.recompute);
}

}  // namespace
}  // namespace galaxy
