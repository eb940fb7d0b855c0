// SPDX-License-Identifier: MIT
// The reference image as a feature of its own (app/features/reference_photo.hpp): the command
// line's file and opacity are its first image; its rows ask for a changed image and change
// nothing themselves; its action sets what the presenter draws.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "features/reference_photo.hpp"
#include "imgui_context.hpp"

namespace galaxy {
namespace {

TEST(ReferenceFeature, TheCommandLinesFileAndOpacityAreItsFirstImage) {
  const app::ReferencePhoto plain("arp244.jpg", std::nullopt);
  EXPECT_EQ(plain.image().path, "arp244.jpg");
  EXPECT_EQ(plain.image().opacity, render::ReferenceImage{}.opacity) << "the default";
  const app::ReferencePhoto faint("arp244.jpg", 0.25f);
  EXPECT_EQ(faint.image().opacity, 0.25f);
  EXPECT_TRUE(faint.image().shown);
}

TEST(ReferenceFeature, ItsRowsAskForTheChangedImageAndItsActionSetsIt) {
  test_support::make_imgui_context(ImVec2(400, 600));
  app::ReferencePhoto photo("arp244.jpg", 0.25f);
  const app::StatusText st;
  app::ReferencePhoto::Action a;
  ImVec2 box(-1, -1);
  for (int frame = 0; frame < 6; ++frame) {  // open, away, over "show", down, up, still
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = frame >= 2 ? box : ImVec2(-1, -1);
    io.MouseDown[0] = frame == 3;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::Begin("test");
    if (frame == 0) ImGui::SetNextItemOpen(true);
    photo.section(a, st);
    ImGui::End();
    ImGui::EndFrame();
    if (frame == 1) {  // "show": the third line (the node, the file, it), indented by the node
      ImGuiWindow* w = ImGui::FindWindowByName("test");
      ASSERT_NE(w, nullptr);
      const float line = ImGui::GetFrameHeightWithSpacing();
      box = ImVec2(w->DC.CursorStartPos.x + line + 5, w->DC.CursorStartPos.y + 2 * line + 5);
    }
  }
  ASSERT_TRUE(a.set) << "the click asked";
  EXPECT_FALSE(a.set->shown) << "the photo hidden";
  EXPECT_EQ(a.set->opacity, 0.25f) << "the rest as it was";
  EXPECT_TRUE(photo.image().shown) << "the rows change nothing themselves";
  photo.apply(a);
  EXPECT_FALSE(photo.image().shown);
  EXPECT_EQ(photo.image().path, "arp244.jpg");
  photo.apply({});
  EXPECT_FALSE(photo.image().shown) << "no action: kept";
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy
