// SPDX-License-Identifier: MIT
#include "panel/panel.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <utility>

#include "panel/galaxies_section.hpp"
#include "panel/panel_parts.hpp"
#include "panel/panel_place.hpp"
#include "panel/panel_time.hpp"
#include "panel/param_controls.hpp"
#include "panel/units_text.hpp"
#include "panel/view_controls.hpp"
#include "scenarios/scenarios.hpp"
#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

const ImVec4 kError(1.0f, 0.35f, 0.3f, 1.0f);

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

void timing_section(const FrameStats& f, const RunFigures& run, const StepFigures& st) {
  const bool open = ImGui::CollapsingHeader("Performance", ImGuiTreeNodeFlags_DefaultOpen);
  tip("frame and step rates, the six stages' times, interactions and the energy drift");
  if (!open) return;
  ImGui::TextUnformatted(rates_text(f.fps, run).c_str());
  if (f.sent_stride > 1) {
    ImGui::TextColored(kWarn, "drawing 1 in %d bodies (sent by the ranks)",
                       f.draw_stride * f.sent_stride);
  } else if (f.draw_stride > 1) {
    ImGui::TextColored(kWarn, "drawing 1 in %d bodies while it runs", f.draw_stride);
  }
  // Wrapped: "cpu/bh over 4 MPI ranks" and the drift are wider than the panel.
  ImGui::TextWrapped("step %.2f ms, %s%s", st.timings.total_ms, f.drawn.backend.c_str(),
                     st.have_energy ? fmt::format(", dE {:+.1e}", st.energy_drift).c_str() : "");
  if (st.have_energy && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("energy drift since start: %+.3e", st.energy_drift);
  }
  if (!st.cost_line.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarn, "%s", st.cost_line.c_str());
    ImGui::PopTextWrapPos();
  }
  ranks_line(st.ranks);
  ImGui::Text("render %s, vertices %.2f ms",
              f.render_ms >= 0 ? (std::to_string(f.render_ms).substr(0, 5) + " ms").c_str() : "n/a",
              f.vertex_ms);
  ImGui::Text("%.3g bodies/s, %.3g interactions", st.bodies_per_s,
              double(st.interactions.body_body + st.interactions.body_cell));
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("vertex bytes a step host<->device: %llu%s",
                      static_cast<unsigned long long>(f.transfer_bytes),
                      f.interop ? " (CUDA-GL interop)" : "");
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

void render_section(Look& s, const FrameStats& st, const FeatureRows& rows) {
  const bool open = ImGui::CollapsingHeader("Rendering");
  tip("the look (light, exposure, colours), the colour maps, the overlays and screenshots");
  if (!open) return;
  render::RenderParams& r = s.render;
  knob_controls(r);
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

void interop_line(const FrameStats& st) {
  if (!st.interop_warning.empty()) ImGui::TextColored(kWarn, "%s", st.interop_warning.c_str());
}

// The run's line: N and the drawn step's time (in Myr or Gyr too, where the run has units),
// unwrapped: its height never changes, so nothing below it moves as time goes on.
void run_line(const DrawnStep& d, const RunFigures& run) {
  ImGui::TextUnformatted(run_line_text(d.bodies, d.time, run.units).c_str());
  if (run.units.physical() && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", run_units_line(d.bodies, run.total_mass, run.units).c_str());
  }
}

}  // namespace

void draw_panel(Look& look, const PanelFigures& shown, const FeatureRows& rows) {
  if (look.panel_collapsed) {
    panel_bar(look);
    status_line(shown.status, panel_right(look));
    rows(PanelSlot::Legend);
    return;
  }
  const float width = (look.panel_docked ? look.panel_width : kPanelWidth) - 10.0f;
  // The key help first: the panel fits above it, so it is never covered or cut off.
  const float keys = key_help(width);
  // Tighter than ImGui's default spacing: the panel covers less of the view.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6.0f, 3.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4.0f, 2.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, kPanelScrollbar);
  ImGui::Begin("Galaxy", nullptr, place_panel(look, keys));
  panel_title_buttons(look);
  ImGui::PushItemWidth(kSliderWidth);
  run_line(shown.frame.drawn, shown.run);
  rows(PanelSlot::Time);
  rows(PanelSlot::Runaway);
  interop_line(shown.frame);
  rows(PanelSlot::Simulation);  // the run settings' section
  timing_section(shown.frame, shown.run, shown.step);
  rows(PanelSlot::Accuracy);  // the accuracy meter's section
  render_section(look, shown.frame, rows);
  galaxies_section(rows, std::exchange(look.open_designer, false));
  rows(PanelSlot::Snapshot);
  ImGui::PopItemWidth();
  ImGui::End();
  ImGui::PopStyleVar(3);
  status_line(shown.status, panel_right(look));
  rows(PanelSlot::Legend);
}

void status_line(const StatusText& st, float left) {
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
