// SPDX-License-Identifier: MIT
// Camera paths: views of the orbit camera (render::OrbitCamera) keyed at seconds of playback
// time, and the view between them. The target, the distance (in log space: a zoom from 1 to 100
// passes 10 halfway) and the field of view follow a cubic Hermite spline with Catmull-Rom
// tangents (zero at an open path's ends, so the camera starts and stops at rest; wrapped around
// a looping path whose last key is its first view again, so it goes round without a stop); the
// direction the camera looks from is the spherical interpolation (slerp, the short way) of the
// two keys' orientations. Plain maths (GLM), no OpenGL: picture/camera_path_file.* reads and
// writes paths, App (camera_path.cpp) plays them.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <optional>
#include <string>
#include <vector>

namespace galaxy::app {

// What the orbit camera is: the point it turns about, its distance from it, where it looks from
// (yaw about +y from +z, pitch above the x-z plane; radians) and its vertical field of view
// (radians). The view's up is +y.
struct CameraView {
  glm::vec3 target{0.0f};
  float distance = 5.0f;
  float yaw = 0.0f, pitch = 0.0f;
  float fov_y = 0.8f;
  bool operator==(const CameraView&) const = default;
};

struct CameraKey {
  double time = 0;  // seconds of playback from the path's start (video seconds in a recording)
  CameraView view;
};

struct CameraPath {
  std::vector<CameraKey> keys;  // times strictly increasing
  bool loop = false;            // start again at 0 after the last key
  double duration() const { return keys.empty() ? 0.0 : keys.back().time; }
};

// Why `v` is not a view (key `index`, counted from 1, names it): a value that is not finite, a
// distance that is not above 0, a pitch beyond +-90 degrees, a field of view outside (0, 180)
// degrees. Empty where it is one.
std::string check_view(const CameraView& v, std::size_t index);
// Why `p` cannot be played: a key that is not a view, a time below 0 or not finite, a time not
// after the key before it. Empty where it can (no keys included: there is nothing to play).
std::string check_path(const CameraPath& p);

// The view at `t` seconds of a path check_path accepts, with at least one key: before the first
// key its view, after the last the last's.
CameraView view_at(const CameraPath& p, double t);

// The orientation of the camera that looks from (yaw, pitch) with +y up, and back: the yaw and
// pitch of the direction it looks from (any roll a slerp gives is dropped).
glm::quat orientation(float yaw, float pitch);
glm::vec2 yaw_pitch(const glm::quat& q);

// The playback clock: the time on the path of this frame's view, moved on by each frame's dt.
class PathPlayer {
 public:
  bool playing() const { return playing_; }
  double time() const { return time_; }
  void play() { playing_ = true, time_ = 0; }  // from the start
  void stop() { playing_ = false; }
  // This frame's view (nothing while stopped or for an empty path), then the clock moves on by
  // `dt` seconds: past the end a looping path goes on from 0, another one stops after showing
  // its last view.
  std::optional<CameraView> advance(const CameraPath& p, double dt);

 private:
  bool playing_ = false;
  double time_ = 0;
};

}  // namespace galaxy::app
