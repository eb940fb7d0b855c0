// SPDX-License-Identifier: MIT
// Test support: reads a PNG the program wrote, to look at what it shows.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace galaxy::test_support {

// Top-down RGBA rows; throws std::runtime_error for a file that is not a readable PNG.
std::vector<std::uint8_t> read_png(const std::filesystem::path& path, int& width, int& height);

}  // namespace galaxy::test_support
