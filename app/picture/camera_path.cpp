// SPDX-License-Identifier: MIT
#include "picture/camera_path.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace galaxy::app {

namespace {

constexpr float kPi = 3.14159265358979f;

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// The channels the spline carries: the target, the log of the distance and the field of view.
struct Channels {
  glm::vec3 target;
  float log_distance, fov_y;
  Channels operator-(const Channels& o) const {
    return {target - o.target, log_distance - o.log_distance, fov_y - o.fov_y};
  }
  Channels operator*(float s) const { return {target * s, log_distance * s, fov_y * s}; }
  Channels operator+(const Channels& o) const {
    return {target + o.target, log_distance + o.log_distance, fov_y + o.fov_y};
  }
};

Channels channels(const CameraView& v) {
  return {v.target, std::log(v.distance), v.fov_y};
}

bool same_view(const CameraView& a, const CameraView& b) {
  const float scale = std::max({1.0f, glm::length(a.target), a.distance});
  const float eps = 1e-5f * scale;
  return glm::length(a.target - b.target) <= eps && std::abs(a.distance - b.distance) <= eps &&
         std::abs(glm::dot(orientation(a.yaw, a.pitch), orientation(b.yaw, b.pitch))) >=
             1 - 1e-6f &&
         std::abs(a.fov_y - b.fov_y) <= 1e-5f;
}

// A looping path whose last key is its first view again goes round smoothly: its ends' tangents
// are taken across the seam.
bool closed(const CameraPath& p) {
  return p.loop && p.keys.size() >= 3 && same_view(p.keys.front().view, p.keys.back().view);
}

// The Catmull-Rom tangent at key i (per second): the slope from the key before to the key after;
// zero at an open path's ends.
Channels tangent(const CameraPath& p, std::size_t i) {
  const std::size_t n = p.keys.size();
  const auto& k = p.keys;
  std::size_t before = i - 1, after = i + 1;
  double span = 0;
  if (i > 0 && i + 1 < n) {
    span = k[after].time - k[before].time;
  } else if (closed(p)) {
    before = n - 2, after = 1;  // across the seam: key n-1 is key 0
    span = (k[1].time - k[0].time) + (k[n - 1].time - k[n - 2].time);
  } else {
    return Channels{glm::vec3(0.0f), 0.0f, 0.0f};
  }
  return (channels(k[after].view) - channels(k[before].view)) * float(1.0 / span);
}

// Cubic Hermite between a and b (tangents ma, mb per unit of u) at u in [0, 1].
Channels hermite(const Channels& a, const Channels& ma, const Channels& b, const Channels& mb,
                 float u) {
  const float u2 = u * u, u3 = u2 * u;
  return a * (2 * u3 - 3 * u2 + 1) + ma * (u3 - 2 * u2 + u) + b * (-2 * u3 + 3 * u2) +
         mb * (u3 - u2);
}

}  // namespace

std::string check_view(const CameraView& v, std::size_t index) {
  const std::string key = fmt::format("key {}", index);
  if (!finite(v.target)) return key + ": the target must be finite";
  if (!std::isfinite(v.distance) || !(v.distance > 0)) {
    return fmt::format("{}: the distance must be above 0, got {}", key, v.distance);
  }
  if (!std::isfinite(v.yaw)) return key + ": the yaw must be finite";
  if (!std::isfinite(v.pitch) || std::abs(v.pitch) > 0.5f * kPi + 1e-6f) {
    return fmt::format("{}: the pitch must be within -90 to 90 degrees, got {:.6g}", key,
                       v.pitch * 180 / kPi);
  }
  if (!std::isfinite(v.fov_y) || !(v.fov_y > 0) || !(v.fov_y < kPi)) {
    return fmt::format("{}: the field of view must be above 0 and below 180 degrees, got {:.6g}",
                       key, v.fov_y * 180 / kPi);
  }
  return {};
}

std::string check_path(const CameraPath& p) {
  for (std::size_t i = 0; i < p.keys.size(); ++i) {
    const double t = p.keys[i].time;
    if (!std::isfinite(t) || t < 0) {
      return fmt::format("key {}: the time must be 0 or more seconds, got {}", i + 1, t);
    }
    if (i > 0 && !(t > p.keys[i - 1].time)) {
      return fmt::format("key {}: its time {} s is not after key {}'s {} s (times must increase)",
                         i + 1, t, i, p.keys[i - 1].time);
    }
    if (std::string e = check_view(p.keys[i].view, i + 1); !e.empty()) return e;
  }
  return {};
}

glm::quat orientation(float yaw, float pitch) {
  return glm::angleAxis(yaw, glm::vec3(0, 1, 0)) * glm::angleAxis(-pitch, glm::vec3(1, 0, 0));
}

glm::vec2 yaw_pitch(const glm::quat& q) {
  const glm::vec3 d = glm::normalize(q) * glm::vec3(0, 0, 1);  // from the target to the eye
  return {std::atan2(d.x, d.z), std::asin(std::clamp(d.y, -1.0f, 1.0f))};
}

CameraView view_at(const CameraPath& p, double t) {
  const auto& k = p.keys;
  if (t <= k.front().time) return k.front().view;
  if (t >= k.back().time) return k.back().view;
  // The segment [k[i], k[i + 1]) that holds t.
  const auto next = std::upper_bound(k.begin(), k.end(), t,
                                     [](double x, const CameraKey& key) { return x < key.time; });
  const std::size_t i = std::size_t(next - k.begin()) - 1;
  const double span = k[i + 1].time - k[i].time;
  const float u = float((t - k[i].time) / span);
  const Channels c = hermite(channels(k[i].view), tangent(p, i) * float(span),
                             channels(k[i + 1].view), tangent(p, i + 1) * float(span), u);
  const CameraView &a = k[i].view, &b = k[i + 1].view;
  // glm::slerp takes the short way (it turns a quaternion round where their dot is negative).
  const glm::vec2 yp =
      yaw_pitch(glm::slerp(orientation(a.yaw, a.pitch), orientation(b.yaw, b.pitch), u));
  CameraView v;
  v.target = c.target;
  v.distance = std::exp(c.log_distance);
  v.yaw = yp.x;
  v.pitch = yp.y;
  v.fov_y = std::clamp(c.fov_y, 0.01f, 3.1f);  // a Hermite may overshoot a little
  return v;
}

std::optional<CameraView> PathPlayer::advance(const CameraPath& p, double dt) {
  if (!playing_ || p.keys.empty()) {
    playing_ = false;
    return std::nullopt;
  }
  const double end = p.duration();
  // Within rounding of the end is the end: 15 frames of 1/30 s add up to a hair under 0.5 s.
  const bool last = time_ >= end - 1e-9 * std::max(end, 1.0);
  const CameraView v = view_at(p, last ? end : time_);
  if (last && !p.loop) {
    playing_ = false;  // the last view shown: done
    return v;
  }
  time_ += std::max(dt, 0.0);
  if (p.loop) time_ = end > 0 ? std::fmod(time_, end) : 0.0;
  return v;
}

}  // namespace galaxy::app
