// SPDX-License-Identifier: MIT
// What galaxy's TOML files (encounters: io/encounter_file.cpp; camera paths:
// app/picture/camera_path_file.cpp) share when they are read: the parse, with errors naming the
// file, and a reader whose refusals name the file, the line and the key.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <toml.hpp>
#include <vector>

namespace galaxy::io {

using TomlValue = toml::basic_value<toml::discard_comments, std::map, std::vector>;

// What parse_toml reads at most: toml11 holds the whole file and parses nesting by recursion, so
// a large or deeply nested file would exhaust memory or the stack (a crash, not a message).
// Galaxy's files are a few KiB and nest three levels ([[galaxy]], its disk, a vector).
inline constexpr std::size_t kMaxTomlBytes = std::size_t(1) << 20;
inline constexpr std::size_t kMaxTomlDepth = 64;

// Parses `file` (which must exist: the caller says what is missing in its own words). Throws
// std::runtime_error "FILE: not valid TOML:" with toml11's account, "FILE: larger than 1 MiB",
// "FILE:LINE: nested more than 64 levels deep", "FILE:LINE: byte 0x.. is not UTF-8 text", or
// "FILE: not a regular file ..." (from the opened file: a FIFO put in its place is refused, not
// waited on), or "FILE: " with the reason the file could not be read.
TomlValue parse_toml(const std::string& file);

// Which numbers a key takes (TomlReader::number).
enum class Bound { Any, Positive, NonNegative };

class TomlReader {
 public:
  explicit TomlReader(std::string file) : file_(std::move(file)) {}

  // Throws std::runtime_error "FILE:LINE: KEY: WHY", LINE that of `at`.
  [[noreturn]] void fail(const TomlValue& at, const std::string& key, const std::string& why) const;
  // Refuses keys of table `t` not in `keys` (a misspelt key would otherwise be ignored); `where`
  // goes before each key in the message ("galaxy[1].").
  void only(const TomlValue& t, const std::string& where,
            const std::vector<std::string>& keys) const;
  // A finite number (an integer or a float) within `bound`; an integer beyond 64 bits or a float
  // beyond a double's range (toml11 would give the nearest end of the range, or 0) is refused.
  double number(const TomlValue& v, const std::string& key, Bound bound = Bound::Any) const;
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

}  // namespace galaxy::io
