// SPDX-License-Identifier: MIT
#include "panel/panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <fmt/format.h>

#include <algorithm>

#include "panel/panel_parts.hpp"
#include "panel/param_controls.hpp"
#include "panel/panel_time.hpp"
#include "panel/galaxies_section.hpp"
#include "panel/units_text.hpp"
#include "panel/view_controls.hpp"
#include "scenarios/scenarios.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

const ImVec4 kWarn(1.0f, 0.7f, 0.2f, 1.0f), kError(1.0f, 0.35f, 0.3f, 1.0f);
// Sliders leave room on their line for the label and a reset button.
constexpr float kSliderWidth = 150.0f;

// `other`: what the field shows when `current` is none of the items.
bool combo(const char* label, int& current, const std::vector<std::string>& items,
           const std::string& other = {}) {
  bool changed = false;
  const bool listed = current >= 0 && current < int(items.size());
  const char* preview = listed ? items[current].c_str() : other.c_str();
  if (ImGui::BeginCombo(label, preview)) {
    for (int i = 0; i < int(items.size()); ++i) {
      if (ImGui::Selectable(items[i].c_str(), i == current)) {
        changed = current != i;
        current = i;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The tree's tuning knobs, folded away: they change speed (the reach, at small alpha, also how
// small the error can get).
void tuning_controls(Settings& s, Changes& c) {
  const bool open = ImGui::TreeNode("tuning");
  tip("the tree's leaf and walk-group sizes, which change the speed, and the relative test's "
      "reach, which at small alpha also sets how small the error can get");
  if (!open) return;
  param_controls(s, c, ParamSection::Tuning);
  ImGui::TreePop();
}

// Where the run has units: its total mass after the body count ("20000 bodies, 1.6e11 Msun"),
// and what a unit is when hovered. On that line, not a line of its own: the panel stays within a
// fifth of a 1280x720 view (tests/test_panel.cpp).
void run_units(const PanelStats& st) {
  if (!st.units.physical()) return;
  if (st.total_mass > 0) {
    ImGui::SameLine(0, 0);
    ImGui::Text(", %s", mass_text(st.total_mass, st.units).c_str());
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", run_units_line(st.bodies, st.total_mass, st.units).c_str());
  }
}

void simulation_section(Settings& s, Changes& c, const PanelStats& st) {
  const bool open = ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen);
  tip("the run: its parameters (from the next step), body count, scenario, backend and solver");
  if (!open) return;
  param_controls(s, c, ParamSection::Physics);
  tuning_controls(s, c);
  error_here(st, Place::Parameters);
  // The body count applies on Enter (as typed: 250k, 1M, 1e6; App::apply reads it and says what
  // is wrong with it) or on a halving or doubling button: not once per keystroke. The memory
  // preflight (Session::set_body_count) refuses what does not fit.
  std::string text = body_count_text(s.bodies);
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - 2 * ImGui::GetFrameHeight() - 8);
  if (ImGui::InputText("##bodies", &text, ImGuiInputTextFlags_EnterReturnsTrue)) {
    c.bodies_typed = text;
  }
  tip("the number of bodies, applied on Enter: 20000, 250k, 1M or 1e6; the scenario is made\n"
      "again at that count (one that does not fit in memory is refused and the run stays)");
  ImGui::SameLine(0, 4);
  if (ImGui::Button("/2", ImVec2(ImGui::GetFrameHeight(), 0)) && s.bodies > 1) {
    s.bodies /= 2;
    c.bodies = true;
  }
  tip("half the bodies: the scenario made again at that count");
  ImGui::SameLine(0, 4);
  if (ImGui::Button("x2", ImVec2(ImGui::GetFrameHeight(), 0))) {
    s.bodies *= 2;
    c.bodies = true;
  }
  tip("twice the bodies: the scenario made again at that count");
  ImGui::SameLine();
  ImGui::TextUnformatted("bodies");
  run_units(st);
  error_here(st, Place::BodyCount);
  error_here(st, Place::Reset);
  // What runs: a scenario, or after a load the snapshot (then any scenario is a change).
  int scenario = -1;
  const auto& names = scenario_names();
  for (int i = 0; i < int(names.size()); ++i) {
    if (names[i] == st.source) scenario = i;
  }
  if (combo("scenario", scenario, names, st.source)) {
    s.scenario = names[scenario];
    c.scenario = true;
  }
  tip("the initial conditions, made again at the body count: colliding disks, a Plummer\n"
      "sphere, a cold collapse, or a preset encounter (README, Scenarios)");
  // The backend and the solver share a row: the panel stays short.
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x, narrow = 58.0f;
  int backend = s.backend == Backend::Cuda ? 1 : 0;
  ImGui::SetNextItemWidth(narrow);
  if (combo("##backend", backend, {"cpu", "cuda"})) {
    s.backend = backend == 1 ? Backend::Cuda : Backend::Cpu;
    c.backend = true;
  }
  tip("where the steps run: the CPU's cores or a CUDA GPU (the bodies move across)");
  ImGui::SameLine(0, gap);
  int solver = s.solver == Solver::Direct ? 1 : 0;
  ImGui::SetNextItemWidth(kSliderWidth - narrow - gap);
  if (combo("backend, solver", solver, {"Barnes-Hut", "direct"})) {
    s.solver = solver == 1 ? Solver::Direct : Solver::BarnesHut;
    c.solver = true;
  }
  tip("how forces are summed: Barnes-Hut's tree, or every pair (exact, N^2: small N only)");
  error_here(st, Place::Scenario);
  error_here(st, Place::Backend);
  error_here(st, Place::Solver);
}

// The six stages in the order a step runs them, two to a row, in ms.
void stage_table(const StageTimings& t) {
  if (!ImGui::BeginTable("stages", 4, ImGuiTableFlags_RowBg)) return;
  for (int side = 0; side < 2; ++side) {
    ImGui::TableSetupColumn("stage", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("ms", ImGuiTableColumnFlags_WidthFixed, 52.0f);
  }
  for (int k = 0; k < kStageCount; ++k) {
    if (k % 2 == 0) ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const auto name = stage_name(static_cast<Stage>(k));
    ImGui::TextUnformatted(name.data(), name.data() + name.size());
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", t.ms[k]);
  }
  ImGui::EndTable();
}

// A time plot's tooltip (in place of ImGui's own, which shows only inside the frame's padding).
void history_tip(const char* what, const std::vector<float>& ms) {
  const float top = *std::max_element(ms.begin(), ms.end());
  tip(fmt::format("the time of {} over the last {} drawn steps: now {:.3f} ms, at most {:.3f} ms",
                  what, ms.size(), ms.back(), top)
          .c_str());
}

void timing_section(const PanelStats& st) {
  const bool open = ImGui::CollapsingHeader("Performance", ImGuiTreeNodeFlags_DefaultOpen);
  tip("frame and step rates, the six stages' times, interactions and the energy drift");
  if (!open) return;
  ImGui::TextWrapped("%s", rates_text(st).c_str());  // with Myr/s it is wider than the panel
  if (st.sent_stride > 1) {
    ImGui::TextColored(kWarn, "drawing 1 in %d bodies (sent by the ranks)",
                       st.draw_stride * st.sent_stride);
  } else if (st.draw_stride > 1) {
    ImGui::TextColored(kWarn, "drawing 1 in %d bodies while it runs", st.draw_stride);
  }
  // Wrapped: "cpu/bh over 4 MPI ranks" and the drift are wider than the panel.
  ImGui::TextWrapped("step %.2f ms, %s%s", st.timings.total_ms, st.backend_name.c_str(),
                     st.have_energy ? fmt::format(", dE {:+.1e}", st.energy_drift).c_str() : "");
  if (st.have_energy && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("energy drift since start: %+.3e", st.energy_drift);
  }
  ranks_line(st.ranks);
  ImGui::Text(
      "render %s, vertices %.2f ms",
      st.render_ms >= 0 ? (std::to_string(st.render_ms).substr(0, 5) + " ms").c_str() : "n/a",
      st.vertex_ms);
  ImGui::Text("%.3g bodies/s, %.3g interactions", st.bodies_per_s,
              double(st.interactions.body_body + st.interactions.body_cell));
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("vertex bytes a step host<->device: %llu%s",
                      static_cast<unsigned long long>(st.transfer_bytes),
                      st.interop ? " (CUDA-GL interop)" : "");
  }
  stage_table(st.timings);
  const auto& total = st.history[kStageCount];
  if (!total.empty()) {
    const float top = *std::max_element(total.begin(), total.end());
    ImGui::PlotLines("step ms", total.data(), int(total.size()), 0, nullptr, 0.0f, top * 1.1f,
                     ImVec2(0, 30));
    history_tip("a step", total);
  }
  const bool history = ImGui::TreeNode("stage history");
  tip("each stage's time over the last 120 drawn steps");
  if (!history) return;
  for (int k = 0; k < kStageCount; ++k) {
    const auto& h = st.history[k];
    if (h.empty()) continue;
    const auto name = std::string(stage_name(static_cast<Stage>(k)));
    ImGui::PlotLines(name.c_str(), h.data(), int(h.size()), 0, nullptr, 0.0f, FLT_MAX,
                     ImVec2(0, 24));
    history_tip(name.c_str(), h);
  }
  ImGui::TreePop();
}

void accuracy_section(Settings& s, Changes& c, const PanelStats& st) {
  const bool open = ImGui::CollapsingHeader("Accuracy");
  tip("the force error against a direct sum, and its chart against the step time");
  if (!open) return;
  c.measure_accuracy |= ImGui::Button("Measure");
  tip("compare the forces on 1,000 bodies with a float64 direct sum, once");
  ImGui::SameLine();
  ImGui::Checkbox("every 3 s", &s.accuracy_auto);
  tip("measure again every 3 seconds, so moving theta or alpha traces the chart");
  if (st.have_accuracy) {
    ImGui::TextWrapped("rel. error: median %.2e, p99 %.2e (%zu bodies) at %.2f ms/step",
                       st.accuracy.median, st.accuracy.p99, st.accuracy.samples,
                       st.timings.total_ms);
  }
  accuracy_chart(st.accuracy_chart.points({st.bodies, st.source, st.backend_name}));
}

void render_section(Settings& s, Changes& c, const PanelStats& st, const FeatureRows& rows) {
  const bool open = ImGui::CollapsingHeader("Rendering");
  tip("the look (light, exposure, colours), the colour maps, the overlays and screenshots");
  if (!open) return;
  render::RenderParams& r = s.render;
  knob_controls(s, c);
  ImGui::Checkbox("auto exposure", &r.auto_exposure);
  tip("measure the picture's light each frame and expose for it (exposure multiplies it)");
  rows(PanelSlot::Colour);
  ImGui::Checkbox("hide halo", &r.hide_halo);
  tip("leave the dark halo's bodies out of the picture (they still pull)");
  int splat = s.splat_auto ? 0 : (r.splat == render::SplatMode::Compute ? 2 : 1);
  if (combo("splat", splat, {"auto", "points", "compute"})) {
    s.splat_auto = splat == 0;
    if (splat != 0) r.splat = splat == 2 ? render::SplatMode::Compute : render::SplatMode::Points;
  }
  tip("how bodies are drawn: GL point sprites, or a compute shader that adds each body's light\n"
      "(faster for millions); auto picks compute from 32,768 bodies");
  ImGui::TextDisabled("drawing with %s", st.splat_compute ? "the compute splat" : "GL points");
  rows(PanelSlot::Trails);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", st.gl_description.c_str());
  ImGui::PopTextWrapPos();
  view_controls(s, rows);
  rows(PanelSlot::Rendering);
  rows(PanelSlot::Screenshot);
}

void interop_line(const PanelStats& st) {
  if (!st.interop_warning.empty()) ImGui::TextColored(kWarn, "%s", st.interop_warning.c_str());
}

}  // namespace

Changes draw_panel(Settings& s, const PanelStats& st, const FeatureRows& rows) {
  Changes c;
  const float width = kPanelWidth - 10.0f;
  // The key help first: the panel fits above it, so it is never covered or cut off.
  const float keys = key_help(width);
  const float room = std::max(ImGui::GetIO().DisplaySize.y - 10.0f - keys - 4.0f, 100.0f);
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  // As tall as what is open, at most down to the key help (then it scrolls). The first frame
  // gets a size of its own: an auto-fitted window stays hidden on its first frame, which would
  // leave the panel out of a one-frame headless render.
  ImGui::SetNextWindowSize(ImVec2(width, std::min(room, 470.0f)), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, room));
  ImGui::SetNextWindowBgAlpha(0.75f);
  // Tighter than ImGui's default spacing: the panel covers less of the view.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6.0f, 3.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4.0f, 2.0f));
  ImGui::Begin("Galaxy", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushItemWidth(kSliderWidth);
  // Wrapped: 10M bodies at t = 1234 in Myr is wider than the panel.
  if (st.units.physical()) {
    ImGui::TextWrapped("N = %zu, step %llu, t = %.3f (%.1f Myr)", st.bodies,
                       static_cast<unsigned long long>(st.steps), st.time,
                       st.time * st.units.time_myr());
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s", run_units_line(st.bodies, st.total_mass, st.units).c_str());
    }
  } else {
    ImGui::TextWrapped("N = %zu, step %llu, t = %.3f", st.bodies,
                       static_cast<unsigned long long>(st.steps), st.time);
  }
  rows(PanelSlot::Time);
  rows(PanelSlot::Runaway);
  interop_line(st);
  simulation_section(s, c, st);
  timing_section(st);
  accuracy_section(s, c, st);
  render_section(s, c, st, rows);
  galaxies_section(rows);
  rows(PanelSlot::Snapshot);
  ImGui::PopItemWidth();
  ImGui::End();
  ImGui::PopStyleVar(2);
  status_line(st, kPanelWidth);
  rows(PanelSlot::Legend);
  return c;
}

