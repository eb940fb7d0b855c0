// SPDX-License-Identifier: MIT
// The command line's checks, in galaxy's own words: validators that never throw, one message for
// each way a value can be wrong ("--dt: 'abc' is not a number"; "--theta: must be > 0"), run
// before CLI11 converts it; and the message for an option given more than once.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>

#include "params.hpp"

namespace galaxy::app {

inline constexpr unsigned long long kMaxCount = 1ull << 62;  // more than any machine holds
inline constexpr unsigned long long kMaxInt = 2147483647;
inline constexpr unsigned long long kMaxLong = 9223372036854775807ull;

// A finite number that is > lo (or >= lo when `or_equal`), and, for options stored as float,
// within the float range and not a value a float holds only as 0.
CLI::Validator number(double lo, bool or_equal, bool is_float = true);
// A whole number in [lo, hi], digits only (CLI11 would wrap "-5" into a huge unsigned count).
CLI::Validator whole(unsigned long long lo, unsigned long long hi);
// A simulation parameter's value, checked by its table row (sim/params.hpp).
CLI::Validator param_check(const ParamInfo& info);
// A validator from a parser that says why it refuses: parse(s, &why) is true (or a value) where
// `s` is good; `name` is what the help shows (FRAME:BODIES).
template <class Parse>
CLI::Validator explained(Parse parse, const char* name) {
  return CLI::Validator(
      [parse](std::string& s) {
        std::string why;
        return parse(s, &why) ? std::string() : why;
      },
      name);
}

extern const CLI::Validator kPath;       // a given path is not empty
extern const CLI::Validator kCount;      // a body count: 1 to kMaxCount
extern const CLI::Validator kCountText;  // 250k, 1M, 1e6 ... to the digits kCount checks

// "FRAME:BODIES" (60:200k): a frame from 0 and a body count from 1; `why` says what is wrong.
bool parse_drop(const std::string& s, long* frame, std::size_t* bodies, std::string* why);

// "--bodies is given twice (5 and 6): give it once" for the first option of `cli` or of its
// parsed subcommand that takes one value and was given more than once, with the values as typed
// in `argv`; empty when there is none.
std::string repeated_option(const CLI::App& cli, int argc, const char* const* argv);

}  // namespace galaxy::app
