// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>

namespace galaxy::io {

// Writes a file atomically: `write` fills a temporary file in the same folder, which is flushed,
// closed and then renamed over `path`. If anything fails the temporary file is removed, an
// existing file at `path` is left as it was, and std::runtime_error names the file and the
// problem. A `path` that is a symbolic link keeps the link: its target is written. A file that is
// replaced keeps its mode (and its owner, where the process may give files away).
void atomic_write(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

// The same for a writer that opens the file itself by name (the HDF5 library): `write` creates,
// fills and closes the temporary file `tmp`, throwing if any of that fails.
void atomic_write_file(const std::filesystem::path& path,
                       const std::function<void(const std::filesystem::path& tmp)>& write);

}  // namespace galaxy::io
