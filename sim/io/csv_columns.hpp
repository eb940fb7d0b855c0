// SPDX-License-Identifier: MIT
// The columns a CSV snapshot may have, found by name in its header: each body field has a name
// and aliases (x, pos_x, px, ...), matched ignoring case, surrounding spaces and quotes. Required:
// positions, velocities, mass. Optional: accelerations and potential (zero: the run computes them
// when it starts), population and galaxy tags (default: star of galaxy 0), and ids (recognised
// and checked as numbers; bodies keep the file's row order). Other columns are ignored, with a
// warning naming them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace galaxy::io {

enum class CsvField {
  X, Y, Z, Vx, Vy, Vz, M,  // required
  Ax, Ay, Az, Pot,         // optional, zero when missing
  Population, Galaxy,      // optional tags
  Id,                      // optional, read and checked, not kept
  Ignored,                 // a column no field is called
};
inline constexpr int kCsvFields = static_cast<int>(CsvField::Ignored);
inline constexpr int kCsvRequired = static_cast<int>(CsvField::M) + 1;

struct CsvColumn {
  CsvField field = CsvField::Ignored;
  std::string name;  // as the header spells it, trimmed
};

// The field's first name (what save_csv writes, and messages use).
std::string_view csv_field_name(CsvField f);
// Every name the field answers to, comma-separated, for the manual and messages.
std::string csv_field_names(CsvField f);
// `text` without surrounding spaces, tabs and one pair of double quotes.
std::string_view csv_trim(std::string_view text);

// The header line's columns, or std::runtime_error (without the file's name: the caller adds it
// with the line number) for a required field missing, a field named twice, or a header that is
// all numbers (a file without one).
std::vector<CsvColumn> parse_csv_header(std::string_view line);

}  // namespace galaxy::io
