// SPDX-License-Identifier: MIT
// The panel that fits (issue 14): reset to default for every parameter, the accuracy chart, the
// panel's size and its key help at 1280x720, and the picked walk cut at the body's plane.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <functional>
#include <string>

#include "app.hpp"
#include "cpu/cpu_simulation.hpp"
#include "headless_app.hpp"
#include "picture/overlay.hpp"
#include "panel/imgui_layer.hpp"
#include "panel/param_reset.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {
namespace {

// A value off the default that the row accepts, as its slider or choice could set it.
double moved_value(const ParamInfo& info) {
  const double def = get(SimParams{}, info);
  if (!info.choices.empty()) return info.choices[0] != def ? info.choices[0] : info.choices[1];
  const double v = info.slider_low + 0.37 * (info.slider_high - info.slider_low);
  return is_integer(info) ? std::round(v) : v;
}

// Every row of both tables moved off its default as a slider would move it; the defaults to
// expect back are SimParams{} and RenderParams{} themselves, compared whole.
TEST(ParamReset, EveryParameterGoesBackToItsDefaultAndReportsLikeItsSlider) {
  for (const ParamInfo& info : sim_params()) {
    const std::string name(info.name);
    app::RunWanted s;
    EXPECT_TRUE(app::at_default(s.params, info)) << name << ": no reset button at the start";
    set(s.params, info, moved_value(info));
    ASSERT_FALSE(s.params == SimParams{}) << name;
    EXPECT_EQ(check_value(info, get(s.params, info)), "") << name << ": the slider's value is valid";
    EXPECT_FALSE(app::at_default(s.params, info)) << name << ": the reset button shows";
    // The reset edits the wanted parameters only: the run settings' action carries them to the
    // run at the next step, as the slider's (a restart is the time controls' own action).
    app::reset_to_default(s.params, info);
    EXPECT_TRUE(s.params == SimParams{}) << name;
    EXPECT_TRUE(app::at_default(s.params, info)) << name;
  }
  for (const render::Knob& k : render::knobs()) {
    const std::string name(k.name);
    app::Look s;
    EXPECT_TRUE(app::at_default(s.render, k)) << name;
    s.render.*k.field = k.low + 0.37f * (k.high - k.low);
    ASSERT_FALSE(s.render == render::RenderParams{}) << name;
    EXPECT_FALSE(app::at_default(s.render, k)) << name;
    static_assert(std::is_void_v<decltype(app::reset_to_default(s.render, k))>,
                  "the renderer reads the look every frame: nothing to carry to the run");
    app::reset_to_default(s.render, k);
    EXPECT_TRUE(s.render == render::RenderParams{}) << name;
  }
  EXPECT_EQ(app::default_text(*find_param("theta")), "1");
  EXPECT_EQ(app::default_text(*find_param("--dt")), "0.0125");
}

// Every field of SimParams has a row: moving every row moves every field.
TEST(ParamTable, EveryFieldHasARow) {
  SimParams p;
  for (const ParamInfo& info : sim_params()) set(p, info, moved_value(info));
  const SimParams d;
  EXPECT_NE(p.theta, d.theta);
  EXPECT_NE(p.dt, d.dt);
  EXPECT_NE(p.softening, d.softening);
  EXPECT_NE(p.multipole, d.multipole);
  EXPECT_NE(p.alpha, d.alpha);
  EXPECT_NE(p.leaf_size, d.leaf_size);
  EXPECT_NE(p.group_size, d.group_size);
  EXPECT_NO_THROW(check_params(p));
}

// check_params names the parameter and the rule; same_forces looks only at what changes forces.
TEST(ParamTable, ChecksNameTheParameterAndSameForcesIgnoresDtAndTuning) {
  SimParams p;
  p.theta = -1;
  EXPECT_THROW(
      {
        try {
          check_params(p);
        } catch (const std::invalid_argument& e) {
          EXPECT_STREQ(e.what(), "theta must be > 0, got -1");
          throw;
        }
      },
      std::invalid_argument);
  for (const int order : {1, 4}) {  // the orders are 0, 2 and 3
    p = {};
    p.multipole = order;
    EXPECT_THROW(check_params(p), std::invalid_argument);
  }
  p = {};
  p.leaf_size = kMaxLeafSize + 1;
  EXPECT_THROW(check_params(p), std::invalid_argument);
  p = {};
  p.softening = std::nanf("");
  EXPECT_THROW(check_params(p), std::invalid_argument);
  SimParams a, b;
  b.dt = 0.001f;
  b.leaf_size = 8;
  b.group_size = 32;
  EXPECT_TRUE(same_forces(a, b));
  b.alpha = 0.001f;
  EXPECT_FALSE(same_forces(a, b));
}

// The reset's parameters go through App::apply like the slider's: the run gets the default back.
TEST(ParamReset, AResetReachesTheRunningSimulation) {
  std::string why;
  const app::Options o = test_support::small_options(400);
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions moved;
  moved.run_settings.params = a->run().control().wanted().params;
  moved.run_settings.params->theta = 0.4f;
  moved.run_settings.params->softening = 0.2f;
  a->apply(moved);
  ASSERT_EQ(a->run().session().simulation().params().theta, 0.4f);
  app::FeatureActions reset;
  reset.run_settings.params = a->run().control().wanted().params;
  app::reset_to_default(*reset.run_settings.params, *find_param("theta"));
  a->apply(reset);
  EXPECT_EQ(a->run().session().simulation().params().theta, SimParams{}.theta);
  EXPECT_EQ(a->run().session().simulation().params().softening, 0.2f) << "only theta went back";
}

TEST(AccuracyChart, KeepsThePointsOfOneRunAndStartsAfreshOnAnother) {
  app::AccuracyChart chart;
  const app::AccuracyRun run{20000, "collision", "cpu/bh"}, other{40000, "collision", "cpu/bh"};
  chart.add(run, {1.0f, 0.004f, 50.0f, 2e-3});
  chart.add(run, {0.5f, 0.004f, 90.0f, 5e-4});
  ASSERT_EQ(chart.points(run).size(), 2u);
  EXPECT_EQ(chart.points(run)[1].theta, 0.5f);
  EXPECT_TRUE(chart.points(other).empty()) << "points of another run are not shown";
  chart.add(other, {1.0f, 0.004f, 100.0f, 2e-3});
  EXPECT_EQ(chart.points(other).size(), 1u);
  EXPECT_TRUE(chart.points(run).empty());
  for (std::size_t k = 0; k < app::AccuracyChart::kMaxPoints + 5; ++k) {
    chart.add(other, {float(k), 0, 1, 1e-3});
  }
  ASSERT_EQ(chart.points(other).size(), app::AccuracyChart::kMaxPoints);
  EXPECT_EQ(chart.points(other).back().theta, float(app::AccuracyChart::kMaxPoints + 4));
}

// Each measurement the app makes lands in the chart with the theta and step time of that moment;
// a new body count is another run.
TEST(AccuracyChart, TheAppKeepsEachMeasurementWithThetaAndStepTime) {
  std::string why;
  const app::Options o = test_support::small_options(600);
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions measure;
  measure.accuracy.measure = true;
  ASSERT_TRUE(a->frame());
  a->apply(measure);
  app::FeatureActions moved;
  moved.run_settings.params = a->run().control().wanted().params;
  moved.run_settings.params->theta = 0.3f;
  a->apply(moved);
  ASSERT_TRUE(a->frame());  // a step at the new theta
  a->apply(measure);
  const app::DrawnStep& drawn = a->screen().stats().drawn;
  const app::AccuracyRun run{drawn.bodies, a->run().figures().source, drawn.backend};
  const app::AccuracyMeter& meter = a->features().accuracy;
  const auto pts = meter.chart().points(run);
  ASSERT_EQ(pts.size(), 2u);
  EXPECT_EQ(pts[0].theta, SimParams{}.theta);
  EXPECT_EQ(pts[1].theta, 0.3f);
  ASSERT_TRUE(meter.errors());
  EXPECT_EQ(pts[1].p99, meter.errors()->p99);
  EXPECT_EQ(pts[1].step_ms, a->run().step_figures().timings.total_ms);
  EXPECT_LT(pts[1].p99, pts[0].p99) << "a smaller theta is more accurate";
  app::FeatureActions count;
  count.run_settings.bodies_typed = "700";
  a->apply(count);
  ASSERT_TRUE(a->frame());
  const app::DrawnStep& now = a->screen().stats().drawn;
  EXPECT_TRUE(meter.chart().points({now.bodies, a->run().figures().source, now.backend}).empty());
  EXPECT_FALSE(meter.errors()) << "the errors shown were the old run's";
}

ImRect window_rect(const char* name) {
  const ImGuiWindow* w = ImGui::FindWindowByName(name);
  if (!w) return {};
  return w->Rect();
}

void open_every_section() {
  ImGuiWindow* w = ImGui::FindWindowByName("Galaxy");
  ASSERT_NE(w, nullptr);
  for (const char* label : {"Simulation", "Performance", "Accuracy", "Rendering", "Snapshot",
                            "tuning", "stage history"}) {
    w->StateStorage.SetInt(ImHashStr(label, 0, w->ID), 1);
  }
}

// At 1280x720 the panel covers at most a fifth of the view (it covered about 32%), and the key
// help lies inside the view below it, also with every section open (the panel then scrolls).
TEST(PanelGl, FitsAndKeepsTheKeyHelpInView) {
  std::string why;
  app::Options o;
  o.bodies = 500;
  o.width = 1280;
  o.height = 720;
  o.steps = 0;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  a.reset();
  o.lockstep = true;  // the measurements are in the panel at once: its height does not vary
  o.headless = true;
  o.no_ui = false;
  o.backend = Backend::Cpu;
  a = std::make_unique<app::App>(o);
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(a->frame());
  const ImRect panel = window_rect("Galaxy"), keys = window_rect("##keys");
  ASSERT_GT(panel.GetArea(), 0.0f);
  ASSERT_GT(keys.GetArea(), 0.0f);
  const float view = 1280.0f * 720.0f;
  EXPECT_LT(panel.GetArea() / view, 0.20f) << panel.GetWidth() << " x " << panel.GetHeight();
  EXPECT_LT((panel.GetArea() + keys.GetArea()) / view, 0.23f);
  EXPECT_LE(keys.Max.y, 720.0f);
  EXPECT_LE(panel.Max.y, keys.Min.y) << "the panel never covers the key help";
  open_every_section();
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(a->frame());
  const ImRect open = window_rect("Galaxy"), keys_open = window_rect("##keys");
  EXPECT_GT(open.GetHeight(), panel.GetHeight()) << "the sections opened";
  // Every section open is taller than the view: the panel reaches down to the key help and
  // scrolls from there.
  EXPECT_GE(open.Max.y, keys_open.Min.y - 12.0f);
  EXPECT_LE(keys_open.Max.y, 720.0f);
  EXPECT_LE(open.Max.y, keys_open.Min.y) << "the panel stops above the key help";
}

// Readable at 1M: the cells that the plane z = body.z cuts are drawn as that cut (flat, at the
// body's z, with the cell's x-y extent), the finest level strongest; the others faint whole boxes.
TEST(Overlay, ThePickedWalkIsCutAtTheBodysPlane) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(20000, 3));
  const WalkTrace t = sim.trace_walk(42);
  const app::OverlayGeometry g = app::overlay_geometry(sim, -1, 42);
  // The walk's cells, then the box of the group that walked together (drawn whole).
  const std::size_t walk = t.accepted.size() + t.opened.size();
  ASSERT_GT(t.group_bodies, 1u) << "the CPU backend walks groups, as the GPU does";
  ASSERT_EQ(g.boxes.size(), walk + 1);
  const float z = t.body[2];
  std::size_t cut = 0, faint = 0;
  float finest_alpha = 0, coarsest_alpha = 1;
  int finest = 0, coarsest = 1 << 30;
  for (const TraceBox& b : t.accepted) {  // the levels of the accepted cells the plane cuts
    if (b.lo[2] > z || b.hi[2] < z) continue;
    finest = std::max(finest, b.level);
    coarsest = std::min(coarsest, b.level);
  }
  const render::Box& group = g.boxes.back();
  EXPECT_TRUE(group.lo.z <= z && group.hi.z >= z && group.lo.z < group.hi.z) << "whole";
  for (std::size_t k = 0; k < walk; ++k) {
    const render::Box& b = g.boxes[k];
    if (b.lo.z == z && b.hi.z == z) {
      ++cut;
      EXPECT_GE(b.color.a, 0.2f);
    } else {
      ++faint;
      EXPECT_LT(b.color.a, 0.1f);
      EXPECT_TRUE(b.lo.z > z || b.hi.z < z) << "a cell off the plane";
    }
  }
  for (const TraceBox& b : t.accepted) {
    if (b.lo[2] > z || b.hi[2] < z) continue;
    const auto it = std::find_if(g.boxes.begin(), g.boxes.end(), [&](const render::Box& r) {
      return r.lo.z == z && r.lo.x == b.lo[0] && r.hi.x == b.hi[0] && r.lo.y == b.lo[1] &&
             r.hi.y == b.hi[1];
    });
    ASSERT_NE(it, g.boxes.end()) << "each accepted cell on the plane is drawn as its cut";
    if (b.level == finest) finest_alpha = std::max(finest_alpha, it->color.a);
    if (b.level == coarsest) coarsest_alpha = std::min(coarsest_alpha, it->color.a);
  }
  EXPECT_GT(cut, 10u);
  EXPECT_GT(faint, cut) << "most of the walk lies off the plane";
  EXPECT_GT(finest_alpha, coarsest_alpha) << "the finest level is the strongest";
  EXPECT_EQ(g.markers.back().position, glm::vec3(t.body[0], t.body[1], t.body[2]));
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// On be4b4bf the scenario list showed the Performance lines through it (ImGui's dark style draws
// pop-ups at 94% opacity): the panel's style makes them opaque.
TEST(PanelStyle, DropDownListsAndPopUpsAreOpaque) {
  ImGui::CreateContext();
  app::panel_style();
  EXPECT_EQ(ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w, 1.0f);
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy
