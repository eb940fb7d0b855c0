// SPDX-License-Identifier: MIT
// Issue 22, camera paths (app/picture/camera_path.*, camera_path_file.*): the view between keys
// passes through each key, moves without a jump or a kink, zooms in log space and turns the
// short way; one key holds still; times must increase; files round-trip and a bad one is refused
// naming its line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "picture/camera_path.hpp"
#include "picture/camera_path_file.hpp"
#include "run_command.hpp"

namespace galaxy {
namespace {

using app::CameraKey;
using app::CameraPath;
using app::CameraView;

constexpr float kDeg = 3.14159265f / 180.0f;

CameraView view(glm::vec3 target, float distance, float yaw_deg, float pitch_deg,
                float fov_deg = 45.0f) {
  return {target, distance, yaw_deg * kDeg, pitch_deg * kDeg, fov_deg * kDeg};
}

// Four keys at uneven times: a move, a zoom from 40 to 4, a turn and a change of lens.
CameraPath tour() {
  CameraPath p;
  p.keys = {{0.0, view({0, 0, 0}, 40, 30, 20)},
            {2.0, view({5, 1, -2}, 20, 80, 10, 40)},
            {3.0, view({6, 3, 0}, 4, 120, -30, 60)},
            {6.5, view({-2, 0, 4}, 10, 200, 45)}};
  return p;
}

// The direction the camera looks from: what yaw and pitch mean (yaw alone is not unique).
glm::vec3 from(const CameraView& v) {
  return {std::cos(v.pitch) * std::sin(v.yaw), std::sin(v.pitch),
          std::cos(v.pitch) * std::cos(v.yaw)};
}

void expect_same(const CameraView& a, const CameraView& b, float tol, const std::string& where) {
  EXPECT_LT(glm::length(a.target - b.target), tol * 10) << where;
  EXPECT_NEAR(a.distance / b.distance, 1.0f, tol) << where;
  EXPECT_LT(glm::length(from(a) - from(b)), tol) << where;
  EXPECT_NEAR(a.fov_y, b.fov_y, tol) << where;
}

TEST(CameraPath, PassesThroughEveryKey) {
  const CameraPath p = tour();
  ASSERT_EQ(app::check_path(p), "");
  for (const CameraKey& k : p.keys) {
    expect_same(app::view_at(p, k.time), k.view, 1e-5f, "at " + std::to_string(k.time) + " s");
  }
  expect_same(app::view_at(p, -1.0), p.keys.front().view, 1e-6f, "before the first key");
  expect_same(app::view_at(p, 99.0), p.keys.back().view, 1e-6f, "after the last key");
}

// Sampled every millisecond: no step between two samples is large (no jump), and at each key the
// target's velocity just before equals the one just after (no kink: Catmull-Rom tangents).
TEST(CameraPath, MovesWithoutAJumpOrAKink) {
  const CameraPath p = tour();
  const double h = 1e-3;
  CameraView last = app::view_at(p, 0.0);
  for (double t = h; t <= p.duration(); t += h) {
    const CameraView v = app::view_at(p, t);
    ASSERT_LT(glm::length(v.target - last.target), 0.05f) << "a jump at " << t << " s";
    ASSERT_LT(std::abs(std::log(v.distance / last.distance)), 0.01f) << "at " << t << " s";
    ASSERT_LT(glm::length(from(v) - from(last)), 0.01f) << "a turn at once at " << t << " s";
    last = v;
  }
  for (std::size_t k = 1; k + 1 < p.keys.size(); ++k) {
    const double t = p.keys[k].time, e = 1e-3;
    const glm::vec3 before = (app::view_at(p, t).target - app::view_at(p, t - e).target) / float(e);
    const glm::vec3 after = (app::view_at(p, t + e).target - app::view_at(p, t).target) / float(e);
    EXPECT_GT(glm::length(before), 0.5f) << "key " << k << " is passed through, not stopped at";
    EXPECT_LT(glm::length(after - before), 0.05f * glm::length(before)) << "a kink at key " << k;
  }
}

// An open path starts and ends at rest; a zoom from 1 to 100 is at 10 halfway (log space).
TEST(CameraPath, ZoomsInLogSpaceAndStartsAndEndsAtRest) {
  CameraPath p;
  p.keys = {{0.0, view({0, 0, 0}, 1, 0, 0)}, {4.0, view({8, 0, 0}, 100, 0, 0)}};
  EXPECT_NEAR(app::view_at(p, 2.0).distance, 10.0f, 1e-3f);
  EXPECT_NEAR(app::view_at(p, 2.0).target.x, 4.0f, 1e-5f);
  EXPECT_LT(app::view_at(p, 0.01).target.x, 0.01f) << "eases out of the first key";
  EXPECT_GT(app::view_at(p, 3.99).target.x, 7.99f) << "eases into the last";
}

// From yaw 170 to yaw -170 (190) the short way is through 180, not back through 0; and a turn
// from yaw 350 to 10 through 0.
TEST(CameraPath, SlerpTurnsTheShortWay) {
  for (const auto& [a, b, mid] : {std::tuple{170.0f, -170.0f, 180.0f}, {350.0f, 10.0f, 0.0f}}) {
    CameraPath p;
    p.keys = {{0.0, view({0, 0, 0}, 10, a, 0)}, {1.0, view({0, 0, 0}, 10, b, 0)}};
    for (double t = 0; t <= 1.0; t += 0.05) {
      const CameraView v = app::view_at(p, t);
      // Within 10 degrees of the middle all the way, never the long way round.
      EXPECT_GT(glm::dot(from(v), from(view({}, 1, mid, 0))), std::cos(10.5f * kDeg))
          << a << " at " << t;
      EXPECT_NEAR(v.pitch, 0.0f, 1e-5f);
    }
    EXPECT_GT(glm::dot(from(app::view_at(p, 0.5)), from(view({}, 1, mid, 0))), 0.99999f);
  }
}

TEST(CameraPath, OneKeyHoldsStill) {
  CameraPath p;
  p.keys = {{0.0, view({1, 2, 3}, 7, 40, 10)}};
  for (const double t : {0.0, 0.5, 100.0})
    expect_same(app::view_at(p, t), p.keys[0].view, 1e-6f, "");
  app::PathPlayer player;
  player.play();
  ASSERT_TRUE(player.advance(p, 1.0 / 30));
  EXPECT_FALSE(player.playing()) << "shown once, done";
  p.loop = true;
  player.play();
  for (int f = 0; f < 5; ++f) expect_same(*player.advance(p, 1.0 / 30), p.keys[0].view, 1e-6f, "");
  EXPECT_TRUE(player.playing()) << "a looping path plays on";
}

TEST(CameraPath, TimesMustIncrease) {
  CameraPath p = tour();
  p.keys[2].time = 2.0;  // the same as key 2's
  EXPECT_EQ(app::check_path(p),
            "key 3: its time 2 s is not after key 2's 2 s (times must increase)");
  p.keys[2].time = 1.0;
  EXPECT_NE(app::check_path(p).find("key 3"), std::string::npos);
  p = tour();
  p.keys[0].time = -1.0;
  EXPECT_NE(app::check_path(p).find("0 or more"), std::string::npos);
  p = tour();
  p.keys[1].view.distance = 0;
  EXPECT_NE(app::check_path(p).find("key 2: the distance"), std::string::npos);
}

// The player shows time 0 on its first frame and moves on by dt; an open path stops after
// showing its last key, a looping one goes on from 0.
TEST(CameraPath, ThePlayerShowsEachFramesTimeAndEnds) {
  CameraPath p;
  p.keys = {{0.0, view({0, 0, 0}, 10, 0, 0)}, {1.0, view({10, 0, 0}, 10, 0, 0)}};
  app::PathPlayer player;
  player.play();
  std::vector<float> xs;
  while (player.playing()) xs.push_back(player.advance(p, 0.3)->target.x);
  ASSERT_EQ(xs.size(), 5u) << "0, 0.3, 0.6, 0.9 and the end";
  EXPECT_EQ(xs.front(), 0.0f);
  EXPECT_NEAR(xs[1], app::view_at(p, 0.3).target.x, 1e-6f);
  EXPECT_EQ(xs.back(), 10.0f);
  p.loop = true;
  player.play();
  for (int f = 0; f < 4; ++f) player.advance(p, 0.3);
  EXPECT_TRUE(player.playing());
  EXPECT_NEAR(player.time(), 0.2, 1e-9) << "1.2 s wraps to 0.2";
}

// A looping path whose last key is its first view goes round without stopping at the seam.
TEST(CameraPath, AClosedLoopGoesRoundWithoutAStop) {
  CameraPath p;
  p.loop = true;
  p.keys = {{0.0, view({0, 0, 0}, 10, 0, 0)},
            {1.0, view({4, 0, 0}, 10, 0, 0)},
            {2.0, view({4, 4, 0}, 10, 0, 0)},
            {3.0, view({0, 0, 0}, 10, 0, 0)}};
  const float e = 1e-3f;
  const glm::vec3 start = (app::view_at(p, e).target - app::view_at(p, 0).target) / e;
  const glm::vec3 end = (app::view_at(p, 3.0).target - app::view_at(p, 3.0 - e).target) / e;
  EXPECT_GT(glm::length(start), 1.0f) << "no stop at the seam";
  EXPECT_LT(glm::length(start - end), 0.05f * glm::length(start)) << "the same velocity across it";
  p.loop = false;
  EXPECT_LT(glm::length(app::view_at(p, e).target - app::view_at(p, 0).target) / e, 0.05f)
      << "an open path starts at rest";
}

// A folder of files for one test, removed after it.
class CameraPathFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("galaxy_campath_" + std::to_string(::getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    const auto path = dir / name;
    std::ofstream(path) << text;
    return path.string();
  }
  // What loading `text` says: the message of the error it throws.
  std::string error_of(const std::string& text) {
    const std::string file = write("bad.toml", text);
    try {
      app::load_camera_path(file);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "(no error)";
  }
  std::filesystem::path dir;
};

TEST_F(CameraPathFile, RoundTrips) {
  CameraPath p = tour();
  p.loop = true;
  p.keys[1].view.yaw = 1234.5f * kDeg;  // any yaw, however many turns
  const std::string file = (dir / "tour.toml").string();
  app::save_camera_path(file, p);
  const CameraPath q = app::load_camera_path(file);
  EXPECT_TRUE(q.loop);
  ASSERT_EQ(q.keys.size(), p.keys.size());
  for (std::size_t k = 0; k < p.keys.size(); ++k) {
    EXPECT_EQ(q.keys[k].time, p.keys[k].time);
    EXPECT_EQ(q.keys[k].view.target, p.keys[k].view.target);
    EXPECT_EQ(q.keys[k].view.distance, p.keys[k].view.distance);
    EXPECT_NEAR(q.keys[k].view.yaw, p.keys[k].view.yaw, 1e-6f * std::abs(p.keys[k].view.yaw));
    EXPECT_NEAR(q.keys[k].view.pitch, p.keys[k].view.pitch, 1e-6f);
    EXPECT_NEAR(q.keys[k].view.fov_y, p.keys[k].view.fov_y, 1e-6f);
  }
}

TEST_F(CameraPathFile, ABadFileIsRefusedNamingTheLineAndTheKey) {
  const std::string key =
      "[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = 30\nyaw = 10\npitch = 20\n";
  const std::string bad = (dir / "bad.toml").string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {key + "[[key]]\ntime = \"soon\"\n", bad + ":8: key[2].time: must be a number"},
      {key + "[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = 30\nyaw = 10\npitch = 20\n",
       bad + ":8: key[2].time: 0 s is not after key[1]'s 0 s (times must increase)"},
      {key + "zoom = 2\n", bad + ":7: key[1].zoom: unknown key"},
      {"loop = \"yes\"\n" + key, bad + ":1: loop: must be true or false"},
      {"[[key]]\ntime = 0\ndistance = 30\nyaw = 10\npitch = 20\n", "key[1].target: missing"},
      {"[[key]]\ntime = 0\ntarget = [0, 0]\ndistance = 30\nyaw = 10\npitch = 20\n",
       bad + ":3: key[1].target: must be [x, y, z]"},
      {"[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = 0\nyaw = 10\npitch = 20\n",
       bad + ":4: key[1].distance: must be above 0, got 0"},
      {"[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = 3\nyaw = 10\npitch = 95\n",
       bad + ":6: key[1].pitch: must be -90 to 90 degrees, got 95"},
      {key + "fov = 180\n", bad + ":7: key[1].fov: must be above 0 and below 180 degrees"},
      {"loop = true\n", bad + ": no keys: give each view a [[key]] table"},
      {"[[key]\n", bad + ": not valid TOML"},
  };
  for (const auto& [text, want] : cases) {
    const std::string got = error_of(text);
    EXPECT_NE(got.find(want), std::string::npos) << "got: " << got << "\nwanted: " << want;
  }
  EXPECT_NE(error_of(key).find("(no error)"), std::string::npos) << "one good key reads";
  try {
    app::load_camera_path(dir / "missing.toml");
    ADD_FAILURE() << "a missing file reads";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("missing.toml: no such camera path file"),
              std::string::npos);
  }
}

// A save that cannot be made says which file (atomic_write keeps an older one: sim/io's tests).
TEST_F(CameraPathFile, AFailedSaveNamesTheFile) {
  const std::string file = (dir / "no_such_folder" / "tour.toml").string();
  try {
    app::save_camera_path(file, tour());
    ADD_FAILURE() << "saved into a folder that is not there";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("tour.toml"), std::string::npos) << e.what();
  }
}

// The command line's own words: the option, the file, the line, what is wrong; status 2.
TEST_F(CameraPathFile, TheOptionNamesTheFileAndTheLine) {
  const std::string file =
      write("tour.toml", "[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = -3\n");
  const auto r = test_support::run_command(test_support::galaxy_command() +
                                           " --headless --frames 1 --camera-path " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("--camera-path: " + file + ":4: key[1].distance: must be above 0"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("terminate"), std::string::npos);
}

}  // namespace
}  // namespace galaxy
