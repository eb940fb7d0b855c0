// SPDX-License-Identifier: MIT
#include "picture/camera_path_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <toml.hpp>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/toml_reader.hpp"

namespace galaxy::app {

namespace {

using Value = io::TomlValue;

constexpr double kDegree = 3.14159265358979323846 / 180.0;
constexpr double kDefaultFovDeg = 0.8 / kDegree;  // render::OrbitCamera's

// The camera path's reads over io::TomlReader's: required keys, bounded numbers, vectors.
class Reader : public io::TomlReader {
 public:
  using TomlReader::TomlReader;

  const Value& need(const Value& t, const std::string& where, const std::string& key) const {
    const auto& table = t.as_table();
    const auto it = table.find(key);
    if (it == table.end())
      fail(t, where + key, "missing (every key needs time, target, distance, yaw and pitch)");
    return it->second;
  }

  // A number within [lo, hi] (`open`: lo and hi themselves refused), with `what` saying so.
  double within(const Value& v, const std::string& key, double lo, double hi, bool open,
                const std::string& what) const {
    const double x = number(v, key);
    if (open ? !(x > lo && x < hi) : !(x >= lo && x <= hi))
      fail(v, key, fmt::format("{}, got {}", what, x));
    return x;
  }

  // `x` as the float the camera keeps: one beyond a float's range, or so small that it would
  // become 0 or lose its precision (a subnormal), is refused rather than rounded to inf or 0.
  float to_float(const Value& v, const std::string& key, double x) const {
    const float f = float(x);
    if (!std::isfinite(f)) fail(v, key, fmt::format("{} is too large for a float (3.4e38)", x));
    if (x != 0 && !(std::fabs(f) >= std::numeric_limits<float>::min())) {
      fail(v, key, fmt::format("{} is too close to 0 for a float (at least 1.2e-38, or 0)", x));
    }
    return f;
  }

  glm::vec3 vector(const Value& v, const std::string& key) const {
    if (!v.is_array() || v.as_array().size() != 3) fail(v, key, "must be [x, y, z]");
    glm::vec3 out;
    for (int k = 0; k < 3; ++k) out[k] = to_float(v.as_array()[k], key, number(v.as_array()[k], key));
    return out;
  }
};

CameraKey read_key(const Reader& r, const Value& k, std::size_t index) {
  const std::string where = fmt::format("key[{}].", index + 1);
  if (!k.is_table()) r.fail(k, where, "must be a table: [[key]]");
  r.only(k, where, {"time", "target", "distance", "yaw", "pitch", "fov"});
  CameraKey key;
  key.time =
      r.within(r.need(k, where, "time"), where + "time", 0, 1e9, false, "must be 0 to 1e9 seconds");
  CameraView& v = key.view;
  v.target = r.vector(r.need(k, where, "target"), where + "target");
  const Value& distance = r.need(k, where, "distance");
  v.distance = r.to_float(distance, where + "distance",
                          r.within(distance, where + "distance", 0, 1e30, true, "must be above 0"));
  // A yaw of 1e300 degrees is finite but its float is not, and far fewer turns lose the angle.
  v.yaw = float(r.within(r.need(k, where, "yaw"), where + "yaw", -1e6, 1e6, false,
                         "must be -1e6 to 1e6 degrees") *
                kDegree);
  v.pitch = float(r.within(r.need(k, where, "pitch"), where + "pitch", -90, 90, false,
                           "must be -90 to 90 degrees") *
                  kDegree);
  const auto& t = k.as_table();
  const double fov = t.count("fov") ? r.within(t.at("fov"), where + "fov", 0, 180, true,
                                               "must be above 0 and below 180 degrees")
                                    : kDefaultFovDeg;
  v.fov_y = float(fov * kDegree);
  return key;
}

}  // namespace

CameraPath load_camera_path(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw std::runtime_error(file + (std::filesystem::exists(path, ec)
                                         ? ": not a file (a camera path is a .toml file)"
                                         : ": no such camera path file"));
  }
  const Value root = io::parse_toml(file);
  Reader r(file);
  r.only(root, "", {"loop", "key"});
  CameraPath p;
  const auto& t = root.as_table();
  if (t.count("loop")) {
    if (!t.at("loop").is_boolean()) r.fail(t.at("loop"), "loop", "must be true or false");
    p.loop = t.at("loop").as_boolean();
  }
  if (t.count("key") && !t.at("key").is_array())
    r.fail(t.at("key"), "key", "must be [[key]] tables");
  if (!t.count("key") || t.at("key").as_array().empty()) {
    throw std::runtime_error(file + ": no keys: give each view a [[key]] table");
  }
  const auto& keys = t.at("key").as_array();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    p.keys.push_back(read_key(r, keys[i], i));
    if (i > 0 && !(p.keys[i].time > p.keys[i - 1].time)) {
      r.fail(keys[i].as_table().at("time"), fmt::format("key[{}].time", i + 1),
             fmt::format("{} s is not after key[{}]'s {} s (times must increase)", p.keys[i].time,
                         i, p.keys[i - 1].time));
    }
  }
  if (const std::string e = check_path(p); !e.empty()) throw std::runtime_error(file + ": " + e);
  return p;
}

void save_camera_path(const std::filesystem::path& path, const CameraPath& p) {
  std::string s = fmt::format(
      "# galaxy camera path (docs/presenting.md: camera paths): views of the camera at seconds of\n"
      "# playback\n"
      "loop = {}\n",
      p.loop);
  for (const CameraKey& k : p.keys) {
    const CameraView& v = k.view;
    // Shortest round-trip text of each number; angles in degrees.
    s += fmt::format(
        "\n[[key]]\ntime = {}\ntarget = [{}, {}, {}]\ndistance = {}\nyaw = {}\npitch = {}\n"
        "fov = {}\n",
        k.time, v.target.x, v.target.y, v.target.z, v.distance, double(v.yaw) / kDegree,
        std::clamp(double(v.pitch) / kDegree, -90.0, 90.0), double(v.fov_y) / kDegree);
  }
  io::atomic_write(path, [&](std::ostream& out) { out << s; });
}

}  // namespace galaxy::app
