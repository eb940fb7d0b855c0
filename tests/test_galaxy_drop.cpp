// SPDX-License-Identifier: MIT
// Galaxies dropped into a running run and taken out (sim/scenarios/drop.hpp, Session::add_galaxy,
// Runner::edit, BodyEdits), the timeline's edits (the future after an edit forgotten, the past
// kept, undo), the drop tool's gesture and keys, on the CPU and (with a device) the GPU.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <cstring>

#include "cli/run_spec_options.hpp"
#include "headless_app.hpp"
#include "imgui_context.hpp"
#include "panel/drop_gesture.hpp"
#include "panel/input.hpp"
#include "run/body_edits.hpp"
#include "run/runner.hpp"
#include "scenarios/drop.hpp"
#include "scenarios/presets.hpp"
#include "scenarios/scenarios.hpp"
#include "simulation.hpp"
#include "test_support_sim.hpp"
#include "timeline.hpp"

namespace galaxy {
namespace {

std::vector<float> state_bits(const HostBodies& b) {
  std::vector<float> v;
  for (const auto* a : {&b.x, &b.y, &b.z, &b.vx, &b.vy, &b.vz, &b.ax, &b.ay, &b.az}) {
    v.insert(v.end(), a->begin(), a->end());
  }
  return v;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

DropSpec small_disk(std::size_t n) {
  DropSpec d;
  d.bodies = n;
  d.galaxy.mass = 0.5;
  d.galaxy.scale = 0.5;
  d.position = {6.0, 1.0, -2.0};
  d.velocity = {-0.2, 0.05, 0.0};
  d.spin = {0.0, 1.0, 1.0};
  return d;
}

// What the runner does after a step: an edit reached from before it is taken again.
void step_as_runner(Simulation& sim, Timeline& t) {
  sim.step();
  ASSERT_FALSE(sim.runaway());
  if (!t.arrive(sim)) t.record(sim);
}

// A galaxy added at step 12: going back before it gives the original run (fewer bodies), coming
// forward again takes the edit and repeats the edited run bit for bit; undo puts the run at step
// 12 as it was before the edit, and the edited future is gone.
void edit_and_scrub(Simulation& sim) {
  Timeline t(std::size_t(1) << 32, 4);
  t.record(sim);
  std::vector<std::vector<float>> plain(13);
  plain[0] = state_bits(sim.download());
  for (int k = 1; k <= 12; ++k) {
    step_as_runner(sim, t);
    plain[k] = state_bits(sim.download());
  }
  const std::size_t n = sim.size();
  std::unique_ptr<Keyframe> before = sim.capture();
  HostBodies all = sim.download();
  append(all, make_drop(small_disk(300), 5));
  const double time = sim.time();
  sim.reset(all);
  sim.set_clock(time, 12);
  t.edited(sim, std::move(before));
  EXPECT_EQ(t.edits(), 1u);
  std::vector<float> edited_at_20;
  for (int k = 13; k <= 20; ++k) step_as_runner(sim, t);
  edited_at_20 = state_bits(sim.download());
  ASSERT_EQ(sim.size(), n + 300);

  ASSERT_TRUE(t.seek(sim, 5));
  EXPECT_EQ(sim.size(), n) << "before the edit: the bodies as they were";
  EXPECT_TRUE(same_bits(state_bits(sim.download()), plain[5]));
  for (int k = 6; k <= 20; ++k) step_as_runner(sim, t);
  EXPECT_EQ(sim.size(), n + 300) << "coming to step 12 again takes the edit";
  EXPECT_TRUE(same_bits(state_bits(sim.download()), edited_at_20)) << "the edited run repeats";

  ASSERT_TRUE(t.undo(sim));
  EXPECT_EQ(sim.steps_taken(), 12u);
  EXPECT_EQ(sim.size(), n);
  EXPECT_TRUE(same_bits(state_bits(sim.download()), plain[12])) << "the state before the edit";
  EXPECT_EQ(t.edits(), 0u);
  EXPECT_FALSE(t.undo(sim)) << "nothing more to undo";
  ASSERT_TRUE(t.seek(sim, 12));
  for (int k = 13; k <= 16; ++k) step_as_runner(sim, t);
  EXPECT_EQ(sim.size(), n) << "the undone edit is not taken again";
  EXPECT_EQ(t.steps().back(), 16u);
}

TEST(Drop, TheEditedRunAndThePastBothReplayAndUndoGoesBack) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 2000, 3));
  edit_and_scrub(*sim);
}

TEST(GpuDrop, TheEditedRunAndThePastBothReplayAndUndoGoesBack) {
  REQUIRE_CUDA();
  auto sim = make_simulation(Backend::Cuda, Solver::BarnesHut, {});
  sim->reset(make_scenario("collision", 200000, 3));
  edit_and_scrub(*sim);
}

