// SPDX-License-Identifier: MIT
// The run's physical units in the panel: its texts in kpc, km/s, Msun and Myr (model units
// without them), the picked body's position and speed, and a loaded .gxy file's units.
#include <gtest/gtest.h>
#include <imgui.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <string>

#include "app.hpp"
#include "cpu/cpu_simulation.hpp"
#include "headless_app.hpp"
#include "imgui_context.hpp"
#include "panel/panel.hpp"
#include "panel/panel_time.hpp"
#include "panel/units_text.hpp"
#include "picture/overlay.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {
namespace {

TEST(PanelUnits, NumbersReadAsThePanelShowsThem) {
  EXPECT_EQ(app::number_text(3.5), "3.5");
  EXPECT_EQ(app::number_text(7.7786), "7.78");
  EXPECT_EQ(app::number_text(215.3), "215");
  EXPECT_EQ(app::number_text(-0.25), "-0.25");
  EXPECT_EQ(app::number_text(0), "0");
  EXPECT_EQ(app::number_text(1.5811e11), "1.6e11");
  EXPECT_EQ(app::number_text(9.97e6), "1e7");
  EXPECT_EQ(app::number_text(1.234e-4), "1.2e-4");
}

TEST(PanelUnits, PhysicalWhereTheRunHasUnitsModelWhereNot) {
  const Units disk = kDiskGalaxyUnits, none;
  EXPECT_EQ(app::length_text(2.0, disk), "7 kpc");
  EXPECT_EQ(app::speed_text(0.5, disk), "220 km/s");
  EXPECT_EQ(app::mass_text(1.0, disk), "1.6e11 Msun");
  EXPECT_EQ(app::length_text(2.0, none), "2");
  EXPECT_EQ(app::speed_text(0.5, none), "0.5");
  EXPECT_EQ(app::mass_text(1.0, none), "1");
  EXPECT_EQ(app::run_units_line(20000, 1.0, disk),
            "20000 bodies, total 1.6e11 Msun, 1 unit = 3.5 kpc, 440 km/s, 7.78 Myr");
  EXPECT_EQ(app::run_units_line(20000, 0.0, disk),
            "20000 bodies, 1 unit = 3.5 kpc, 440 km/s, 7.78 Myr")
      << "no total before the diagnostics measured it";
  EXPECT_EQ(app::run_units_line(20000, 1.0, none), "") << "no line without units";
  const app::PickedBody p{7, {1.0f, -2.0f, 0.5f}, 0.5f};
  EXPECT_EQ(app::picked_text(p, disk), "at (3.5, -7, 1.75) kpc, 220 km/s");
  EXPECT_EQ(app::picked_text(p, none), "at (1, -2, 0.5), speed 0.5");
  EXPECT_EQ(app::picked_text({7, {1.0f, -2.0f, 0.5f}}, none), "at (1, -2, 0.5)") << "speed unknown";
}

// On be4b4bf the run line wrapped once t passed about 1,000 Myr and pushed every row below it
// down. It fits the panel unwrapped at the largest run it may show, Myr turning into Gyr.
TEST(PanelUnits, TheRunLineKeepsItsWidthAsTimeGoesOn) {
  const Units disk = kDiskGalaxyUnits, none;
  EXPECT_EQ(app::run_line_text(20000, 2.0, disk), "N = 20000, t = 2.000 (15.6 Myr)");
  EXPECT_EQ(app::run_line_text(20000, 200.0, disk), "N = 20000, t = 200.000 (1.556 Gyr)");
  EXPECT_EQ(app::run_line_text(20000, 2.0, none), "N = 20000, t = 2.000");
  test_support::make_imgui_context(ImVec2(1280, 720));
  ImGui::NewFrame();
  const float room = app::kPanelWidth - 10.0f - 2.0f * ImGui::GetStyle().WindowPadding.x;
  for (const double t : {0.5, 99.0, 128.0, 1800.0, 1.0e5}) {
    const std::string line = app::run_line_text(800'000'000, t, disk);
    EXPECT_LE(ImGui::CalcTextSize(line.c_str()).x, room) << line;
  }
  // The Performance section's rates line, which wrapped with Myr/s beside time/s.
  app::RunFigures run;
  run.units = disk;
  run.steps_per_s = 12345.6;
  run.sim_time_per_s = 0.0123456;
  const std::string rates = app::rates_text(144.0f, run);
  EXPECT_EQ(rates, "144 fps, 1.23e+04 steps/s, 0.096 Myr/s");
  EXPECT_LE(ImGui::CalcTextSize(rates.c_str()).x, room) << rates;
  ImGui::EndFrame();
  ImGui::DestroyContext();
}

// The picked body's overlay brings its position (the walk's) and its live speed.
TEST(PanelUnits, ThePickedBodysPositionAndSpeedComeWithItsWalk) {
  CpuSimulation sim(Solver::BarnesHut, {});
  sim.reset(make_plummer(3000, 5));
  const app::OverlayGeometry g = app::overlay_geometry(sim, -1, 42);
  ASSERT_TRUE(g.picked.has_value());
  EXPECT_EQ(g.picked->body, 42);
  const HostBodies b = sim.download();
  EXPECT_EQ(g.picked->position, (std::array<float, 3>{b.x[42], b.y[42], b.z[42]}));
  EXPECT_FLOAT_EQ(g.picked->speed, std::hypot(b.vx[42], b.vy[42], b.vz[42]));
  EXPECT_FALSE(app::overlay_geometry(sim, 3, -1).picked.has_value()) << "nothing picked";
}

// A .gxy file saved from a run with units brings them to the panel of the run that loads it.
TEST(PanelUnits, ALoadedGxyBringsItsUnitsToThePanel) {
  const std::filesystem::path f = std::filesystem::temp_directory_path() / "galaxy_units.gxy";
  app::Options o = test_support::small_options(300);
  o.scenario = "antennae";
  std::string why;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  a->run().session().save(f.string());
  o.scenario = "plummer";
  auto b = test_support::make_app(o, why);
  ASSERT_FALSE(b->run().figures().units.physical());
  app::FeatureActions load;
  load.snapshots.path = f.string();
  load.snapshots.load = true;
  b->apply(load);
  EXPECT_EQ(b->run().figures().units, a->run().figures().units);
  EXPECT_TRUE(b->run().figures().units.physical());
  std::filesystem::remove(f);
}

}  // namespace
}  // namespace galaxy
