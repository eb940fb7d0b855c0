// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>

#include "../bodies.hpp"

namespace galaxy::io {

// CSV with the header `x,y,z,vx,vy,vz,m,ax,ay,az`, one row per body, written atomically. Floats
// are written with 9 significant digits, so they read back exactly.
void save_csv(const std::filesystem::path& path, const HostBodies& b);

// Reads such a file (the header must be present; extra columns are not allowed). Throws
// std::runtime_error naming the file, the line and the problem.
HostBodies load_csv(const std::filesystem::path& path);

}  // namespace galaxy::io