// Edits are never thinned out for room: where the budget runs short the oldest edit goes, and
// the past before it with it.
TEST(Drop, EditsOutliveThinningAndTheOldestGoesWithItsPast) {
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, {});
  sim->reset(make_scenario("plummer", 500, 3));
  const std::size_t keyframe = 500 * (11 * sizeof(float) + 2);
  Timeline t(12 * keyframe, 1);
  t.record(*sim);
  for (int k = 1; k <= 4; ++k) step_as_runner(*sim, t);
  t.edited(*sim, sim->capture());  // an edit that changes nothing: the machinery alone
  for (int k = 5; k <= 30; ++k) step_as_runner(*sim, t);
  const auto steps = t.steps();
  EXPECT_NE(std::find(steps.begin(), steps.end(), 4u), steps.end()) << "the edit's state stays";
  EXPECT_LE(t.bytes(), 12 * keyframe);
  for (int k = 31; k <= 34; ++k) {
    step_as_runner(*sim, t);
    t.edited(*sim, sim->capture());
  }
  for (int k = 35; k <= 60; ++k) step_as_runner(*sim, t);
  EXPECT_LE(t.bytes(), 12 * keyframe);
  EXPECT_GE(t.steps().front(), 4u) << "nothing before the oldest edit kept";
  EXPECT_GE(t.edits(), 1u);
}

TEST(Drop, TheGalaxyLandsWhereItWasDroppedSpinningAsAsked) {
  const DropSpec d = small_disk(4000);
  const HostBodies b = make_drop(d, 11);
  ASSERT_EQ(b.size(), 4000u);
  double m = 0, c[3] = {}, v[3] = {}, l[3] = {};
  for (std::size_t i = 0; i < b.size(); ++i) {
    m += b.m[i];
    c[0] += b.m[i] * b.x[i], c[1] += b.m[i] * b.y[i], c[2] += b.m[i] * b.z[i];
    v[0] += b.m[i] * b.vx[i], v[1] += b.m[i] * b.vy[i], v[2] += b.m[i] * b.vz[i];
  }
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(c[k] / m, d.position[k], 0.05) << "axis " << k;
    EXPECT_NEAR(v[k] / m, d.velocity[k], 0.01) << "axis " << k;
  }
  for (std::size_t i = 0; i < b.size(); ++i) {  // the disk's own angular momentum
    if (b.population[i] != std::uint8_t(Population::Disk)) continue;
    const double x = b.x[i] - d.position[0], y = b.y[i] - d.position[1], z = b.z[i] - d.position[2];
    const double vx = b.vx[i] - d.velocity[0], vy = b.vy[i] - d.velocity[1],
                 vz = b.vz[i] - d.velocity[2];
    l[0] += y * vz - z * vy, l[1] += z * vx - x * vz, l[2] += x * vy - y * vx;
  }
  const double len = std::sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
  EXPECT_NEAR(l[0] / len, 0.0, 0.05);
  EXPECT_NEAR(l[1] / len, std::sqrt(0.5), 0.05);
  EXPECT_NEAR(l[2] / len, std::sqrt(0.5), 0.05);
  DropSpec bad = d;
  bad.spin = {0, 0, 0};
  EXPECT_THROW(make_drop(bad, 1), std::invalid_argument);
  bad = d;
  bad.galaxy.mass = -1;
  EXPECT_THROW(make_drop(bad, 1), std::invalid_argument);
}

TEST(Drop, TagsAreReusedAndAGalaxyComesOutWhole) {
  HostBodies b = make_scenario("collision", 1000, 2);
  EXPECT_EQ(free_galaxy_tag(b), 2);
  const std::size_t first = galaxy_size(b, 0);
  const HostBodies rest = without_galaxy(b, 0);
  EXPECT_EQ(rest.size(), b.size() - first);
  EXPECT_EQ(galaxy_size(rest, 0), 0u);
  EXPECT_EQ(free_galaxy_tag(rest), 0);
  for (std::size_t i = 0; i < b.size(); ++i) b.galaxy[i] = std::uint8_t(i % kMaxGalaxies);
  EXPECT_FALSE(free_galaxy_tag(b)) << "all 64 taken";
}

