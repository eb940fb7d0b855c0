// SPDX-License-Identifier: MIT
// The camera path as a feature of its own (app/features/camera_path_tool.hpp), without an App:
// keys taken from the camera 3 s apart, a retime out of order refused with the path kept, going
// to a key moves the camera and stops the playback, playing moves the camera and a move by hand
// stops it, the file's name and loop flag applied before a save, a bad load keeps the path, and
// a kiosk's path goes round.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "features/camera_path_tool.hpp"

namespace galaxy {
namespace {

using Tool = app::CameraPathTool;

// The tool with two keys: the camera's view, then the camera turned and nearer.
Tool two_keys(render::OrbitCamera& camera) {
  Tool t;
  t.apply({.add_key = true}, camera);
  camera.yaw += 1.0f;
  camera.set_distance(2.0f);
  const std::vector<app::Report> said = t.apply({.add_key = true}, camera);
  EXPECT_EQ(said.size(), 1u);
  EXPECT_EQ(said.at(0).text, "camera path: key 2 at 3 s (2 keys, 3 s)");
  return t;
}

TEST(CameraPathFeature, KeysTakeTheViewARetimeOutOfOrderIsRefusedGoingToAKeyMovesTheCamera) {
  render::OrbitCamera camera;
  const app::CameraView first = app::view_of(camera);
  Tool t = two_keys(camera);
  ASSERT_EQ(t.path().keys.size(), 2u);
  EXPECT_EQ(t.path().keys[0].view, first);
  EXPECT_EQ(t.path().keys[1].time, 3.0);
  EXPECT_EQ(t.path().keys[1].view, app::view_of(camera));
  const auto refused = t.apply({.retime = std::pair(1, 0.0)}, camera);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].kind, app::Report::Kind::Error);
  EXPECT_EQ(refused[0].place, app::Place::CameraPath);
  EXPECT_EQ(t.path().keys[1].time, 3.0) << "the path is kept";
  t.apply({.retime = std::pair(1, 5.0)}, camera);
  EXPECT_EQ(t.path().keys[1].time, 5.0);
  t.apply({.toggle = true}, camera);
  ASSERT_TRUE(t.playing());
  t.apply({.go_to = 0}, camera);
  EXPECT_FALSE(t.playing()) << "going to a key is a move by hand";
  EXPECT_EQ(app::view_of(camera), first);
  t.apply({.erase = 0}, camera);
  EXPECT_EQ(t.path().keys.size(), 1u);
}

TEST(CameraPathFeature, PlayingMovesTheCameraAMoveByHandStopsItAKioskGoesRound) {
  render::OrbitCamera camera;
  Tool none;
  const auto nothing = none.apply({.toggle = true}, camera);
  ASSERT_EQ(nothing.size(), 1u);
  EXPECT_EQ(nothing[0].kind, app::Report::Kind::Error) << "no keys to play";
  EXPECT_FALSE(none.playing());
  Tool t = two_keys(camera);
  t.apply({.toggle = true}, camera);
  EXPECT_FALSE(t.advance(camera, 1.0, false));
  EXPECT_EQ(app::view_of(camera), t.path().keys[0].view) << "from the first key";
  EXPECT_FALSE(t.advance(camera, 1.0, false));
  EXPECT_EQ(t.shown_time(), 1.0);
  const app::CameraView before = app::view_of(camera);
  EXPECT_FALSE(t.moved_by_hand(before, before)) << "not moved: it plays on";
  camera.zoom(1.0f);
  const auto stopped = t.moved_by_hand(before, app::view_of(camera));
  ASSERT_TRUE(stopped);
  EXPECT_EQ(stopped->text, "camera path stopped at 2 s: the view was moved");
  EXPECT_FALSE(t.playing());
  t.apply({.toggle = true}, camera);
  for (int k = 0; k < 10; ++k) EXPECT_FALSE(t.advance(camera, 1.0, true)) << "round and round";
  EXPECT_TRUE(t.playing());
  t.apply({.toggle = true}, camera);
  t.apply({.toggle = true}, camera);
  std::optional<app::Report> done;
  for (int k = 0; k < 5 && !done; ++k) done = t.advance(camera, 1.0, false);
  ASSERT_TRUE(done);
  EXPECT_EQ(done->text, "camera path: done");
  EXPECT_EQ(app::view_of(camera), t.path().keys[1].view) << "ends on its last key";
}

TEST(CameraPathFeature, SavesWithTheEditedFileAndLoopABadLoadKeepsThePath) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("galaxy_campath_feature_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  render::OrbitCamera camera;
  Tool t = two_keys(camera);
  const std::string file = (dir / "tour.toml").string();
  const auto wrote = t.apply({.loop = true, .file = file, .save = true}, camera);
  EXPECT_EQ(t.file(), file);
  EXPECT_TRUE(t.path().loop);
  ASSERT_EQ(wrote.size(), 1u);
  EXPECT_EQ(wrote[0].text, "camera path: wrote " + file + " (2 keys, 3 s, looping)");
  Tool other;
  other.apply({.file = file, .load = true}, camera);
  EXPECT_EQ(other.path().keys.size(), 2u);
  EXPECT_TRUE(other.path().loop);
  const auto bad = other.apply({.file = (dir / "missing.toml").string(), .load = true}, camera);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].kind, app::Report::Kind::Error);
  EXPECT_EQ(other.path().keys.size(), 2u) << "the path is kept";
  std::filesystem::remove_all(dir);
}

// A headless run moves on at its display's rate (30 frames a second without one: --record's), a
// window by its frames' wall-clock time.
TEST(CameraPathFeature, AFramesStepIsTheDisplaysPeriodHeadlessAndTheFrameTimeInAWindow) {
  EXPECT_DOUBLE_EQ(app::camera_path_seconds_per_frame(nullptr, true, 0.0, 7.0f), 1.0 / 30.0);
  EXPECT_DOUBLE_EQ(app::camera_path_seconds_per_frame(nullptr, true, 60.0, 7.0f), 1.0 / 60.0);
  EXPECT_NEAR(app::camera_path_seconds_per_frame(nullptr, false, 60.0, 7.0f), 0.007, 1e-9);
}

}  // namespace
}  // namespace galaxy
