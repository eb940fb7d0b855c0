// SPDX-License-Identifier: MIT
#include "io/toml_reader.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace galaxy::io {

TomlValue parse_toml(const std::string& file) {
  try {
    return toml::parse<toml::discard_comments, std::map, std::vector>(file);
  } catch (const toml::syntax_error& e) {
    throw std::runtime_error(file + ": not valid TOML:\n" + e.what());
  } catch (const std::runtime_error& e) {  // toml11 could not open or read it
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
    x = double(v.as_integer());
  } else if (v.is_floating()) {
    x = v.as_floating();
  } else {
    fail(v, key, "must be a number");
  }
  if (!std::isfinite(x)) fail(v, key, "must be finite");
  if (bound == Bound::Positive && !(x > 0)) fail(v, key, "must be above 0");
  if (bound == Bound::NonNegative && !(x >= 0)) fail(v, key, "must be 0 or more");
  return x;
}

}  // namespace galaxy::io
