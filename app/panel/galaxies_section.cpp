// SPDX-License-Identifier: MIT
#include "panel/galaxies_section.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

// What a slider's value is in physical units, after it.
void physical_note(double value, double unit, const char* name) {
  if (unit > 0) note_beside(fmt::format("{:.3g} {}", value * unit, name));
}

}  // namespace

bool galaxy_model_controls(GalaxySpec& g, const Units& u, int id) {
  ImGui::PushID(id);
  bool changed = false;
  int model = static_cast<int>(g.model);
  const char* models[] = {"disk", "plummer", "hernquist"};
  if (ImGui::Combo("model", &model, models, 3)) {
    g.model = static_cast<GalaxyModel>(model);
    changed = true;
  }
  tip("disk: a disk galaxy with bulge and halo; plummer or hernquist: a spheroid of stars");
  float mass = float(g.mass), scale = float(g.scale);
  if (ImGui::SliderFloat("mass", &mass, 0.01f, 10.0f, "%.3g", ImGuiSliderFlags_Logarithmic)) {
    g.mass = mass, changed = true;
  }
  tip("the galaxy's total mass, in model units");
  physical_note(g.mass, u.physical() ? u.mass_msun : 0.0, "Msun");
  if (ImGui::SliderFloat("scale", &scale, 0.05f, 5.0f, "%.3g", ImGuiSliderFlags_Logarithmic)) {
    g.scale = scale, changed = true;
  }
  tip("its size: the disk's scale length, or the spheroid's scale radius");
  physical_note(g.scale, u.physical() ? u.length_kpc : 0.0, "kpc");
  ImGui::PopID();
  return changed;
}

void galaxies_section(const FeatureRows& rows, bool open_designer) {
  if (open_designer) ImGui::SetNextItemOpen(true);
  const bool open = ImGui::CollapsingHeader("Galaxies");
  tip("drop galaxies into the run with the mouse, or design an encounter and start it");
  if (!open) return;
  const bool drop = ImGui::TreeNodeEx("drop into the run", ImGuiTreeNodeFlags_DefaultOpen);
  tip("the drop tool: the galaxy the mouse drops, taking one out, undo");
  if (drop) {
    rows(PanelSlot::DropInto);
    ImGui::TreePop();
  }
  if (open_designer) ImGui::SetNextItemOpen(true);
  const bool design = ImGui::TreeNode("design an encounter");
  tip("galaxies, their spins and orbit: a draft to start, save or load (key e opens it)");
  if (open_designer) ImGui::SetScrollHereY(0.0f);  // the panel scrolls to it
  if (design) {
    rows(PanelSlot::DesignEncounter);
    ImGui::TreePop();
  }
}

}  // namespace galaxy::app
