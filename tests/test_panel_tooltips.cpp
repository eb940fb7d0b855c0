// SPDX-License-Identifier: MIT
// Issue 22: every control of the panel says what it does when the mouse rests on it. The whole
// panel is drawn with every section open and every optional control shown, and the mouse visits
// it on a fine grid: wherever ImGui says a control is hovered, a tooltip must show.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <map>
#include <string>

#include "knobs.hpp"
#include "panel/colour_bar.hpp"
#include "panel/panel.hpp"
#include "scenarios/presets.hpp"

namespace galaxy {
namespace {

// What shows every optional control: a runaway (its buttons), kept keyframes (the timeline), a
// picked body, parameters and knobs off their defaults (the reset buttons), a colour map, an
// accuracy chart, a galaxy to undo, a designer's draft with physical units.
void show_everything(app::Settings& s, app::PanelStats& st) {
  st.bodies = 20000;
  st.source = "collision";
  st.backend_name = "cpu/bh";
  st.steps = st.sim_steps = 8;
  st.kept = {0, 4, 8};
  st.runaway = "step 8 ran away";
  st.runaway_good_step = 7;
  st.have_energy = st.have_accuracy = true;
  for (auto& h : st.history) h = {1.0f, 2.0f, 3.0f};
  st.accuracy_chart.add({st.bodies, st.source, st.backend_name}, {1.0f, 0.004f, 5.0f, 1e-3});
  st.accuracy_chart.add({st.bodies, st.source, st.backend_name}, {0.5f, 0.004f, 9.0f, 3e-4});
  st.edits = 1;
  for (const ParamInfo& info : sim_params()) {
    set(s.params, info, info.choices.empty() ? info.slider_low : info.choices[0]);
  }
  for (const render::Knob& k : render::knobs()) s.render.*k.field = k.low;
  s.octree_depth = 7;
  s.picked_body = 3;
  app::choose_field(s.render, *find_field("error"));
  s.encounter = *find_preset("prograde");
  s.encounter.units = kDiskGalaxyUnits;
}

class PanelTooltips : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 6000);  // tall enough for the whole panel, open: no scrolling
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    show_everything(s, st);
  }
  void TearDown() override { ImGui::DestroyContext(); }

  void frame(ImVec2 mouse) {
    ImGui::GetIO().MousePos = mouse;
    ImGui::NewFrame();
    app::draw_panel(s, st);
    ImGui::EndFrame();
  }

  // Opens every section and tree node of the panel, the designer's galaxies included.
  void open_everything() {
    frame(ImVec2(-1, -1));
    ImGuiWindow* w = ImGui::FindWindowByName("Galaxy");
    ASSERT_NE(w, nullptr);
    for (const char* label :
         {"Simulation", "Performance", "Accuracy", "Rendering", "Galaxies", "Snapshot", "tuning",
          "stage history", "drop into the run", "design an encounter"}) {
      w->StateStorage.SetInt(ImHashStr(label, 0, w->ID), 1);
    }
    const ImGuiID designer = ImHashStr("design an encounter", 0, w->ID);
    for (int i = 0; i < 2; ++i) {
      const std::string id = "###galaxy" + std::to_string(i);
      w->StateStorage.SetInt(ImHashStr(id.c_str(), 0, designer), 1);
    }
    for (int k = 0; k < 3; ++k) frame(ImVec2(-1, -1));
  }

  static bool tooltip_shown() {
    for (const ImGuiWindow* w : GImGui->Windows) {
      if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) return true;
    }
    return false;
  }

  app::Settings s;
  app::PanelStats st;
};

TEST_F(PanelTooltips, EveryControlSaysWhatItDoes) {
  open_everything();
  const ImGuiWindow* w = ImGui::FindWindowByName("Galaxy");
  ASSERT_NE(w, nullptr);
  const ImRect r = w->Rect();
  ASSERT_GT(r.GetHeight(), 1500.0f) << "every section is open";
  const ImGuiID collapse = ImHashStr("#COLLAPSE", 0, w->ID);  // the window's own arrow
  std::map<ImGuiID, ImVec2> silent;  // controls without a tooltip, and where one was found
  int controls = 0;
  for (float y = r.Min.y + 1.0f; y < r.Max.y; y += 4.0f) {
    for (float x = r.Min.x + 1.0f; x < r.Max.x; x += 8.0f) {
      frame(ImVec2(x, y));
      const ImGuiID hovered = GImGui->HoveredId;
      if (hovered == 0 || hovered == collapse) continue;
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
