// SPDX-License-Identifier: MIT
#include "io/toml_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "io/regular_file.hpp"

namespace galaxy::io {

namespace {

// How deeply `text` nests, by a scan that knows TOML's strings and comments: each open inline
// array or table counts one, each dot of a dotted key (or of a table header) one more, the
// header's dots counting for the keys under it. A float's dot counts too: the scan over-counts
// (1.5 in an array at depth 3 is 4) but never under-counts, which is what a bound needs.
class DepthScan {
 public:
  explicit DepthScan(std::size_t limit) : limit_(limit) {}

  // The line where the nesting first goes past the limit, or 0 where it never does.
  std::size_t first_too_deep(const std::string& text) {
    for (i_ = 0; i_ < text.size(); ++i_) {
      const char c = text[i_];
      if (c == '\n') {
        ++line_;
        if (open_.empty()) run_ = 0, key_ = 0, value_ = false;
      } else if (c == '#') {
        while (i_ + 1 < text.size() && text[i_ + 1] != '\n') ++i_;
      } else if (c == '"' || c == '\'') {
        skip_string(text, c);
      } else if (c == '.') {
        ++run_;
      } else if (c == '[' || c == '{') {
        if (open_.empty() && !value_) in_header_ = true, header_ = 0;
        open_.push_back(1 + key_ + run_), run_ = 0, key_ = 0;
      } else if (c == ']' || c == '}') {
        if (in_header_) header_ += run_;
        if (!open_.empty()) open_.pop_back();
        if (open_.empty()) in_header_ = false;
        run_ = 0;
      } else if (c == '=') {
        key_ = run_, run_ = 0, value_ = true;
      } else if (c == ',') {
        run_ = 0, key_ = 0;
      }
      if (depth() > limit_) return line_;
    }
    return 0;
  }

 private:
  // A table header's dots nest the keys below it.
  std::size_t depth() const {
    std::size_t d = run_ + key_ + header_;
    for (const std::size_t o : open_) d += o;
    return d;
  }

  // Moves past the string that starts at i_ (basic or literal, on one line or in three quotes).
  void skip_string(const std::string& text, char quote) {
    const std::string three(3, quote);
    const bool multi = text.compare(i_, 3, three) == 0;
    std::size_t j = i_ + (multi ? 3 : 1);
    for (; j < text.size(); ++j) {
      if (text[j] == '\n') {
        if (!multi) break;  // an unclosed string: toml11 says so
        ++line_;
      }
      if (quote == '"' && text[j] == '\\') {
        ++j;
        if (j < text.size() && text[j] == '\n') ++line_;
        continue;
      }
      if (multi ? text.compare(j, 3, three) == 0 : text[j] == quote) break;
    }
    i_ = multi && j < text.size() ? j + 2 : (j < text.size() && text[j] == '\n' ? j - 1 : j);
  }

