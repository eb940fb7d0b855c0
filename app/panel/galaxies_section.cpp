// SPDX-License-Identifier: MIT
#include "panel/galaxies_section.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "panel/encounter_section.hpp"
#include "panel/panel_parts.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

// What a slider's value is in physical units, after it.
void physical_note(double value, double unit, const char* name) {
  if (unit > 0) note_beside(fmt::format("{:.3g} {}", value * unit, name));
}

// The drop's body count, applied on Enter as typed ("200k"; App::apply says what is wrong).
void drop_bodies(DropTool& d, Changes& c, const PanelStats& st) {
  std::string text = body_count_text(d.spec.bodies);
  if (ImGui::InputText("bodies##drop", &text, ImGuiInputTextFlags_EnterReturnsTrue)) {
    c.drop_bodies_typed = text;
  }
  tip("the dropped galaxy's bodies, applied on Enter: 20000, 200k, 1M or 1e6");
  note_beside(fmt::format("(run: {})", body_count_text(st.bodies)));
}

void drop_tool(Settings& s, Changes& c, const PanelStats& st) {
  DropTool& d = s.drop;
  ImGui::Checkbox("drop with the mouse (g)", &d.active);
  tip("left button: press where the galaxy goes, drag its velocity, release.\n"
      "The view turns with the middle button (shift + left pans) meanwhile.");
  galaxy_model_controls(d.spec.galaxy, st.units, -1);
  drop_bodies(d, c, st);
  ImGui::SliderFloat("tilt", &d.tilt_deg, -90.0f, 90.0f, "%.0f deg");
  tip("the disk's tilt from face-on, about the view's horizontal axis");
  ImGui::SameLine();
  ImGui::Checkbox("clockwise", &d.clockwise);
  tip("the disk turns clockwise as seen from the camera (else anticlockwise)");
  ImGui::SliderFloat("arrow", &d.arrow_time, 0.5f, 100.0f, "%.3g time", ImGuiSliderFlags_Logarithmic);
  tip("the arrow is the way the galaxy goes in this time");
  physical_note(d.arrow_time, st.units.physical() ? st.units.time_myr() : 0.0, "Myr");
  if (st.editing) ImGui::TextDisabled("making the galaxy...");
  const bool picked = s.picked_body >= 0;
  if (!picked) ImGui::BeginDisabled();
  c.remove_galaxy |= ImGui::Button("Take out the picked body's galaxy (Del)");
  tip("remove every body of the picked body's galaxy from the run (click a body first)");
  if (!picked) ImGui::EndDisabled();
  if (st.edits == 0) ImGui::BeginDisabled();
  c.undo += ImGui::Button(fmt::format("Undo (u): {} kept", st.edits).c_str());
  tip("take the newest drop or removal back: the run as it was at its step");
  if (st.edits == 0) ImGui::EndDisabled();
  error_here(st, Place::Galaxies);
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

void galaxies_section(Settings& s, Changes& c, const PanelStats& st) {
  const bool open = ImGui::CollapsingHeader("Galaxies");
  tip("drop galaxies into the run with the mouse, or design an encounter and start it");
  if (!open) return;
  const bool drop = ImGui::TreeNodeEx("drop into the run", ImGuiTreeNodeFlags_DefaultOpen);
  tip("the drop tool: the galaxy the mouse drops, taking one out, undo");
  if (drop) {
    drop_tool(s, c, st);
    ImGui::TreePop();
  }
  const bool design = ImGui::TreeNode("design an encounter");
  tip("galaxies, their spins and orbit: a draft to start, save or load");
  if (design) {
    encounter_section(s, c, st);
    ImGui::TreePop();
  }
}

}  // namespace galaxy::app
