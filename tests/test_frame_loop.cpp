// SPDX-License-Identifier: MIT
// The frame loop with the simulation on its own thread (app/runner.hpp): every frame draws one
// finished step, frames go on while a step is slow, keyframes start over when the run changes,
// and going back through the app lands on the original run's bodies (and saves that moment).
// GL tests: they skip, saying why, where no headless OpenGL context can be made.
#include <glad/gl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "app.hpp"
#include "headless_app.hpp"
#include "io/snapshot.hpp"
#include "scenarios/scenarios.hpp"
#include "run/speed.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

// Pauses or runs the app, as the time controls' button does.
void set_paused(app::App& a, bool paused) {
  app::FeatureActions t;
  t.time.paused = paused;
  a.apply(t);
}

std::vector<float> vertices_of(const Simulation& sim) {
  std::vector<float> v(4 * sim.size());
  sim.vertices()->write_vertices_host(v.data(), nullptr);
  return v;
}

std::vector<float> drawn_vertices(app::App& a) {
  std::vector<float> v(4 * a.screen().vertices().count());
  glGetNamedBufferSubData(a.screen().vertices().xyzs(), 0, static_cast<GLsizeiptr>(v.size() * 4),
                          v.data());
  return v;
}

// The same scenario stepped on its own, one step at a time: the vertices of every step.
class Reference {
 public:
  explicit Reference(const app::Options& o)
      : sim_(make_simulation(Backend::Cpu, Solver::BarnesHut, o.params)) {
    sim_->reset(make_scenario(o.scenario, *o.bodies, o.seed));
    steps_.push_back(vertices_of(*sim_));
  }
  const std::vector<float>& at(std::uint64_t step) {
    while (steps_.size() <= step) {
      sim_->step();
      steps_.push_back(vertices_of(*sim_));
    }
    return steps_[step];
  }

 private:
  std::unique_ptr<Simulation> sim_;
  std::vector<std::vector<float>> steps_;
};

// Frames until `done` says so or `seconds` pass (frames with nothing new to draw take
// microseconds: the loop bounds time, not frames). What is waited on is `done`; the ten minutes
// only end a hang, on a machine however loaded (issue 45).
template <class Done>
void frames_until(app::App& a, Done done, double seconds = 600) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done() && std::chrono::steady_clock::now() < end) ASSERT_TRUE(a.frame());
}

TEST(Speed, StepsPerFrameSimulatedRateAndFastest) {
  app::Speed s;
  EXPECT_EQ(app::steps_granted(s, 1.0 / 60, 0.01f), 1.0);
  s.steps_per_frame = 0.25f;  // slow motion: a step every fourth frame
  EXPECT_EQ(app::steps_granted(s, 1.0 / 60, 0.01f), 0.25);
  s.mode = app::Speed::Mode::SimRate;
  s.sim_rate = 0.6f;  // 0.6 time units a second at dt 0.01: 60 steps a second, one a 60 Hz frame
  EXPECT_NEAR(app::steps_granted(s, 1.0 / 60, 0.01f), 1.0, 1e-6);
  s.mode = app::Speed::Mode::Fastest;
  EXPECT_TRUE(std::isinf(app::steps_granted(s, 1.0 / 60, 0.01f)));
  app::change_speed(s, -1);  // slower than fastest: the top steps-per-frame rate
  EXPECT_EQ(s.mode, app::Speed::Mode::StepsPerFrame);
  EXPECT_EQ(s.steps_per_frame, app::kMaxStepsPerFrame);
  for (int k = 0; k < 20; ++k) app::change_speed(s, -1);
  EXPECT_EQ(s.steps_per_frame, app::kMinStepsPerFrame);
}

