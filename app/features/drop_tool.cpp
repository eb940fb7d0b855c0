// SPDX-License-Identifier: MIT
#include "features/drop_tool.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>

#include "panel/galaxies_section.hpp"
#include "panel/panel_parts.hpp"
#include "panel/view_marks.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

// "v = 0.41 (180 km/s), 20k bodies"
std::string drop_label(const DropSpec& d, const Units& u) {
  const double v = std::sqrt(d.velocity[0] * d.velocity[0] + d.velocity[1] * d.velocity[1] +
                             d.velocity[2] * d.velocity[2]);
  const std::string kms = u.physical() ? fmt::format(" ({:.0f} km/s)", v * u.speed_kms()) : "";
  return fmt::format("v = {:.3g}{}, {} bodies", v, kms, body_count_text(d.bodies));
}

// The view's x axis in the world: the axis the tool's tilt turns about.
glm::vec3 view_right(const render::OrbitCamera& cam) {
  const glm::mat4 view = cam.view();
  return {view[0][0], view[1][0], view[2][0]};
}

// The drop's body count, applied on Enter as typed ("200k"; DropTool::apply says what is wrong).
void drop_bodies(const DropShape& d, DropTool::Action& a, std::size_t run_bodies) {
  std::string text = body_count_text(d.spec.bodies);
  if (ImGui::InputText("bodies##drop", &text, ImGuiInputTextFlags_EnterReturnsTrue)) {
    a.bodies_typed = text;
  }
  tip("the dropped galaxy's bodies, applied on Enter: 20000, 200k, 1M or 1e6");
  note_beside(fmt::format("(run: {})", body_count_text(run_bodies)));
}

// The galaxy it drops: model, mass, scale, bodies, tilt, turn, the arrow's time.
void shape_rows(const DropShape& now, DropTool::Action& a, const Units& units,
                std::size_t run_bodies) {
  DropShape d = now;
  bool changed = galaxy_model_controls(d.spec.galaxy, units, -1);
  drop_bodies(now, a, run_bodies);
  changed |= ImGui::SliderFloat("tilt", &d.tilt_deg, -90.0f, 90.0f, "%.0f deg");
  tip("the disk's tilt from face-on, about the view's horizontal axis");
  ImGui::SameLine();
  changed |= ImGui::Checkbox("clockwise", &d.clockwise);
  tip("the disk turns clockwise as seen from the camera (else anticlockwise)");
  changed |= ImGui::SliderFloat("arrow", &d.arrow_time, 0.5f, 100.0f, "%.3g time",
                                ImGuiSliderFlags_Logarithmic);
  tip("the arrow is the way the galaxy goes in this time");
  const double myr = units.physical() ? units.time_myr() : 0.0;
  if (myr > 0) note_beside(fmt::format("{:.3g} Myr", d.arrow_time * myr));
  if (changed) a.shape = d;
}

}  // namespace

void DropTool::section(Action& a, std::size_t bodies, const RunFigures& run,
                       const StatusText& st, int picked) const {
  bool on = active_;
  if (ImGui::Checkbox("drop with the mouse (g)", &on)) a.toggle = !a.toggle;
  tip("left button: press where the galaxy goes, drag its velocity, release.\n"
      "The view turns with the middle button (shift + left pans) meanwhile.");
  shape_rows(a.shape ? *a.shape : shape_, a, run.units, bodies);
  if (run.editing) ImGui::TextDisabled("making the galaxy...");
  if (picked < 0) ImGui::BeginDisabled();
  a.remove |= ImGui::Button("Take out the picked body's galaxy (Del)");
  tip("remove every body of the picked body's galaxy from the run (click a body first)");
  if (picked < 0) ImGui::EndDisabled();
  if (run.edits == 0) ImGui::BeginDisabled();
  a.undo += ImGui::Button(fmt::format("Undo (u): {} kept", run.edits).c_str());
  tip("take the newest drop or removal back: the run as it was at its step");
  if (run.edits == 0) ImGui::EndDisabled();
  error_here(st, Place::Galaxies);
}

void DropTool::gesture(const InputActions::Drag& d, const ViewPlane& v,
                       const render::OrbitCamera& cam, const Units& u, Action& a) const {
  if (!d.held && !d.released) return;
  const auto from = on_view_plane(v.view_proj, v.window, d.from, v.target, v.eye);
  const auto to = on_view_plane(v.view_proj, v.window, d.to, v.target, v.eye);
  if (!from || !to) return;
  const glm::vec3 right = view_right(cam);
  const DropSpec spec = drop_from_drag(shape_, *from, *to, v.eye, v.target, right);
  if (d.released) {
    a.drop = spec;
    return;
  }
  draw_drop_arrow(v.view_proj, v.window, *from, *to, float(spec.galaxy.scale), right,
                  drop_label(spec, u));
}

std::optional<DropSpec> DropTool::scripted(long frame, const render::OrbitCamera& cam) const {
  if (!script_frame_ || frame != *script_frame_) return std::nullopt;
  DropShape tool = shape_;
  tool.spec.bodies = script_bodies_;
  const glm::vec3 target = cam.target();
  return drop_from_drag(tool, target, target, cam.eye(), target, view_right(cam));
}

std::vector<Report> DropTool::apply(const Action& a, BodyEdits& edits, int picked) {
  std::vector<Report> said;
  if (a.toggle) active_ = !active_;
  if (a.shape) shape_ = *a.shape;
  if (!a.bodies_typed.empty()) {
    std::string why;
    const auto n = parse_body_count(a.bodies_typed, &why);
    if (n && *n > 0) {
      shape_.spec.bodies = static_cast<std::size_t>(*n);
      said.push_back(Report::done(Place::Galaxies));
    } else {
      said.push_back(Report::error(
          "drop body count: " + (n ? std::string("must be above 0") : why), Place::Galaxies));
    }
  }
  if (a.drop) {
    if (auto refused = edits.drop(*a.drop)) said.push_back(std::move(*refused));
  }
  if (a.remove) {
    if (picked < 0) {
      said.push_back(
          Report::error("click a body of the galaxy to take out first", Place::Galaxies));
    } else {
      edits.remove_galaxy_of(static_cast<std::size_t>(picked));
    }
  }
  for (int k = 0; k < a.undo; ++k) edits.undo();
  return said;
}

}  // namespace galaxy::app
