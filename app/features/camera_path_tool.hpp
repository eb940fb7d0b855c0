// SPDX-License-Identifier: MIT
// The camera path in the window and in recordings (picture/camera_path.hpp): keys taken from the
// camera (i, the panel), played over it (l, --camera-path), saved and loaded (the panel). While
// it plays it sets the whole view each frame: the follow camera and --orbit wait, and anything
// else that moves the view (a drag, the wheel, c, 1-5, going to a key) stops it where it is. It
// owns the path, its file's name and the playback, draws its tree of the panel and reports what
// it did.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "camera.hpp"
#include "features/feature_context.hpp"
#include "picture/camera_path.hpp"
#include "picture/recorder.hpp"
#include "run/report.hpp"
#include "run/status_line.hpp"

namespace galaxy::app {

CameraView view_of(const render::OrbitCamera& c);

// How far the camera path moves on in a frame: a recording's frame period (so a path of 10 s is
// 10 s of video whatever the frames cost), a headless run's (its --display-hz, else the 30
// frames a second of --record), a window's wall-clock time between frames (`frame_ms`).
double camera_path_seconds_per_frame(const Recorder* recording, bool headless, double display_hz,
                                     float frame_ms);

class CameraPathTool {
 public:
  // What the keys (i, l) and the panel's tree ask, applied in this order: the loop flag and the
  // file's name as edited, a key added, retimed, taken out, gone to, the file written, read, and
  // the playback started or stopped. Keys count from 0.
  struct Action {
    std::optional<bool> loop;          // the loop checkbox
    std::optional<std::string> file;   // the file field, as edited
    bool add_key = false;              // the camera's view as a key after the last (i)
    std::optional<std::pair<int, double>> retime;  // key k gets a new time (seconds)
    std::optional<int> erase, go_to;   // take key k out; move the camera to it
    bool save = false, load = false;   // write the path to the file, read it from there
    bool toggle = false;               // play from the start or stop (l)
  };

  CameraPathTool() = default;
  // --camera-path: that path, read from `file` (saved back there).
  CameraPathTool(CameraPath path, std::string file);

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::ViewTools;
  void rows(Action& a, const FeatureView& v) const { section(a, v.shown.status); }
  void apply(const Action& a, const FeatureTargets& t, std::vector<Report>& said) {
    for (Report& r : apply(a, t.camera)) said.push_back(std::move(r));
  }

  // Its tree under the camera's controls, with the newest error of its own (`st`): what was
  // touched is added to `a`.
  void section(Action& a, const StatusText& st) const;
  // Each change refused with an error where it cannot be made (the path as it was kept); going to
  // a key moves `camera` and stops the playback.
  std::vector<Report> apply(const Action& a, render::OrbitCamera& camera);

  void play() { player_.play(); }  // from the start (--camera-path)
  bool playing() const { return player_.playing(); }
  // A move of the view by hand (`before`: the view before this frame's input) stops it.
  std::optional<Report> moved_by_hand(const CameraView& before, const CameraView& now);
  // This frame's view over `camera` (round and round where `loop`: an unattended kiosk), the
  // clock on by `dt` seconds; the message when it ends.
  std::optional<Report> advance(render::OrbitCamera& camera, double dt, bool loop);

  const CameraPath& path() const { return path_; }
  const std::string& file() const { return file_; }
  // The playback time the last frame showed while it played (the panel's "playing: t of T").
  std::optional<double> shown_time() const { return shown_; }

 private:
  std::optional<Report> toggle();
  Report save() const;
  Report load();
  void edit_keys(const Action& a, render::OrbitCamera& camera, std::vector<Report>& out);

  CameraPath path_;
  std::string file_ = "camera_path.toml";
  PathPlayer player_;
  std::optional<double> shown_;
};

}  // namespace galaxy::app