// Coherence: with the thread stepping as fast as it goes, each frame's GL buffer holds exactly
// the vertices of the step the frame says it draws, never a mix of two. The frames are kept and
// checked afterwards: a reference stepped between frames would race the thread for the cores
// and, where the thread is the quicker, fall further behind with every frame.
TEST(FrameLoop, EveryDrawnFrameHoldsOneFinishedStep) {
  app::Options o = test_support::small_options(3000);
  o.speed.mode = app::Speed::Mode::Fastest;
  std::string why;
  auto a = test_support::make_app(o, why, true);
  if (!a) GTEST_SKIP() << why;
  std::vector<std::pair<std::uint64_t, std::vector<float>>> frames;
  for (int f = 0; f < 80; ++f) {
    ASSERT_TRUE(a->frame());
    frames.emplace_back(a->screen().stats().drawn.steps, drawn_vertices(*a));
  }
  a.reset();  // the thread stops before the reference takes the cores
  auto sim = make_simulation(Backend::Cpu, Solver::BarnesHut, o.params);
  sim->reset(make_scenario(o.scenario, *o.bodies, o.seed));
  std::uint64_t step = 0;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const auto& [drawn, v] = frames[f];
    ASSERT_GE(drawn, step) << "frame " << f << " went back";
    for (; step < drawn; ++step) sim->step();
    ASSERT_TRUE(v == vertices_of(*sim)) << "frame " << f << ", step " << drawn;
  }
  EXPECT_GT(frames.back().first, frames.front().first)
      << "the thread stepped while the frames went on";
}

// The frame loop never waits for a step: while a slow step runs (60k bodies on the CPU take
// well over 50 ms here), frames keep coming, each far quicker than the step.
TEST(FrameLoop, FramesGoOnWhileAStepIsSlow) {
  app::Options o = test_support::small_options(60000);
  std::string why;
  auto a = test_support::make_app(o, why, true);
  if (!a) GTEST_SKIP() << why;
  int frames = 0;
  std::vector<float> frame_ms;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(600);  // a hang's bound
  while (a->screen().stats().drawn.steps == 0 && std::chrono::steady_clock::now() < end) {
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_TRUE(a->frame());
    frame_ms.push_back(
        std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count());
    ++frames;
  }
  ASSERT_EQ(a->screen().stats().drawn.steps, 1u);
  const float step_ms = a->run().step_figures().timings.total_ms;
  std::sort(frame_ms.begin(), frame_ms.end());
  EXPECT_GE(frames, 3) << "frames while the first step ran (" << step_ms << " ms)";
  EXPECT_LT(frame_ms[frame_ms.size() / 2], step_ms / 3) << "a frame waited for the step";
}

// Keyframes belong to one run: a body-count change or a reset starts them over (the memory of
// the old ones returns), with the new run's step 0 kept.
TEST(FrameLoop, KeyframesStartOverWhenTheRunChanges) {
  app::Options o = test_support::small_options(2000);
  o.speed.mode = app::Speed::Mode::Fastest;
  std::string why;
  auto a = test_support::make_app(o, why, true);
  if (!a) GTEST_SKIP() << why;
  frames_until(*a, [&] { return a->run().runner().status().kept.size() >= 4; });
  ASSERT_GE(a->run().runner().status().kept.size(), 4u);
  constexpr std::size_t kCpuKeyframeBytesPerBody = 11 * sizeof(float) + 2;
  // Held (as paused), so the thread takes no step between the change and the look at its status
  // (fast CPU steps otherwise add keyframes in between).
  a->run().runner().hold();
  app::FeatureActions c;
  c.run_settings.bodies = 1000;
  a->apply(c);
  app::RunnerStatus st = a->run().runner().status();
  EXPECT_EQ(st.kept, std::vector<std::uint64_t>{0});
  EXPECT_EQ(st.keyframe_bytes, 1000 * kCpuKeyframeBytesPerBody);
  frames_until(*a, [&] { return a->run().runner().status().kept.size() >= 3; });
  a->run().runner().hold();
  app::FeatureActions r;
  r.time.reset = true;
  a->apply(r);
  st = a->run().runner().status();
  EXPECT_EQ(st.kept, std::vector<std::uint64_t>{0});
  EXPECT_EQ(st.keyframe_bytes, 1000 * kCpuKeyframeBytesPerBody);
}

