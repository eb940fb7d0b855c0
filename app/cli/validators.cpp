// SPDX-License-Identifier: MIT
#include "cli/validators.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "text/body_count.hpp"

namespace galaxy::app {

namespace {

// A finite number: the whole string, no overflow ("1e400"), no NaN or infinity.
std::string parse_number(const std::string& s, double& v) {
  if (s.empty()) return "an empty value is not a number";
  errno = 0;
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end != '\0') return "'" + s + "' is not a number";
  if (errno == ERANGE && std::fabs(v) > 1.0) return "'" + s + "' is too large";
  if (!std::isfinite(v)) return "'" + s + "' is not a finite number";
  return {};
}

// A value that a float holds only as 0 (1e-50): named here, not found as a zero later.
std::string underflow(const std::string& s) {
  return "'" + s + "' is too small for a float (it would be 0; the smallest is about 1e-45)";
}

// parse_number, and for an option stored as a float: within its range, and not a value it holds
// only as 0.
std::string parse_value(const std::string& s, double& v, bool is_float) {
  if (std::string e = parse_number(s, v); !e.empty()) return e;
  if (!is_float) return {};
  if (std::fabs(v) > 3.0e38) return "'" + s + "' is too large (at most 3e38)";
  if (v != 0 && static_cast<float>(v) == 0) return underflow(s);
  return {};
}

}  // namespace

// A finite number that is > lo (or >= lo when `or_equal`), and, for options stored as float,
// within the float range.
CLI::Validator number(double lo, bool or_equal, bool is_float) {
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        double v = 0;
        if (std::string e = parse_value(s, v, is_float); !e.empty()) return e;
        const bool ok = or_equal ? v >= lo : v > lo;
        if (!ok) {
          std::ostringstream m;
          m << "must be " << (or_equal ? ">= " : "> ") << lo << ", got " << s;
          return m.str();
        }
        return {};
      },
      or_equal ? "NUMBER >= " + std::to_string(static_cast<long long>(lo)) : "NUMBER > 0");
}

// A whole number in [lo, hi], digits only (CLI11 would wrap "-5" into a huge unsigned count).
CLI::Validator whole(unsigned long long lo, unsigned long long hi) {
  return CLI::Validator(
      [=](std::string& s) -> std::string {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) {
          return "must be a whole number" +
                 std::string(lo > 0 ? " >= " + std::to_string(lo) : " >= 0") + ", got '" + s + "'";
        }
        errno = 0;
        const unsigned long long v = std::strtoull(s.c_str(), nullptr, 10);
        if (errno == ERANGE || v > hi) {
          return "must be at most " + std::to_string(hi) + ", got " + s;
        }
        if (v < lo) return "must be >= " + std::to_string(lo) + ", got " + s;
        return {};
      },
      "INT");
}

// A simulation parameter's value, checked by its table row (sim/params.hpp): a finite number
// (digits only for an integer one) that check_value accepts.
CLI::Validator param_check(const ParamInfo& info) {
  const bool integer = is_integer(info);
  return CLI::Validator(
      [&info, integer](std::string& s) -> std::string {
        if (integer && (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)) {
          return "must be a whole number, got '" + s + "'";
        }
        double v = 0;
        if (std::string e = parse_value(s, v, !integer); !e.empty()) return e;
        if (std::string e = check_value(info, v); !e.empty()) {
          return e.replace(e.rfind(", got ") + 6, std::string::npos, s);
        }
        return {};
      },
      integer ? "INT" : "NUMBER");
}

// A path that is given must name something: an empty one is refused, not taken as "not given".
const CLI::Validator kPath(
    [](std::string& s) {
      return s.empty() ? std::string("an empty path names no file") : std::string();
    },
    "PATH");

const CLI::Validator kCount = whole(1, kMaxCount);
// 250k, 1M, 1e6 ... to the digits that kCount then checks.
const CLI::Validator kCountText(
    [](std::string& s) {
      std::string why;
      const auto n = parse_body_count(s, &why);
      if (!n) return why;
      s = std::to_string(*n);
      return std::string();
    },
    "COUNT");

// "FRAME:BODIES" (60:200k): a frame from 0 and a body count from 1.
bool parse_drop(const std::string& s, long* frame, std::size_t* bodies, std::string* why) {
  const auto colon = s.find(':');
  const auto fail = [&](std::string what) {
    if (why) *why = "'" + s + "': " + what + " (FRAME:BODIES, for example 60:200k)";
    return false;
  };
  if (colon == std::string::npos) return fail("no colon");
  long f = -1;
  const std::string head = s.substr(0, colon);
  const auto [end, ec] = std::from_chars(head.data(), head.data() + head.size(), f);
  if (ec != std::errc() || end != head.data() + head.size() || f < 0) {
    return fail("'" + head + "' is not a frame");
  }
  std::string count_why;
  const auto n = parse_body_count(s.substr(colon + 1), &count_why);
  if (!n || *n == 0) return fail(n ? "no bodies" : count_why);
  if (frame) *frame = f;
  if (bodies) *bodies = static_cast<std::size_t>(*n);
  return true;
}

namespace {

// The values given to `name` in argv[from, to), as typed: "--name V" and "--name=V".
std::vector<std::string> typed_values(const std::string& name, int from, int to,
                                      const char* const* argv) {
  std::vector<std::string> out;
  for (int i = from; i < to; ++i) {
    const std::string a = argv[i];
    if (a == name && i + 1 < to) {
      out.emplace_back(argv[++i]);
    } else if (a.rfind(name + "=", 0) == 0) {
      out.push_back(a.substr(name.size() + 1));
    }
  }
  return out;
}

// "5 and 6", "3, 4 and 5".
std::string listed(const std::vector<std::string>& v) {
  std::string out;
  for (std::size_t k = 0; k < v.size(); ++k) {
    out += (k == 0 ? "" : k + 1 == v.size() ? " and " : ", ") + v[k];
  }
  return out;
}

// An option of `app` that takes one value and was given more than once (CLI11 counts each).
const CLI::Option* repeated_in(const CLI::App& app) {
  for (const CLI::Option* o : app.get_options()) {
    if (o->count() > 1 && o->get_items_expected_max() == 1) return o;
  }
  return nullptr;
}

}  // namespace

std::string repeated_option(const CLI::App& cli, int argc, const char* const* argv) {
  // The program's options come before a subcommand's name, the subcommand's after it.
  int from = 1, to = argc;
  const CLI::Option* o = repeated_in(cli);
  for (const CLI::App* sub : cli.get_subcommands()) {
    int at = 1;
    while (at < argc && sub->get_name() != argv[at]) ++at;
    if (o) {
      to = at;
    } else if ((o = repeated_in(*sub))) {
      from = at + 1;
    }
  }
  if (!o) return {};
  const std::string name = o->get_name();
  const std::vector<std::string> values = typed_values(name, from, to, argv);
  const std::string times = values.size() == 2 ? "twice" : std::to_string(values.size()) + " times";
  return name + " is given " + times + " (" + listed(values) + "): give it once";
}

}  // namespace galaxy::app
