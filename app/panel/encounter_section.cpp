// SPDX-License-Identifier: MIT
#include "panel/encounter_section.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "panel/galaxies_section.hpp"
#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

bool slider(const char* label, double& v, float lo, float hi, const char* format, bool log) {
  float f = float(v);
  if (!ImGui::SliderFloat(label, &f, lo, hi, format, log ? ImGuiSliderFlags_Logarithmic : 0)) {
    return false;
  }
  v = f;
  return true;
}

void vector_field(const char* label, Vec3d& v) {
  float f[3] = {float(v[0]), float(v[1]), float(v[2])};
  if (ImGui::InputFloat3(label, f, "%.3g")) v = {f[0], f[1], f[2]};
  tip("x, y, z in model units, for galaxies not placed by an orbit");
}

// One galaxy's controls; true when the user asked to take it out.
bool galaxy_controls(GalaxySpec& g, int i, bool placed_by_orbit, const Units& u, bool removable) {
  const std::string title = fmt::format("galaxy {}{}{}###galaxy{}", i + 1, g.name.empty() ? "" : ": ",
                                        g.name, i);
  const bool open = ImGui::TreeNode(title.c_str());
  tip("this galaxy of the draft: model, mass, size, share of the bodies and spin");
  if (!open) return false;
  ImGui::PushID(i);
  ImGui::InputText("name", &g.name);
  tip("its name in the draft and the file");
  galaxy_model_controls(g, u, i);
  slider("share", g.share, 0.05f, 20.0f, "%.3g", true);
  tip("its part of the bodies, against the others'");
  slider("inclination", g.inclination_deg, -180.0f, 180.0f, "%.0f deg", false);
  tip("its spin from the orbit's: 0 spins with the orbit (prograde), 180 against it");
  slider("argument", g.argument_deg, -180.0f, 180.0f, "%.0f deg", false);
  tip("where the line of nodes of its tilt lies, before pericentre in the orbit plane");
  if (!placed_by_orbit) {
    vector_field("position", g.position);
    vector_field("velocity", g.velocity);
  }
  bool remove = false;
  if (removable) {
    remove = ImGui::Button("Take it out of the draft");
    tip("remove this galaxy from the draft (the run is untouched)");
  }
  ImGui::PopID();
  ImGui::TreePop();
  return remove;
}

void galaxy_list(Encounter& e) {
  const Units& u = e.units;
  for (int i = 0; i < int(e.galaxies.size()); ++i) {
    if (galaxy_controls(e.galaxies[i], i, e.orbit.has_value(), u, e.galaxies.size() > 1)) {
      e.galaxies.erase(e.galaxies.begin() + i);
      break;
    }
  }
  if (e.galaxies.size() >= std::size_t(kMaxGalaxies)) return;
  const bool add = ImGui::Button("Add a galaxy");
  tip("a copy of the last galaxy, beside it, into the draft (up to 64)");
  if (add) {
    GalaxySpec g = e.galaxies.empty() ? GalaxySpec{} : e.galaxies.back();
    g.name.clear();
    g.position[0] += 4.0 * g.scale;  // beside the last one, not on top of it
    e.galaxies.push_back(g);
  }
}

// A pair may move on a Kepler orbit; other counts are placed by position and velocity.
void orbit_controls(Encounter& e) {
  if (e.galaxies.size() != 2) {
    e.orbit.reset();
    ImGui::TextDisabled("an orbit needs exactly two galaxies");
    return;
  }
  bool on = e.orbit.has_value();
  if (ImGui::Checkbox("on a Kepler orbit", &on)) {
    if (on) e.orbit = OrbitParams{};
    else e.orbit.reset();
  }
  tip("place the pair on a two-body orbit from its pericentre, eccentricity and time");
  if (!e.orbit) return;
  OrbitParams& o = *e.orbit;
  slider("pericentre", o.pericentre, 0.05f, 50.0f, "%.3g", true);
  tip("the closest approach of the two centres, in model units");
  slider("eccentricity", o.eccentricity, 0.0f, 3.0f, "%.2f", false);
  tip("below 1 bound, 1 parabolic, above 1 hyperbolic");
  slider("to pericentre", o.time_to_pericentre, 0.0f, 200.0f, "%.3g", false);
  tip("the time from the start to the closest approach, in model units");
  if (e.units.physical()) {
    ImGui::TextDisabled("pericentre %.3g kpc, %.0f Myr from the start", o.pericentre * e.units.length_kpc,
                        o.time_to_pericentre * e.units.time_myr());
  }
}

void units_controls(Encounter& e) {
  bool physical = e.units.physical();
  if (ImGui::Checkbox("physical units", &physical)) e.units = physical ? kDiskGalaxyUnits : Units{};
  tip("give the model a unit length and mass, so that the panel shows kpc, Msun and Myr");
  if (!physical) return;
  float len = float(e.units.length_kpc), mass = float(e.units.mass_msun);
  if (ImGui::InputFloat("unit length, kpc", &len, 0, 0, "%.3g") && len > 0) e.units.length_kpc = len;
  tip("what one model length is, in kiloparsecs");
  if (ImGui::InputFloat("unit mass, Msun", &mass, 0, 0, "%.3g") && mass > 0) e.units.mass_msun = mass;
  tip("what one model mass is, in solar masses");
  ImGui::TextDisabled("unit speed %.0f km/s, unit time %.2f Myr", e.units.speed_kms(), e.units.time_myr());
}

}  // namespace

bool draft_controls(Encounter& e) {
  const Encounter before = e;
  ImGui::InputText("title", &e.name);
  tip("the encounter's name");
  galaxy_list(e);
  orbit_controls(e);
  units_controls(e);
  return !(e == before);
}

}  // namespace galaxy::app