// Through the app as the timeline and the keys drive it: going to a step shows the original
// run's bodies of that step, a step back the one before, and a save then saves that moment.
TEST(FrameLoop, GoingBackShowsAndSavesTheOriginalStep) {
  app::Options o = test_support::small_options(500);
  std::string why;
  auto a = test_support::make_app(o, why);  // lockstep: a step a frame
  if (!a) GTEST_SKIP() << why;
  Reference ref(o);
  for (int f = 0; f < 30; ++f) ASSERT_TRUE(a->frame());
  ASSERT_EQ(a->screen().stats().drawn.steps, 30u);
  app::FeatureActions go;
  go.time.seek = 10;
  a->apply(go);
  ASSERT_TRUE(a->frame());
  EXPECT_TRUE(a->features().time.paused());
  EXPECT_EQ(a->screen().stats().drawn.steps, 10u);
  EXPECT_TRUE(drawn_vertices(*a) == ref.at(10));
  app::FeatureActions back;
  back.time.back = 1;
  a->apply(back);
  ASSERT_TRUE(a->frame());
  EXPECT_EQ(a->screen().stats().drawn.steps, 9u);
  EXPECT_TRUE(drawn_vertices(*a) == ref.at(9));
  const fs::path f = fs::temp_directory_path() / "galaxy_scrubbed.gxy";
  fs::remove(f);
  app::FeatureActions save;
  save.snapshots.path = f.string();
  save.snapshots.save = true;
  a->apply(save);
  const io::Snapshot s = io::load_snapshot(f);
  EXPECT_EQ(s.steps, 9u);
  std::vector<float> saved(4 * s.bodies.size());
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    saved[4 * i] = s.bodies.x[i], saved[4 * i + 1] = s.bodies.y[i], saved[4 * i + 2] = s.bodies.z[i];
  }
  const std::vector<float>& at9 = ref.at(9);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    for (int k = 0; k < 3; ++k) differ += saved[4 * i + k] != at9[4 * i + k];
  }
  EXPECT_EQ(differ, 0u) << "the save holds the scrubbed moment";
  fs::remove(f);
  // And on from there: the next steps are the original run's again.
  set_paused(*a, false);
  ASSERT_TRUE(a->frame());
  EXPECT_EQ(a->screen().stats().drawn.steps, 10u);
  EXPECT_TRUE(drawn_vertices(*a) == ref.at(10));
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// The scene cache: frames with nothing new copy the last picture, and anything that changes the
// picture (a new step, the look, the view) draws it again.
TEST(FrameLoop, AStillSceneIsReusedAndAnyChangeDrawsAgain) {
  app::Options o = test_support::small_options(2000);
  std::string why;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  for (int f = 0; f < 3; ++f) ASSERT_TRUE(a->frame());
  set_paused(*a, true);
  for (int f = 0; f < app::kSettleFrames + 2; ++f) ASSERT_TRUE(a->frame());
  const std::uint64_t reused = a->screen().stats().scenes_reused;
  const std::vector<std::uint8_t> still = a->screen().picture();
  ASSERT_TRUE(a->frame());
  EXPECT_EQ(a->screen().stats().scenes_reused, reused + 1) << "nothing changed: the picture is copied";
  EXPECT_EQ(a->screen().picture(), still);
  // A new step.
  app::FeatureActions step;
  step.time.step = 1;
  a->apply(step);
  const std::uint64_t before_step = a->screen().stats().scenes_reused;
  set_paused(*a, false);  // lockstep: this frame runs the step and draws it
  ASSERT_TRUE(a->frame());
  set_paused(*a, true);
  EXPECT_EQ(a->screen().stats().scenes_reused, before_step) << "a new step is drawn";
  EXPECT_NE(a->screen().picture(), still);
  // The look.
  const std::vector<std::uint8_t> stepped = a->screen().picture();
  a->screen().look().render.brightness *= 4.0f;
  a->screen().look().render.auto_exposure = false;
  ASSERT_TRUE(a->frame());
  EXPECT_NE(a->screen().picture(), stepped) << "a brighter look is drawn";
}

}  // namespace
}  // namespace galaxy
