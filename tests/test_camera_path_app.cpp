// SPDX-License-Identifier: MIT
// Issue 22, camera paths in the app: a headless --record of a --camera-path is a fly-through
// whose frame k shows the path at k / 30 s and ends with the path; in a window's frame loop i adds
// the view as a key, l plays, the wheel stops it, and a bad file is refused with the path kept.
#include <gtest/gtest.h>
#include <imgui.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "headless_app.hpp"
#include "picture/camera_path.hpp"
#include "picture/camera_path_file.hpp"

namespace galaxy {
namespace {

constexpr float kDeg = 3.14159265f / 180.0f;

class CameraPathApp : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("galaxy_campath_app_" + std::to_string(::getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::filesystem::path dir;
};

app::CameraView camera_view(const render::OrbitCamera& c) {
  return {c.target(), c.distance(), c.yaw, c.pitch, c.fov_y};
}

// A half-second fly-through: in from far, round and up, with a wider lens at the end.
app::CameraPath fly_through() {
  app::CameraPath p;
  p.keys = {{0.0, {{0, 0, 0}, 60.0f, 0.0f, 0.1f, 0.8f}},
            {0.2, {{3, 0, 0}, 25.0f, 60 * kDeg, 0.4f, 0.8f}},
            {0.5, {{0, 2, 1}, 12.0f, 150 * kDeg, 0.9f, 1.0f}}};
  return p;
}

// Frame k of the recording (k from 0) shows the path at k / 30 s: the camera read back after each
// frame is the path's view then, the run ends on the frame that shows the last key (0.5 s: 16
// frames), each frame is in the folder, and the first and last pictures differ.
TEST_F(CameraPathApp, ARecordedFlyThroughFollowsThePathAtThirtyFramesASecond) {
  const app::CameraPath path = fly_through();
  const std::string file = (dir / "tour.toml").string();
  app::save_camera_path(file, path);
  app::Options o = test_support::small_options(500);
  o.camera_path = file;
  o.record = (dir / "frames").string();
  std::string why;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  std::vector<std::uint8_t> first;
  int frames = 0;
  bool more = true;
  while (more) {
    more = a->frame();
    const app::CameraView want = app::view_at(path, frames / 30.0);
    const app::CameraView got = camera_view(a->screen().camera());
    EXPECT_LT(glm::length(got.target - want.target), 1e-4f) << "frame " << frames;
    EXPECT_NEAR(got.distance, want.distance, 1e-4f * want.distance) << "frame " << frames;
    EXPECT_NEAR(std::remainder(got.yaw - want.yaw, 2 * 3.14159265f), 0.0f, 1e-5f)
        << "frame " << frames;
    EXPECT_NEAR(got.pitch, want.pitch, 1e-5f) << "frame " << frames;
    EXPECT_NEAR(got.fov_y, want.fov_y, 1e-6f) << "frame " << frames;
    if (frames == 0) first = a->screen().picture();
    ++frames;
    ASSERT_LT(frames, 100) << "the run ends with the path";
  }
  EXPECT_EQ(frames, 16) << "0 to 0.5 s at 30 frames a second";
  EXPECT_FALSE(a->features().camera_path.playing());
  EXPECT_NE(a->screen().picture(), first) << "the view moved";
  EXPECT_TRUE(std::filesystem::exists(dir / "frames" / "frame_00015.png"));
  EXPECT_FALSE(std::filesystem::exists(dir / "frames" / "frame_00016.png"));
}

// The keys as a user types them, in a frame loop with the panel (hidden, so the mouse is over the
// view): i adds the view, the wheel moves it, i adds the second, l plays from the first key, the
// wheel stops the playback where it is; a bad file is then refused, naming its line, and the
// two keys stay.
TEST_F(CameraPathApp, KeysAddAndPlayTheWheelStopsABadFileKeepsThePath) {
  app::Options o = test_support::small_options(300);
  o.width = 640;
  o.height = 360;
  o.backend = Backend::Cpu;
  o.headless = true;
  o.lockstep = true;
  std::unique_ptr<app::App> a;
  try {
    a = std::make_unique<app::App>(o);
  } catch (const std::runtime_error& e) {
    GTEST_SKIP() << e.what();
  }
  a->screen().look().show_panel = false;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(500, 200);
  ASSERT_TRUE(a->frame());
  io.AddInputCharacter('i');
  ASSERT_TRUE(a->frame());
  const app::CameraPath& p = a->features().camera_path.path();
  ASSERT_EQ(p.keys.size(), 1u);
  EXPECT_EQ(p.keys[0].view, camera_view(a->screen().camera()));
  io.MouseWheel = 5.0f;  // zoom in
  ASSERT_TRUE(a->frame());
  io.AddInputCharacter('i');
  ASSERT_TRUE(a->frame());
  ASSERT_EQ(p.keys.size(), 2u);
  EXPECT_EQ(p.keys[1].time, 3.0) << "3 s after the last";
  EXPECT_LT(p.keys[1].view.distance, p.keys[0].view.distance);
  io.AddInputCharacter('l');
  ASSERT_TRUE(a->frame());
  EXPECT_TRUE(a->features().camera_path.playing());
  EXPECT_EQ(camera_view(a->screen().camera()), p.keys[0].view) << "from the first key";
  for (int f = 0; f < 3; ++f) ASSERT_TRUE(a->frame());
  const float playing = a->screen().camera().distance();
  EXPECT_LT(playing, p.keys[0].view.distance) << "on its way to the second key";
  io.MouseWheel = -1.0f;  // zoom out a notch
  ASSERT_TRUE(a->frame());
  EXPECT_FALSE(a->features().camera_path.playing()) << "the wheel stops it";
  EXPECT_NEAR(a->screen().camera().distance(), playing / 0.88f, 1e-3f * playing)
      << "where the wheel left it";
  EXPECT_NE(a->status().message.find("camera path stopped"), std::string::npos)
      << a->status().message;

  std::ofstream(dir / "bad.toml")
      << "[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = 30\nyaw = 1\n";
  app::FeatureActions load;
  load.camera_path.file = (dir / "bad.toml").string();
  load.camera_path.load = true;
  a->apply(load);
  EXPECT_NE(a->status().error.find("bad.toml:1: key[1].pitch: missing"), std::string::npos)
      << a->status().error;
  EXPECT_EQ(a->status().error_place, app::Place::CameraPath);
  EXPECT_EQ(p.keys.size(), 2u) << "the path is kept";
  app::FeatureActions retime;
  retime.camera_path.retime = std::pair(1, 0.0);  // not after key 1's 0 s
  a->apply(retime);
  EXPECT_NE(a->status().error.find("times must increase"), std::string::npos) << a->status().error;
  EXPECT_EQ(p.keys[1].time, 3.0);
}

}  // namespace
}  // namespace galaxy