void status_line(const PanelStats& st, float left) {
  const std::string& text = !st.error.empty() ? st.error : st.message;
  const bool busy = !st.transfer.empty();  // a load or save under way: its bar above the text
  if (text.empty() && !busy) return;
  // Its own window at the bottom of the view: never scrolled away, wrapped to the width.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // Beside the panel when it shows (so no control is covered), across the view when it does not;
  // never narrower than 200 pixels.
  if (display.x - left < 220.0f) left = 10.0f;
  const float width = std::min(display.x - left - 10.0f, 900.0f);
  // Sized from the wrapped text, not auto-fitted: an auto-fitted window stays hidden on its
  // first frame, and the last frame of a recording may be the one that shows the message.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float wrap = width - 2.0f * style.WindowPadding.x;
  float inside = 0.0f;
  if (busy) inside += ImGui::GetFrameHeight();
  if (busy && !text.empty()) inside += style.ItemSpacing.y;
  if (!text.empty()) inside += ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y;
  const float height = std::min(inside + 2.0f * style.WindowPadding.y, display.y * 0.3f);
  ImGui::SetNextWindowPos(ImVec2(left, display.y - 10.0f), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.85f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  ImGui::Begin("##status", nullptr, flags);
  if (busy) ImGui::ProgressBar(st.transfer_fraction, ImVec2(-1.0f, 0.0f), st.transfer.c_str());
  ImGui::PushTextWrapPos(0.0f);  // wrap at the window's edge
  if (!st.error.empty()) {
    ImGui::TextColored(kError, "%s", st.error.c_str());
  } else if (!text.empty()) {
    ImGui::TextUnformatted(st.message.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace galaxy::app
