// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>

namespace galaxy::io {

// Writes a file atomically: `write` fills a temporary file in the same folder, which is flushed
// and then renamed over `path`. If anything fails the temporary file is removed, an existing file
// at `path` is left as it was, and std::runtime_error names the file and the problem.
void atomic_write(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

}  // namespace galaxy::io
