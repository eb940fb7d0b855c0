// SPDX-License-Identifier: MIT
#include "features/run_settings.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <vector>

#include "panel/panel_parts.hpp"
#include "panel/param_controls.hpp"
#include "panel/units_text.hpp"
#include "scenarios/scenarios.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

using RunShown = RunSettings::RunShown;

// The parameters of both sections, edited in one copy of the wanted ones: the tree's tuning
// knobs folded away (they change speed; the reach, at small alpha, also how small the error can
// get).
void parameter_rows(RunSettings::Action& a, const RunWanted& s, const StatusText& st) {
  SimParams p = s.params;
  bool changed = param_controls(p, ParamSection::Physics);
  const bool open = ImGui::TreeNode("tuning");
  tip("the tree's leaf and walk-group sizes, which change the speed, and the relative test's "
      "reach, which at small alpha also sets how small the error can get");
  if (open) {
    changed |= param_controls(p, ParamSection::Tuning);
    ImGui::TreePop();
  }
  if (changed) a.params = p;
  error_here(st, Place::Parameters);
}

// Where the run has units: its total mass after the body count ("20000 bodies, 1.6e11 Msun"),
// and what a unit is when hovered. On that line, not a line of its own: the panel stays within a
// fifth of a 1280x720 view (tests/test_panel.cpp).
void run_units(const RunFigures& run, std::size_t bodies) {
  if (!run.units.physical()) return;
  if (run.total_mass > 0) {
    ImGui::SameLine(0, 0);
    ImGui::Text(", %s", mass_text(run.total_mass, run.units).c_str());
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", run_units_line(bodies, run.total_mass, run.units).c_str());
  }
}

// The body count applies on Enter (as typed: 250k, 1M, 1e6; RunControl::set_bodies reads it and
// says what is wrong with it) or on a halving or doubling button: not once per keystroke. The
// memory preflight (Session::set_body_count) refuses what does not fit.
void body_count_row(RunSettings::Action& a, const RunWanted& s, const RunShown& now) {
  std::string text = body_count_text(s.bodies);
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - 2 * ImGui::GetFrameHeight() - 8);
  if (ImGui::InputText("##bodies", &text, ImGuiInputTextFlags_EnterReturnsTrue)) {
    a.bodies_typed = text;
  }
  tip("the number of bodies, applied on Enter: 20000, 250k, 1M or 1e6; the scenario is made\n"
      "again at that count (one that does not fit in memory is refused and the run stays)");
  ImGui::SameLine(0, 4);
  if (ImGui::Button("/2", ImVec2(ImGui::GetFrameHeight(), 0)) && s.bodies > 1) {
    a.bodies = s.bodies / 2;
  }
  tip("half the bodies: the scenario made again at that count");
  ImGui::SameLine(0, 4);
  if (ImGui::Button("x2", ImVec2(ImGui::GetFrameHeight(), 0))) a.bodies = s.bodies * 2;
  tip("twice the bodies: the scenario made again at that count");
  ImGui::SameLine();
  ImGui::TextUnformatted("bodies");
  run_units(now.run, now.bodies);
  error_here(now.status, Place::BodyCount);
  error_here(now.status, Place::Reset);
}

// What runs: a scenario, or after a load the snapshot (then any scenario is a change). The
// backend and the solver share a row: the panel stays short.
void run_kind_rows(RunSettings::Action& a, const RunWanted& s, const RunShown& now) {
  int scenario = -1;
  const auto& names = scenario_names();
  for (int i = 0; i < int(names.size()); ++i) {
    if (names[i] == now.run.source) scenario = i;
  }
  if (combo("scenario", scenario, names, now.run.source)) a.scenario = names[scenario];
  tip("the initial conditions, made again at the body count: colliding disks, a Plummer\n"
      "sphere, a cold collapse, or a preset encounter (docs/scenarios.md)");
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x, narrow = 58.0f;
  int backend = s.backend == Backend::Cuda ? 1 : 0;
  ImGui::SetNextItemWidth(narrow);
  if (combo("##backend", backend, {"cpu", "cuda"})) {
    a.backend = backend == 1 ? Backend::Cuda : Backend::Cpu;
  }
  tip("where the steps run: the CPU's cores or a CUDA GPU (the bodies move across)");
  ImGui::SameLine(0, gap);
  int solver = s.solver == Solver::Direct ? 1 : 0;
  ImGui::SetNextItemWidth(kSliderWidth - narrow - gap);
  if (combo("backend, solver", solver, {"Barnes-Hut", "direct"})) {
    a.solver = solver == 1 ? Solver::Direct : Solver::BarnesHut;
  }
  tip("how forces are summed: Barnes-Hut's tree, or every pair (exact, N^2: small N only)");
  error_here(now.status, Place::Scenario);
  error_here(now.status, Place::Backend);
  error_here(now.status, Place::Solver);
}

}  // namespace

void RunSettings::section(Action& a, const RunWanted& s, const RunShown& now) {
  const bool open = ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen);
  tip("the run: its parameters (from the next step), body count, scenario, backend and solver");
  if (!open) return;
  parameter_rows(a, s, now.status);
  body_count_row(a, s, now);
  run_kind_rows(a, s, now);
}

RunControl::Applied RunSettings::apply(const Action& a, RunControl& run) {
  RunControl::Applied out;
  if (a.params) out += run.set_params(*a.params);
  if (a.solver) out += run.switch_solver(*a.solver);
  if (a.backend) out += run.switch_backend(*a.backend);
  if (a.scenario) out += run.switch_scenario(*a.scenario);
  if (!a.bodies_typed.empty()) {
    out += run.set_bodies(a.bodies_typed);
  } else if (a.bodies) {
    out += run.set_bodies(*a.bodies);
  }
  return out;
}

}  // namespace galaxy::app
