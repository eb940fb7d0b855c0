// SPDX-License-Identifier: MIT
// Loading and saving whole states, choosing the format by extension (save) or by content and
// extension (load).
#pragma once

#include <filesystem>

#include "../bodies.hpp"

namespace galaxy::io {

struct Snapshot {
  HostBodies bodies;
  double time = 0;  // simulation time of the state
};

// Formats by extension: .csv (x,y,z,vx,vy,vz,m,ax,ay,az). Throws std::runtime_error naming the
// file and the problem; never leaves a partly written file (atomic save).
void save_snapshot(const std::filesystem::path& path, const Snapshot& s);
Snapshot load_snapshot(const std::filesystem::path& path);

}  // namespace galaxy::io
