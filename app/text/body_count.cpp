// SPDX-License-Identifier: MIT
#include "text/body_count.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cmath>

namespace galaxy::app {

namespace {
constexpr double kMaxCount = 4611686018427387904.0;  // 2^62, as --bodies allows

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

double multiplier(char suffix) {
  switch (suffix) {
    case 'k':
    case 'K':
      return 1e3;
    case 'm':
    case 'M':
      return 1e6;
    case 'g':
    case 'G':
    case 'b':
    case 'B':
      return 1e9;
    default:
      return 0;
  }
}
}  // namespace

std::optional<std::uint64_t> parse_body_count(std::string_view text, std::string* why) {
  const auto fail = [&](std::string reason) -> std::optional<std::uint64_t> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  const std::string_view s = trim(text);
  if (s.empty()) return fail("a body count is needed (for example 20000, 250k, 1M, 1e6)");
  std::string_view number = s;
  double scale = 1;
  if (multiplier(s.back()) > 0) {
    scale = multiplier(s.back());
    number.remove_suffix(1);
  }
  const bool starts_well =
      !number.empty() &&
      (std::isdigit(static_cast<unsigned char>(number.front())) || number.front() == '.');
  if (!number.empty() && number.front() == '-') return fail(fmt::format("'{}' is negative", s));
  if (!starts_well) {  // also keeps from_chars' "nan" and "inf" out
    return fail(fmt::format("'{}' is not a body count (for example 20000, 250k, 1M, 1e6)", s));
  }
  double v = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
  if (ec != std::errc() || end != number.data() + number.size() || number.empty() ||
      number.front() == '+' || number.front() == '-') {
    if (!number.empty() && number.front() == '-') return fail(fmt::format("'{}' is negative", s));
    return fail(fmt::format("'{}' is not a body count (for example 20000, 250k, 1M, 1e6)", s));
  }
  v *= scale;
  // The wording of the other whole-number options' checks (options.cpp).
  if (!std::isfinite(v) || v > kMaxCount) {
    return fail(fmt::format("must be at most {}, got {}", 4611686018427387904ull, s));
  }
  if (v != std::floor(v)) return fail(fmt::format("'{}' is not a whole number of bodies", s));
  if (v < 1) return fail(fmt::format("must be >= 1, got {}", s));
  return static_cast<std::uint64_t>(v);
}

std::string body_count_text(std::uint64_t n) {
  for (const auto& [scale, suffix] :
       {std::pair{1000000000ull, 'G'}, std::pair{1000000ull, 'M'}, std::pair{1000ull, 'k'}}) {
    if (n < scale) continue;
    // Exact with up to two decimals (1.5M, 1.25M); otherwise the digits.
    for (int decimals = 0; decimals <= 2; ++decimals) {
      const std::string t = fmt::format("{:.{}f}{}", double(n) / double(scale), decimals, suffix);
      const auto back = parse_body_count(t);
      if (back && *back == n) return t;
    }
    break;
  }
  return std::to_string(n);
}

}  // namespace galaxy::app