// Through the session and the runner (lockstep), as the window does it.
TEST(Drop, TheRunnerAddsTakesOutAndUndoesKeepingTheClock) {
  app::Options o;
  o.backend = Backend::Cpu;
  o.scenario = "collision";
  o.bodies = 1500;
  app::Runner runner(std::make_unique<app::Session>(app::run_spec(o)), false, std::size_t(1) << 30);
  runner.exclusive([&](app::Session& s) { runner.republish(s, true); });
  runner.grant(7, std::nullopt);
  const std::uint64_t generation = runner.status().generation;
  app::BodyEdits edits(runner, 9);
  EXPECT_FALSE(edits.drop(small_disk(500)));
  app::BodyEdits::Outcome out = edits.finish();
  ASSERT_TRUE(out.edited) << (out.reports.empty() ? "" : out.reports[0].text);
  EXPECT_EQ(runner.running().bodies, 2000u);
  EXPECT_EQ(runner.status().steps, 7u) << "the clock goes on";
  EXPECT_EQ(runner.status().edits, 1u);
  EXPECT_GT(runner.status().generation, generation) << "results asked before are stale";
  edits.remove_galaxy_of(1999);  // the dropped galaxy's last body
  out = edits.finish();
  ASSERT_TRUE(out.edited);
  EXPECT_EQ(runner.running().bodies, 1500u);
  edits.remove_galaxy_of(99999);
  out = edits.finish();
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_NE(out.reports[0].text.find("no body 99999"), std::string::npos) << out.reports[0].text;
  EXPECT_EQ(runner.running().bodies, 1500u) << "a refused edit keeps the run";
  edits.undo();
  out = edits.finish();
  EXPECT_EQ(runner.running().bodies, 2000u) << "undo brings the galaxy back";
  edits.undo();
  edits.undo();
  out = edits.finish();
  EXPECT_EQ(runner.running().bodies, 1500u);
  ASSERT_EQ(out.reports.size(), 2u);
  EXPECT_EQ(out.reports[1].text, "nothing to undo");
}

// The preflight refuses a drop that cannot fit before anything is made, with its message.
TEST(Drop, ADropThatDoesNotFitIsRefusedByThePreflight) {
  app::Options o;
  o.backend = Backend::Cpu;
  o.bodies = 500;
  app::Runner runner(std::make_unique<app::Session>(app::run_spec(o)), false, std::size_t(1) << 30);
  runner.exclusive([&](app::Session& s) { runner.republish(s, true); });
  app::BodyEdits edits(runner, 9);
  const auto refused = edits.drop(small_disk(std::size_t(1) << 50));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->place, app::Place::Galaxies);
  EXPECT_NE(refused->text.find("bodies fit"), std::string::npos)
      << refused->text;
  EXPECT_FALSE(edits.busy()) << "nothing is being made";
  EXPECT_EQ(runner.running().bodies, 500u);
}

TEST(Drop, ABadGalaxyIsRefusedAndTheRunGoesOn) {
  app::Options o;
  o.backend = Backend::Cpu;
  o.bodies = 800;
  app::Runner runner(std::make_unique<app::Session>(app::run_spec(o)), false, std::size_t(1) << 30);
  runner.exclusive([&](app::Session& s) { runner.republish(s, true); });
  runner.grant(3, std::nullopt);
  app::BodyEdits edits(runner, 9);
  DropSpec d = small_disk(100);
  d.galaxy.scale = 0;
  edits.drop(d);
  const app::BodyEdits::Outcome out = edits.finish();
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_NE(out.reports[0].text.find("scale must be above 0"), std::string::npos)
      << out.reports[0].text;
  EXPECT_EQ(runner.running().bodies, 800u);
  EXPECT_EQ(runner.status().steps, 3u);
  EXPECT_TRUE(runner.status().error.empty()) << "the thread does not halt";
}

TEST(DropGesture, ThePlaneThroughTheTargetAndTheArrowsVelocity) {
  render::OrbitCamera cam;
  cam.fit({1.0f, 2.0f, 0.5f}, 4.0f);
  const glm::mat4 vp = cam.view_proj(800.0f / 600.0f);
  const auto centre = app::on_view_plane(vp, {800, 600}, {400, 300}, cam.target(), cam.eye());
  ASSERT_TRUE(centre);
  EXPECT_LT(glm::length(*centre - cam.target()), 1e-3f) << "the view's centre is the target";
  const auto side = app::on_view_plane(vp, {800, 600}, {700, 120}, cam.target(), cam.eye());
  ASSERT_TRUE(side);
  EXPECT_NEAR(glm::dot(*side - cam.target(), cam.eye() - cam.target()), 0.0f, 1e-3f)
      << "on the plane facing the camera";
  app::DropShape tool;
  tool.arrow_time = 4.0f;
  const DropSpec d = app::drop_from_drag(tool, *centre, *side, cam.eye(), cam.target(), {1, 0, 0});
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(d.velocity[k], ((*side - *centre) / 4.0f)[k], 1e-5);
  const glm::vec3 to_eye = glm::normalize(cam.eye() - cam.target());
  EXPECT_NEAR(d.spin[0] * to_eye.x + d.spin[1] * to_eye.y + d.spin[2] * to_eye.z, 1.0, 1e-5)
      << "face-on to the viewer, anticlockwise";
}

