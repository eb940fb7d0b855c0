// SPDX-License-Identifier: MIT
// The camera path in the window and in recordings (picture/camera_path.hpp): keys taken from the
// camera (i, the panel), played over it (l, --camera-path), saved and loaded (the panel). While
// it plays it sets the whole view each frame: the follow camera and --orbit wait, and anything
// else that moves the view (a drag, the wheel, c, 1-5, going to a key) stops it where it is.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "app.hpp"
#include "picture/camera_path_file.hpp"

namespace galaxy::app {

namespace {

// Seconds between two keys added one after another (the panel retimes them).
constexpr double kKeyGap = 3.0;

CameraView view_of(const render::OrbitCamera& c) {
  return {c.target(), c.distance(), c.yaw, c.pitch, c.fov_y};
}

void set_view(render::OrbitCamera& c, const CameraView& v) {
  c.set_target(v.target);
  c.set_distance(v.distance);
  c.yaw = v.yaw;
  c.pitch = std::clamp(v.pitch, -1.55f, 1.55f);  // as orbiting keeps it (render/camera.cpp)
  c.fov_y = v.fov_y;
}

std::string summary(const CameraPath& p) {
  return fmt::format("{} key{}, {:.3g} s{}", p.keys.size(), p.keys.size() == 1 ? "" : "s",
                     p.duration(), p.loop ? ", looping" : "");
}

}  // namespace

CameraView App::camera_view() const {
  return view_of(camera_);
}

// The panel's and the keys' changes to the path, each refused with a message where it cannot be
// made (the path as it was kept).
void App::camera_path_changes(const Changes& c) {
  CameraPath& p = settings_.camera_path;
  const auto error = [&](const std::string& what) {
    report(Report::error("camera path: " + what, Place::CameraPath));
  };
  if (c.add_camera_key) {
    const double t = p.keys.empty() ? 0.0 : p.keys.back().time + kKeyGap;
    p.keys.push_back({t, view_of(camera_)});
    report(Report::message(
        fmt::format("camera path: key {} at {:.3g} s ({})", p.keys.size(), t, summary(p))));
  }
  if (c.camera_key_time) {
    const auto [k, t] = *c.camera_key_time;
    CameraPath retimed = p;
    if (k >= 0 && k < int(p.keys.size())) retimed.keys[k].time = t;
    if (const std::string e = check_path(retimed); !e.empty()) {
      error(e);
    } else {
      p = retimed;
      report(Report::done(Place::CameraPath));
    }
  }
  if (c.delete_camera_key && *c.delete_camera_key >= 0 &&
      *c.delete_camera_key < int(p.keys.size())) {
    p.keys.erase(p.keys.begin() + *c.delete_camera_key);
    report(Report::message("camera path: " + summary(p)));
  }
  if (c.goto_camera_key && *c.goto_camera_key >= 0 && *c.goto_camera_key < int(p.keys.size())) {
    path_player_.stop();  // a move of the view by hand
    set_view(camera_, p.keys[*c.goto_camera_key].view);
  }
  if (c.save_camera_path) save_path();
  if (c.load_camera_path) load_path(settings_.camera_path_file);
  if (c.toggle_camera_path) toggle_camera_path();
}

void App::toggle_camera_path() {
  if (path_player_.playing()) {
    path_player_.stop();
    report(Report::message(fmt::format("camera path stopped at {:.3g} s", path_player_.time())));
  } else if (settings_.camera_path.keys.empty()) {
    report(Report::error("camera path: no keys to play: add the view as a key first (i)",
                         Place::CameraPath));
  } else {
    path_player_.play();
    report(Report::message("playing the camera path (" + summary(settings_.camera_path) + ")"));
  }
}

void App::save_path() {
  const std::string& file = settings_.camera_path_file;
  if (settings_.camera_path.keys.empty()) {
    report(Report::error("camera path: no keys to save", Place::CameraPath));
    return;
  }
  try {
    save_camera_path(file, settings_.camera_path);
    report(Report::message("camera path: wrote " + file + " (" + summary(settings_.camera_path) +
                           ")"));
  } catch (const std::exception& e) {
    report(Report::error(std::string("camera path: save: ") + e.what(), Place::CameraPath));
  }
}

// Reads `file` in place of the path (which is kept where the file cannot be read); playback stops.
bool App::load_path(const std::string& file) {
  try {
    settings_.camera_path = load_camera_path(file);
  } catch (const std::exception& e) {
    report(Report::error(std::string("camera path: ") + e.what(), Place::CameraPath));
    return false;
  }
  path_player_.stop();
  report(
      Report::message("camera path: read " + file + " (" + summary(settings_.camera_path) + ")"));
  return true;
}

// --camera-path: played from the first frame; a headless run without --frames (and a path that
// does not loop) ends on the frame that shows its last key.
void App::start_camera_path(bool frames_given) {
  path_player_.play();
  const CameraPath& p = settings_.camera_path;
  if (!headless() || frames_given || p.loop || kiosk_) return;
  max_frames_ = long(std::floor(p.duration() / path_seconds_per_frame() + 1e-6)) + 1;
}

// How far the path moves on in a frame: a recording's frame period (so a path of 10 s is 10 s of
// video whatever the frames cost), a headless run's (its --display-hz, else the 30 frames a
// second of --record), a window's wall-clock time between frames.
double App::path_seconds_per_frame() const {
  if (const Recorder* r = presenter_->recorder()) return 1.0 / std::max(r->fps(), 1);
  if (headless()) return 1.0 / (clock_.display_hz() > 0 ? clock_.display_hz() : 30.0);
  return stats_.frame_ms * 1e-3;
}

// This frame's view of the path, over the camera; the message when it ends.
void App::play_camera_path() {
  const bool was = path_player_.playing();
  const double shown = path_player_.time();
  CameraPath p = settings_.camera_path;
  if (kiosk_) p.loop = true;  // an unattended screen goes round
  if (const auto v = path_player_.advance(p, path_seconds_per_frame())) set_view(camera_, *v);
  stats_.camera_path_time = was ? std::optional(std::min(shown, p.duration())) : std::nullopt;
  if (was && !path_player_.playing()) report(Report::message("camera path: done"));
}

// A move of the view by hand (`before`: the view before this frame's input) stops the path.
void App::camera_moved_by_hand(const CameraView& before) {
  if (!path_player_.playing() || camera_view() == before) return;
  path_player_.stop();
  report(Report::message(
      fmt::format("camera path stopped at {:.3g} s: the view was moved", path_player_.time())));
}

}  // namespace galaxy::app
