// SPDX-License-Identifier: MIT
// Presenting a run: the record button (a recording of the picture without the panel, its name
// reported when done), kiosk mode's show, and the separation of two galaxies over a collision.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>

#include "headless_app.hpp"
#include "features/kiosk.hpp"
#include "png_read.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

// Each test runs in a process of its own (gtest_discover_tests): changing the folder is local.
struct InTempFolder {
  InTempFolder() {
    dir = fs::temp_directory_path() / ("galaxy_presentation_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    old = fs::current_path();
    fs::current_path(dir);
  }
  ~InTempFolder() {
    fs::current_path(old);
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  fs::path dir, old;
};

// A 320x200 run of `bodies` for a recording test, headless, in lockstep, on the CPU, with the
// panel; none (and `why`) where no app can be made here (no OpenGL).
std::optional<app::Options> recording_options(std::size_t bodies, std::string& why) {
  app::Options o = test_support::small_options(bodies);
  o.width = 320;
  o.height = 200;
  if (!test_support::make_app(o, why)) return std::nullopt;
  o.lockstep = true, o.headless = true, o.no_ui = false, o.backend = Backend::Cpu;
  return o;
}

TEST(RecordButton, RecordsThePictureWithoutThePanelAndSaysWhereItWent) {
  InTempFolder here;
  std::string why;
  const std::optional<app::Options> o = recording_options(2000, why);
  if (!o) GTEST_SKIP() << why;
  auto a = std::make_unique<app::App>(*o);  // with the panel
  app::FeatureActions rec;
  rec.recording.toggle = true;
  a->apply(rec);
  ASSERT_FALSE(a->features().recording.target().empty()) << a->status().error;
  for (int k = 0; k < 5; ++k) ASSERT_TRUE(a->frame());
  const std::vector<std::uint8_t> shown = a->screen().picture();  // the window's picture: with the panel
  const std::string target = a->features().recording.target();
  a->apply(rec);
  EXPECT_TRUE(a->features().recording.target().empty());
  EXPECT_NE(a->status().message.find("recorded 5 frames into " + target), std::string::npos)
      << a->status().message << a->status().error;
  const fs::path folder = fs::exists(target) && fs::is_directory(target) ? fs::path(target) : "";
  if (folder.empty()) GTEST_SKIP() << "ffmpeg made a video: its frames are not read back here";
  int pw = 0, ph = 0;
  const std::vector<std::uint8_t> png = test_support::read_png(folder / "frame_00004.png", pw, ph);
  ASSERT_EQ(pw, 320);
  // The panel's corner (its title bar at 10..330, 10..30) is in the window's picture, not in the
  // recording.
  const auto at = [](const std::vector<std::uint8_t>& p, int w, int x, int y, bool flip, int h) {
    const int row = flip ? h - 1 - y : y;
    return int(p[4 * (row * w + x)]) + p[4 * (row * w + x) + 1] + p[4 * (row * w + x) + 2];
  };
  EXPECT_GT(at(shown, 320, 20, 15, true, 200), 60) << "the title bar is drawn in the window";
  EXPECT_LT(at(png, 320, 20, 15, false, 200), 30) << "and not recorded";
}

// A headless recording shows the picture alone (no --record-panel): it is centred on the whole
// frame, not moved right to leave the panel a strip that is not in it. A Plummer sphere at the
// origin: its light's centre is the frame's (before, at 320 pixels wide, it was half off it).
TEST(Recording, AHeadlessRecordingWithoutThePanelIsCentredOnTheFrame) {
  InTempFolder here;
  std::string why;
  std::optional<app::Options> made = recording_options(3000, why);
  if (!made) GTEST_SKIP() << why;
  app::Options o = *made;
  o.scenario = "plummer";
  o.record = "frames";
  o.steps = 0;
  {
    app::App a(o);  // with the panel, which the recording leaves out
    ASSERT_TRUE(a.frame());
  }
  int w = 0, h = 0;
  const std::vector<std::uint8_t> png = test_support::read_png("frames/frame_00000.png", w, h);
  ASSERT_EQ(w, 320);
  double light = 0, moment = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* q = &png[4 * (std::size_t(y) * w + x)];
      const double b = double(q[0]) + q[1] + q[2];
      light += b, moment += b * (x + 0.5);
    }
  }
  ASSERT_GT(light, 0.0) << "the sphere is in the picture";
  EXPECT_NEAR(moment / light, w / 2.0, 0.06 * w) << "the light's centre, in pixels from the left";
}

TEST(Kiosk, ShowsEachInTurnAndStartsAgainAfterARunaway) {
  using Clock = app::Kiosk::Clock;
  EXPECT_THROW(app::Kiosk({"plummer", "no-such"}, 5), std::invalid_argument);
  EXPECT_THROW(app::Kiosk({"missing.toml"}, 5), std::runtime_error);
  app::Kiosk k({"plummer", "antennae"}, 10);
  std::string scenario;  // the wanted one
  bool stuck = false;  // a runaway or a failed step stopped the run
  const Clock::time_point t0{};
  app::FeatureActions act;
  // What the run settings' apply does with a scenario the run takes: the wanted one is it.
  const auto tick = [&](Clock::time_point now) {
    act = {};
    k.tick(scenario, stuck, now, act);
    if (act.run_settings.scenario) scenario = *act.run_settings.scenario;
  };
  tick(t0);
  EXPECT_TRUE(act.run_settings.scenario && act.time.fit);
  EXPECT_EQ(act.time.paused, std::optional(false)) << "each show runs";
  EXPECT_EQ(scenario, "plummer");
  EXPECT_EQ(act.follow.mode, std::optional(app::FollowMode::Everything));
  tick(t0 + std::chrono::seconds(9));
  EXPECT_FALSE(act.run_settings.scenario) << "not yet";
  EXPECT_FALSE(act.time.fit || act.time.reset || act.encounter.start) << "not yet";
  tick(t0 + std::chrono::seconds(11));
  EXPECT_TRUE(act.run_settings.scenario);
  EXPECT_EQ(scenario, "antennae");
  stuck = true;  // step 40 ran away
  tick(t0 + std::chrono::seconds(12));
  EXPECT_TRUE(act.time.reset) << "the same again";
  EXPECT_FALSE(act.run_settings.scenario) << "the scenario that runs: a reset, not a switch";
  EXPECT_EQ(k.showing(), "antennae");
  stuck = false;
  tick(t0 + std::chrono::seconds(23));
  EXPECT_EQ(scenario, "plummer") << "round again";
  const app::Kiosk all({}, 60);
  EXPECT_EQ(all.showing(), "disk") << "every preset, the first first";
}

TEST(Separation, TheDistanceOfTwoGalaxiesFallsToThePericentre) {
  std::string why;
  app::Options o = test_support::small_options(3000);
  o.speed.steps_per_frame = 8;  // t = 20 (the pericentre) at frame 200
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions act;
  act.follow.galaxy = 0;
  act.separation = {.on = true, .other = 1};
  a->apply(act);
  for (int frame = 0; frame < 200; ++frame) ASSERT_TRUE(a->frame());
  const auto& d = a->features().separation.distances();
  ASSERT_GT(d.size(), 100u) << "a point a frame in lockstep";
  EXPECT_EQ(a->features().separation.of(), std::make_pair(0, 1));
  EXPECT_GT(d.front(), 3.0f * d.back()) << "from afar to the pericentre (1 for point masses)";
  EXPECT_LT(d.back(), 2.5f);
  EXPECT_NEAR(a->features().separation.times().back(), 20.0f, 0.2f);
}

}  // namespace
}  // namespace galaxy