class DropInput : public ::testing::Test {
 protected:
  void SetUp() override {
    test_support::make_imgui_context(ImVec2(800, 600));
  }
  void TearDown() override { ImGui::DestroyContext(); }
  app::InputActions frame(bool drop) {
    ImGui::NewFrame();
    const app::InputActions a = app::handle_input(camera, 600.0f, drop);
    ImGui::EndFrame();
    return a;
  }
  render::OrbitCamera camera;
};

TEST_F(DropInput, InDropModeALeftDragDropsInsteadOfTurningTheView) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(300, 200);
  frame(true);
  io.MouseDown[0] = true;
  frame(true);
  const float yaw = camera.yaw;
  io.MousePos = ImVec2(360, 230);
  const app::InputActions held = frame(true);
  EXPECT_EQ(camera.yaw, yaw) << "the view stays";
  EXPECT_TRUE(held.drag.held && !held.drag.released);
  EXPECT_EQ(held.drag.from, glm::vec2(300, 200));
  EXPECT_EQ(held.drag.to, glm::vec2(360, 230));
  io.MouseDown[0] = false;
  const app::InputActions up = frame(true);
  EXPECT_TRUE(up.drag.released);
  EXPECT_FALSE(up.pick) << "a drop is no pick";
  for (const char ch : std::string("gu")) io.AddInputCharacter(ch);
  io.KeyMap[ImGuiKey_Delete] = 261;  // what the GLFW backend maps it to
  io.KeysDown[261] = true;
  const app::InputActions keys = frame(false);
  EXPECT_TRUE(keys.toggle_drop && keys.undo && keys.remove_galaxy);
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// The panel's path (App::apply) with the frames that collect what the worker made.
TEST(DropApp, ADropThroughThePanelsChangesAddsTheGalaxyAndItsVertices) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(1000), why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions c;
  c.drop.drop = small_disk(250);
  a->apply(c);
  for (int k = 0; k < 100000 && a->run().figures().editing; ++k) a->frame();
  ASSERT_FALSE(a->run().figures().editing);
  a->frame();
  EXPECT_EQ(a->screen().stats().drawn.bodies, 1250u) << a->status().error;
  EXPECT_EQ(a->screen().vertices().count(), 1250u);
  EXPECT_EQ(a->run().figures().edits, 1u);
  app::FeatureActions typed;
  typed.drop.bodies_typed = "12 bodies";
  a->apply(typed);
  EXPECT_EQ(a->status().error_place, app::Place::Galaxies) << a->status().error;
  typed.drop.bodies_typed = "3k";
  a->apply(typed);
  EXPECT_EQ(a->features().drop.shape().spec.bodies, 3000u);
}

// The designer: a draft runs at the current count, a bad one is refused with its reason and the
// run goes on, and a draft goes to a file and comes back the same.
TEST(DropApp, TheDesignersDraftStartsSavesAndLoads) {
  std::string why;
  auto a = test_support::make_app(test_support::small_options(1200), why);
  if (!a) GTEST_SKIP() << why;
  const app::EncounterDesigner& designer = a->features().encounter;
  ASSERT_FALSE(designer.draft().galaxies.empty()) << "a first draft";
  Encounter draft = *find_preset("mice");
  app::FeatureActions start;
  start.encounter.draft = draft;
  start.encounter.start = true;
  a->apply(start);
  EXPECT_EQ(a->run().session().source(), "encounter mice");
  EXPECT_EQ(a->run().session().simulation().size(), 1200u);
  EXPECT_TRUE(a->run().session().units().physical());
  draft.orbit->pericentre = -1;
  start.encounter.draft = draft;
  a->apply(start);
  EXPECT_EQ(a->status().error_place, app::Place::Encounter);
  EXPECT_NE(a->status().error.find("pericentre must be above 0"), std::string::npos)
      << a->status().error;
  EXPECT_EQ(a->run().session().source(), "encounter mice") << "the run goes on";
  draft.orbit->pericentre = 2.5;
  app::FeatureActions save;
  save.encounter.draft = draft;
  save.encounter.path = ::testing::TempDir() + "draft.toml";
  save.encounter.save = true;
  a->apply(save);
  const Encounter saved = designer.draft();
  draft.galaxies.pop_back();
  app::FeatureActions edit;
  edit.encounter.draft = draft;
  a->apply(edit);
  ASSERT_NE(designer.draft(), saved);
  app::FeatureActions load;
  load.encounter.load = true;
  a->apply(load);
  EXPECT_EQ(designer.draft(), saved);
  load.encounter.path = ::testing::TempDir() + "no/such/dir/draft.toml";
  a->apply(load);
  EXPECT_EQ(a->status().error_place, app::Place::Encounter);
  EXPECT_EQ(designer.draft(), saved) << "a failed load keeps the draft";
}

}  // namespace
}  // namespace galaxy
