// SPDX-License-Identifier: MIT
// The panel drawn alone for tests of its layout: an ImGui context without a renderer, a view tall
// enough for every section open, and settings and numbers that show every optional control.
#pragma once

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "features/features.hpp"
#include "imgui_context.hpp"
#include "knobs.hpp"
#include "panel/colour_bar.hpp"
#include "panel/panel.hpp"
#include "scenarios/presets.hpp"

namespace galaxy::test_support {

// What the panel shows, each part as its one writer would fill it (the status line, the screen,
// the window's run).
struct Shown {
  app::StatusText status;
  app::FrameStats frame;
  app::RunFigures run;
  app::StepFigures step;
  app::PanelFigures view() const { return {status, frame, run, step}; }
};

// What shows every optional control: a runaway (its buttons), kept keyframes (the timeline), a
// picked body, parameters and knobs off their defaults (the reset buttons), a colour map, an
// accuracy chart, a galaxy to undo, a designer's draft with physical units, a camera path playing.
inline void show_everything(app::RunWanted& s, app::Look& look, Shown& st, app::Features& f) {
  st.frame.drawn = {10485760, 8, 1234.5678, "cpu/bh"};  // numbers as wide as a large run's
  st.frame.fps = 144.0f;
  st.run.steps_per_s = 1234.5;
  st.run.sim_time_per_s = 12.34;
  st.run.units = kDiskGalaxyUnits;
  st.step.timings.total_ms = 123.456f;
  st.step.bodies_per_s = 1.234e9;
  st.step.interactions.body_body = 12345678901ull;
  st.step.energy_drift = -1.234e-5;
  st.run.source = "collision";
  st.run.sim_steps = 8;
  st.run.kept = {0, 4, 8};
  st.run.runaway = "step 8 ran away";
  st.run.runaway_good_step = 7;
  st.step.have_energy = true;
  for (auto& h : st.step.history) h = {1.0f, 2.0f, 3.0f};
  // Two measurements of this run, at 5 and 9 ms a step: the meter's errors and chart points.
  ErrorStats e;
  e.median = 1.234e-4;
  e.samples = 1000;
  e.p99 = 1e-3;
  const app::AccuracyRun run{st.frame.drawn.bodies, st.run.source, st.frame.drawn.backend};
  f.accuracy.arrived({e, 1.0f, 0.004f}, run, 5.0f);
  e.p99 = 3e-4;
  f.accuracy.arrived({e, 0.5f, 0.004f}, run, 9.0f);
  st.run.edits = 1;
  for (const ParamInfo& info : sim_params()) {
    set(s.params, info, info.choices.empty() ? info.slider_low : info.choices[0]);
  }
  for (const render::Knob& k : render::knobs()) look.render.*k.field = k.low;
  struct NoRun final : app::InspectTarget {  // the panel alone: nothing to pick on
    void pick(const glm::mat4&, glm::vec2, glm::vec2, bool) override {}
    void invalidate_overlays() override {}
  } none;
  f.inspect.apply({.octree_depth = 7, .select = 3}, none, true);
  app::choose_field(look.render, *find_field("error"));
  Encounter draft = *find_preset("prograde");
  draft.units = kDiskGalaxyUnits;
  f.encounter = app::EncounterDesigner(draft);
  // A time as wide as a long fly-through's, played to its end: "playing: 1234.5 of 1234.5 s".
  app::CameraPath path;
  path.keys = {{0.0, {}}, {1234.5, {}}};
  f.camera_path = app::CameraPathTool(path, "camera_path.toml");
  f.camera_path.play();
  render::OrbitCamera camera;
  f.camera_path.advance(camera, 1234.5, false);
  f.camera_path.advance(camera, 0.0, false);
}

// An ImGui context without a renderer, as tall as the whole panel open, drawing the panel.
class PanelDriver : public ::testing::Test {
 protected:
  void SetUp() override {
    // Tall enough for the whole panel, open: no scrolling.
    test_support::make_imgui_context(ImVec2(1280, 6000));
    show_everything(s, look, st, f);
  }
  void TearDown() override { ImGui::DestroyContext(); }

  void frame(ImVec2 mouse) {
    ImGui::GetIO().MousePos = mouse;
    ImGui::NewFrame();
    const app::PanelFigures shown = st.view();
    app::draw_panel(look, shown, [&](app::PanelSlot at) {
      app::feature_rows(f, at, acted, {shown, s, look, f.inspect.picked()});
    });
    ImGui::EndFrame();
  }

  ImGuiWindow* panel() { return ImGui::FindWindowByName("Galaxy"); }

  // Opens or closes a section or tree node of the panel (`parent`: the tree node it is in).
  void set_open(const char* label, bool open, ImGuiID parent = 0) {
    ImGuiWindow* w = panel();
    ASSERT_NE(w, nullptr) << "draw a frame first";
    w->StateStorage.SetInt(ImHashStr(label, 0, parent ? parent : w->ID), open ? 1 : 0);
  }

  // Only the section `only` open (null: every one), with all its tree nodes, the designer's
  // galaxies included; then frames until the layout settles.
  void open_sections(const char* only = nullptr) {
    frame(ImVec2(-1, -1));
    for (const char* label :
         {"Simulation", "Performance", "Accuracy", "Rendering", "Galaxies", "Snapshot"}) {
      set_open(label, !only || std::string(label) == only);
    }
    for (const char* node :
         {"tuning", "stage history", "drop into the run", "design an encounter", "camera path"}) {
      set_open(node, true);
    }
    const ImGuiID designer = ImHashStr("design an encounter", 0, panel()->ID);
    for (const char* galaxy : {"###galaxy0", "###galaxy1"}) set_open(galaxy, true, designer);
    for (int k = 0; k < 3; ++k) frame(ImVec2(-1, -1));
  }
  void open_everything() { open_sections(); }

  static bool tooltip_shown() {
    for (const ImGuiWindow* w : GImGui->Windows) {
      if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) return true;
    }
    return false;
  }

  app::RunWanted s;  // the run's wanted values
  app::Look look;
  Shown st;
  app::Features f;            // the features drawing their own rows
  app::FeatureActions acted;  // what the frames' clicks asked of them
};

}  // namespace galaxy::test_support
