// SPDX-License-Identifier: MIT
// Body counts as people write them: 20000, 250k, 1M, 2.5M, 1e6, 1G (the command line's --bodies,
// the bench's list and the panel's field all read them here).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace galaxy::app {

// The count, or nullopt with the reason in *why ("'1.5' is not a whole number of bodies").
// Suffixes k, M, G (also K, m, g, B for a billion) multiply by 1e3, 1e6, 1e9; the result must be
// a whole number from 1 to 2^62.
std::optional<std::uint64_t> parse_body_count(std::string_view text, std::string* why = nullptr);
// The short exact form, with at most two decimals: 1000000 -> "1M", 250000 -> "250k",
// 1500000 -> "1.5M", 12345 -> "12345".
std::string body_count_text(std::uint64_t n);

}  // namespace galaxy::app
