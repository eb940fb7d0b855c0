// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>

#include "progress.hpp"
#include "snapshot.hpp"

namespace galaxy::io {

// CSV with the header `x,y,z,vx,vy,vz,m,ax,ay,az`, one row per body, written atomically. Floats
// are written with 9 significant digits, so they read back exactly.
void save_csv(const std::filesystem::path& path, const HostBodies& b, const Progress& progress = {});

// Reads a CSV file whose header names its columns (csv_columns.hpp: the names and aliases, in
// any order, any case). Lines may end in LF, CRLF or CR; a UTF-8 byte-order mark is skipped;
// blank lines and lines starting with # are skipped. Columns no field is called are ignored with
// a warning in Snapshot::warnings. Throws std::runtime_error naming the file, the line and the
// column for a missing, empty or non-numeric value, a value beyond the float range or not
// finite, a tag out of range, or a row with more values than the header has columns.
Snapshot load_csv(const std::filesystem::path& path, const Progress& progress = {});

}  // namespace galaxy::io