  std::size_t limit_, i_ = 0, line_ = 1;
  std::size_t run_ = 0;     // dots since the last separator: a dotted key's nesting
  std::size_t key_ = 0;     // the dots of the key before the last '='
  std::size_t header_ = 0;  // the dots of the last table header
  bool value_ = false;      // an '=' on this line: a '[' is an array, not a header
  bool in_header_ = false;
  std::vector<std::size_t> open_;  // each open array or inline table: 1 + its key's dots
};

// The offset of the first byte of `text` that does not belong to well-formed UTF-8 (overlong
// forms, surrogates and code points past U+10FFFF included), or npos. TOML files are UTF-8, and
// toml11 reads past the end of its buffer on some malformed sequences inside a string (found by
// fuzz/fuzz_toml.cpp), so they are refused before it sees them.
std::size_t first_bad_utf8(const std::string& text) {
  const auto* b = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned c = b[i];
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3
                                       : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    std::uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) {
      if ((b[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (b[i + k] & 0x3F);
    }
    const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::string::npos;
}

std::string read_bounded(const std::string& file) {
  RegularFile in(file, "TOML files");  // checked from the open file: a FIFO would block
  std::string text(kMaxTomlBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  if (in.bad()) throw std::runtime_error(file + ": cannot be read");
  text.resize(std::size_t(in.gcount()));
  if (text.size() > kMaxTomlBytes) {
    throw std::runtime_error(fmt::format("{}: larger than {} MiB, the most a TOML file of galaxy's "
                                         "may be (an encounter or a camera path is a few KiB)",
                                         file, kMaxTomlBytes >> 20));
  }
  return text;
}

// The value's text as written in the file (a number's token), from its source location.
std::string token(const TomlValue& v) {
  const toml::source_location at = v.location();
  const std::string& line = at.line_str();
  if (at.column() == 0 || at.column() - 1 > line.size()) return {};
  std::string t = line.substr(at.column() - 1, at.region());
  t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
  return t;
}

// True where the integer's text is beyond 64 bits (toml11 stores the nearest end of the range).
bool integer_out_of_range(const std::string& t) {
  std::size_t at = 0;
  const bool minus = !t.empty() && t[0] == '-';
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) at = 1;
  int base = 10;
  if (t.compare(at, 2, "0x") == 0) base = 16, at += 2;
  if (t.compare(at, 2, "0o") == 0) base = 8, at += 2;
  if (t.compare(at, 2, "0b") == 0) base = 2, at += 2;
  const std::string digits = (minus ? "-" : "") + t.substr(at);
  errno = 0;
  (void)std::strtoll(digits.c_str(), nullptr, base);
  return errno == ERANGE;
}

}  // namespace

TomlValue parse_toml(const std::string& file) {
  const std::string text = read_bounded(file);
  if (const std::size_t at = first_bad_utf8(text); at != std::string::npos) {
    const std::size_t line = 1 + std::size_t(std::count(text.begin(), text.begin() + at, '\n'));
    throw std::runtime_error(fmt::format("{}:{}: byte 0x{:02x} is not UTF-8 text (a TOML file is "
                                         "UTF-8): not read",
                                         file, line, static_cast<unsigned char>(text[at])));
  }
  if (const std::size_t line = DepthScan(kMaxTomlDepth).first_too_deep(text)) {
    throw std::runtime_error(fmt::format("{}:{}: nested more than {} levels deep (arrays, inline "
                                         "tables and dotted keys): not read",
                                         file, line, kMaxTomlDepth));
  }
  try {
    std::istringstream in(text);
    return toml::parse<toml::discard_comments, std::map, std::vector>(in, file);
  } catch (const toml::syntax_error& e) {
    throw std::runtime_error(file + ": not valid TOML:\n" + e.what());
  } catch (const toml::exception& e) {
    throw std::runtime_error(file + ": not valid TOML:\n" + e.what());
  } catch (const std::runtime_error& e) {  // toml11 could not read it
    throw std::runtime_error(file + ": " + e.what());
  }
}

void TomlReader::fail(const TomlValue& at, const std::string& key, const std::string& why) const {
  throw std::runtime_error(file_ + ":" + std::to_string(at.location().line()) + ": " + key + ": " +
                           why);
}

void TomlReader::only(const TomlValue& t, const std::string& where,
                      const std::vector<std::string>& keys) const {
  for (const auto& [k, v] : t.as_table()) {
    if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
    std::string known;
    for (const auto& key : keys) known += (known.empty() ? "" : ", ") + key;
    fail(v, where + k, "unknown key (known: " + known + ")");
  }
}

double TomlReader::number(const TomlValue& v, const std::string& key, Bound bound) const {
  double x = 0;
  if (v.is_integer()) {
    const std::int64_t i = v.as_integer();
    constexpr auto lo = std::numeric_limits<std::int64_t>::min();
    constexpr auto hi = std::numeric_limits<std::int64_t>::max();
    if ((i == lo || i == hi) && integer_out_of_range(token(v))) {
      fail(v, key, token(v) + " is beyond a 64-bit integer's range (write it as a float: 1e20)");
    }
    x = double(i);
  } else if (v.is_floating()) {
    x = v.as_floating();
    // toml11 reads an overflow as the largest double and an underflow as 0 or a denormal.
    const std::string t = token(v);
    errno = 0;
    (void)std::strtod(t.c_str(), nullptr);
    if (errno == ERANGE && std::isfinite(x) && std::fabs(x) >= 1.0) {
      fail(v, key, t + " is beyond a double's range (at most 1.8e308)");
    }
    if (errno == ERANGE && std::isfinite(x)) {
      fail(v, key, t + " is too close to 0 for a double (at least 2.2e-308, or 0)");
    }
  } else {
    fail(v, key, "must be a number");
  }
  if (!std::isfinite(x)) fail(v, key, "must be finite");
  if (bound == Bound::Positive && !(x > 0)) fail(v, key, "must be above 0");
  if (bound == Bound::NonNegative && !(x >= 0)) fail(v, key, "must be 0 or more");
  return x;
}

}  // namespace galaxy::io
