// SPDX-License-Identifier: MIT
// Camera path files (.toml): what `--camera-path FILE` plays and the panel saves and loads. Read
// with toml11 (Debian's libtoml11-dev), as encounter files are. docs/presenting.md shows the
// format:
//
//   loop = false                  # optional: start again at 0 after the last key
//   [[key]]                       # one table per key, times increasing
//   time = 0.0                    # seconds of playback (video seconds in a recording)
//   target = [0.0, 0.0, 0.0]      # the point the camera turns about
//   distance = 40.0               # from the target to the eye
//   yaw = 34.4                    # degrees about +y, 0 looking from +z
//   pitch = 25.8                  # degrees above the x-z plane, -90 to 90
//   fov = 45.8                    # optional: the vertical field of view, degrees
#pragma once

#include <filesystem>

#include "picture/camera_path.hpp"

namespace galaxy::app {

// Reads and checks `path` (check_path). Throws std::runtime_error naming the file, the line and
// the key: a file that is missing or not TOML, a value of the wrong type, an unknown or missing
// key, a value out of range, a time not after the one before, no keys at all.
CameraPath load_camera_path(const std::filesystem::path& path);

// Writes `p` atomically (a failed save leaves an older file as it was); throws
// std::runtime_error naming the file and the problem.
void save_camera_path(const std::filesystem::path& path, const CameraPath& p);

}  // namespace galaxy::app
