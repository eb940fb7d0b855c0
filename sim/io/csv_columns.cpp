// SPDX-License-Identifier: MIT
#include "csv_columns.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace galaxy::io {

namespace {

// Each field's names, lower case, the first the one galaxy writes. Common spellings of other
// tools: pynbody and yt (pos_x, vel_x), SPH codes (px, vx), GADGET-style (Coordinates_x).
constexpr std::array<std::array<std::string_view, 8>, kCsvFields> kNames{{
    {"x", "pos_x", "px", "posx", "position_x", "coordinates_x", "x_pos"},
    {"y", "pos_y", "py", "posy", "position_y", "coordinates_y", "y_pos"},
    {"z", "pos_z", "pz", "posz", "position_z", "coordinates_z", "z_pos"},
    {"vx", "vel_x", "v_x", "velx", "velocity_x", "velocities_x", "x_vel"},
    {"vy", "vel_y", "v_y", "vely", "velocity_y", "velocities_y", "y_vel"},
    {"vz", "vel_z", "v_z", "velz", "velocity_z", "velocities_z", "z_vel"},
    {"m", "mass", "masses"},
    {"ax", "acc_x", "a_x", "accx", "acceleration_x"},
    {"ay", "acc_y", "a_y", "accy", "acceleration_y"},
    {"az", "acc_z", "a_z", "accz", "acceleration_z"},
    {"pot", "phi", "potential"},
    {"population", "pop", "component"},
    {"galaxy", "gal", "galaxy_id"},
    {"id", "ids", "pid", "particle_id", "particleids", "iord"},
}};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

CsvField field_called(std::string_view name) {
  const std::string n = lower(name);
  for (int f = 0; f < kCsvFields; ++f) {
    for (std::string_view alias : kNames[f]) {
      if (!alias.empty() && alias == n) return static_cast<CsvField>(f);
    }
  }
  return CsvField::Ignored;
}

bool looks_numeric(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  float v;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

// What a header line starts with, printable: for a message about a file that is not one.
std::string shown(std::string_view line) {
  std::string got(line.substr(0, 40));
  for (char& ch : got) {
    if (static_cast<unsigned char>(ch) < 32 || static_cast<unsigned char>(ch) > 126) ch = '?';
  }
  return got;
}

}  // namespace

std::string_view csv_field_name(CsvField f) {
  return f == CsvField::Ignored ? std::string_view("(ignored)") : kNames[static_cast<int>(f)][0];
}

std::string csv_field_names(CsvField f) {
  std::string out;
  if (f == CsvField::Ignored) return out;
  for (std::string_view alias : kNames[static_cast<int>(f)]) {
    if (alias.empty()) break;
    if (!out.empty()) out += ", ";
    out += alias;
  }
  return out;
}

std::string_view csv_trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return s;
}

std::vector<CsvColumn> parse_csv_header(std::string_view line) {
  std::vector<CsvColumn> columns;
  std::array<int, kCsvFields> where{};
  where.fill(-1);
  bool all_numbers = true;
  for (std::size_t start = 0;;) {
    const std::size_t comma = line.find(',', start);
    const std::string_view name = csv_trim(line.substr(start, comma - start));
    all_numbers = all_numbers && looks_numeric(name);
    CsvColumn c{field_called(name), std::string(name)};
    if (c.field != CsvField::Ignored) {
      int& at = where[static_cast<int>(c.field)];
      if (at >= 0) {
        throw std::runtime_error("columns " + std::to_string(at + 1) + " ('" +
                                 columns[at].name + "') and " +
                                 std::to_string(columns.size() + 1) + " ('" + c.name +
                                 "') both name the field " +
                                 std::string(csv_field_name(c.field)));
      }
      at = static_cast<int>(columns.size());
    }
    columns.push_back(std::move(c));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (all_numbers) {
    throw std::runtime_error("expected the header naming the columns (x,y,z,vx,vy,vz,m, in any "
                             "order), found numbers: '" + shown(line) + "'");
  }
  std::string missing;
  for (int f = 0; f < kCsvRequired; ++f) {
    if (where[f] >= 0) continue;
    missing += (missing.empty() ? "" : "; ") + std::string(csv_field_name(CsvField(f))) +
               " (or " + csv_field_names(CsvField(f)).substr(csv_field_name(CsvField(f)).size() +
                                                            2) + ")";
  }
  if (!missing.empty()) {
    throw std::runtime_error("expected the header to name x,y,z,vx,vy,vz,m in any order; found '" +
                             shown(line) + "', without the column " + missing);
  }
  return columns;
}

}  // namespace galaxy::io
