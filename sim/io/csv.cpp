// SPDX-License-Identifier: MIT
#include "csv.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "atomic_file.hpp"
#include "binary.hpp"
#include "csv_columns.hpp"
#include "tipsy.hpp"  // warn_implausible

namespace galaxy::io {

namespace {

constexpr const char* kHeader = "x,y,z,vx,vy,vz,m,ax,ay,az,pot,population,galaxy";
// A population's name in a file, by its Population value: written, and read besides 0-3.
constexpr std::string_view kPopulations[] = {"star", "disk", "bulge", "halo"};
constexpr std::size_t kChunk = std::size_t(1) << 20;    // bytes read at a time
constexpr std::size_t kMaxLine = std::size_t(1) << 20;  // a longer line is not a CSV row
constexpr std::size_t kSaveBlock = 1 << 14;             // rows formatted at a time

// Lines ending in LF, CRLF or a lone CR (old Mac files), read in chunks of kChunk bytes; a line
// is a view into the buffer, valid until the next call. Reports the bytes read to `meter`.
class Lines {
 public:
  Lines(std::istream& in, ProgressMeter& meter) : in_(in), meter_(meter), buf_(2 * kChunk) {}
  bool next(std::string_view& line) {
    for (;;) {
      if (after_cr_) {  // CR LF is one line end
        if (begin_ == end_ && !eof_) {
          fill();
          continue;
        }
        if (begin_ < end_ && buf_[begin_] == '\n') ++begin_;
        after_cr_ = false;
      }
      for (std::size_t k = begin_; k < end_; ++k) {
        if (buf_[k] != '\n' && buf_[k] != '\r') continue;
        line = std::string_view(buf_.data() + begin_, k - begin_);
        after_cr_ = buf_[k] == '\r';
        begin_ = k + 1;
        ++number_;
        return true;
      }
      if (eof_) {
        if (begin_ == end_) return false;
        line = std::string_view(buf_.data() + begin_, end_ - begin_);
        begin_ = end_;
        ++number_;
        return true;
      }
      if (end_ - begin_ >= kMaxLine) {
        throw std::runtime_error(fmt::format("line {} is longer than {} bytes: not a CSV row",
                                             number_ + 1, kMaxLine));
      }
      fill();
    }
  }
  std::size_t number() const { return number_; }

 private:
  // The unread tail (shorter than kMaxLine) to the front, and up to kChunk more bytes after it.
  void fill() {
    const std::size_t tail = end_ - begin_;
    std::copy(buf_.begin() + begin_, buf_.begin() + end_, buf_.begin());
    begin_ = 0;
    in_.read(buf_.data() + tail, static_cast<std::streamsize>(kChunk));
    const auto got = static_cast<std::size_t>(in_.gcount());
    end_ = tail + got;
    meter_.advance(got);
    if (got == 0) eof_ = true;
  }

  std::istream& in_;
  ProgressMeter& meter_;
  std::vector<char> buf_;
  std::size_t begin_ = 0, end_ = 0, number_ = 0;
  bool eof_ = false, after_cr_ = false;
};

bool is_comment_or_blank(std::string_view line) {
  const std::string_view t = csv_trim(line);
  return t.empty() || t.front() == '#';
}

// One row's values, parsed by the column's field; throws the problem (the caller adds where).
struct RowValues {
  std::array<float, 11> f{};  // x y z vx vy vz m ax ay az pot
  std::uint8_t population = static_cast<std::uint8_t>(Population::Star);
  std::uint8_t galaxy = 0;
};

float parse_float(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  float v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range) {
    throw std::runtime_error("'" + std::string(s) + "' is beyond the float range (about 3.4e38), "
                             "or too small to be told from zero");
  }
  if (ec != std::errc() || end != s.data() + s.size()) {
    throw std::runtime_error("'" + std::string(s.substr(0, 40)) + "' is not a number");
  }
  if (!std::isfinite(v)) throw std::runtime_error("'" + std::string(s) + "' is not finite");
  return v;
}

// A whole number in [0, most], or for the population one of its names.
std::uint8_t parse_tag(std::string_view s, int most, bool population) {
  if (population) {
    for (int k = 0; k < 4; ++k) {
      if (s.size() == kPopulations[k].size() &&
          std::equal(s.begin(), s.end(), kPopulations[k].begin(),
                     [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; })) {
        return static_cast<std::uint8_t>(k);
      }
    }
  }
  int v = -1;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0 || v > most) {
    throw std::runtime_error("'" + std::string(s.substr(0, 40)) + "' is not " +
                             (population ? "a population (0-3, or star, disk, bulge, halo)"
                                         : "a galaxy number (0-" + std::to_string(most) + ")"));
  }
  return static_cast<std::uint8_t>(v);
}

void parse_value(std::string_view s, CsvField field, RowValues& row) {
  switch (field) {
    case CsvField::Ignored: return;
    case CsvField::Population: row.population = parse_tag(s, 3, true); return;
    case CsvField::Galaxy: row.galaxy = parse_tag(s, kMaxGalaxies - 1, false); return;
    case CsvField::Id: parse_float(s); return;  // a number, not kept
    default: break;
  }
  const float v = parse_float(s);
  if (field == CsvField::M && v < 0) throw std::runtime_error("a mass is negative");
  row.f[static_cast<std::size_t>(field)] = v;
}

void append_row(HostBodies& b, const RowValues& r) {
  std::vector<float>* floats[] = {&b.x,  &b.y,  &b.z,  &b.vx, &b.vy, &b.vz,
                                  &b.m,  &b.ax, &b.ay, &b.az, &b.pot};
  for (std::size_t k = 0; k < 11; ++k) floats[k]->push_back(r.f[k]);
  b.population.push_back(r.population);
  b.galaxy.push_back(r.galaxy);
}

// Parses `line` against `columns` into `row`; throws naming the line and the column.
void parse_row(std::string_view line, std::size_t lineno, const std::vector<CsvColumn>& columns,
               RowValues& row) {
  row = RowValues{};
  std::size_t start = 0;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const auto where = [&] {
      return fmt::format("line {}, column {} ({})", lineno, c + 1, columns[c].name);
    };
    if (start > line.size()) {
      throw std::runtime_error(fmt::format("{}: missing value (the row has {} values, the header "
                                           "{} columns)", where(), c, columns.size()));
    }
    const std::size_t comma = line.find(',', start);
    const std::string_view value = csv_trim(line.substr(start, comma - start));
    start = comma == std::string_view::npos ? line.size() + 1 : comma + 1;
    if (columns[c].field == CsvField::Ignored) continue;
    if (value.empty()) throw std::runtime_error(where() + ": empty value");
    try {
      parse_value(value, columns[c].field, row);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(where() + ": " + e.what());
    }
  }
  if (start <= line.size()) {
    throw std::runtime_error(fmt::format("line {}: more values than the header's {} columns",
                                         lineno, columns.size()));
  }
}

std::string ignored_warning(const std::vector<CsvColumn>& columns,
                            const std::filesystem::path& path) {
  std::string names;
  for (const CsvColumn& c : columns) {
    if (c.field == CsvField::Ignored) names += (names.empty() ? "'" : ", '") + c.name + "'";
  }
  return names.empty() ? names : path.string() + ": ignored the columns " + names;
}

}  // namespace

void save_csv(const std::filesystem::path& path, const HostBodies& b, const Progress& progress) {
  validate_named(b, path);  // never a NaN row, which a load would refuse
  // The file's size is known only at the end: the meter's total is estimated from the first
  // block's rows, and the rows written count for their share of it.
  std::optional<ProgressMeter> meter;
  std::uint64_t estimate = 0;
  atomic_write(path, [&](std::ostream& out) {
    out << kHeader << '\n';
    fmt::memory_buffer text;
    for (std::size_t begin = 0; begin < b.size(); begin += kSaveBlock) {
      const std::size_t end = std::min(b.size(), begin + kSaveBlock);
      text.clear();
      for (std::size_t i = begin; i < end; ++i) {
        // 9 significant digits: a float read back is the float written.
        fmt::format_to(std::back_inserter(text),
                       "{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},"
                       "{:.9g},{},{}\n",
                       b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i], b.m[i], b.ax[i],
                       b.ay[i], b.az[i], b.pot[i], kPopulations[b.population[i] & 3],
                       int(b.galaxy[i]));
      }
      out.write(text.data(), static_cast<std::streamsize>(text.size()));
      if (!meter) {
        estimate = std::strlen(kHeader) + 1 + text.size() * b.size() / (end - begin);
        meter.emplace(progress, estimate);
      }
      meter->at(estimate * end / b.size());
    }
  });
  if (meter) meter->finish();
}

Snapshot load_csv(const std::filesystem::path& path, const Progress& progress) {
  RegularFile in(path);
  ProgressMeter meter(progress, in.size());
  Lines lines(in, meter);
  std::string_view line;
  Snapshot s;
  try {
    bool header = false;
    std::vector<CsvColumn> columns;
    RowValues row;
    while (lines.next(line)) {
      // A UTF-8 byte-order mark, as spreadsheet programs write it, is skipped.
      if (lines.number() == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
      if (is_comment_or_blank(line)) continue;
      if (!header) {
        try {
          columns = parse_csv_header(line);
        } catch (const std::runtime_error& e) {
          throw std::runtime_error(fmt::format("line {}: {}", lines.number(), e.what()));
        }
        header = true;
        continue;
      }
      parse_row(line, lines.number(), columns, row);
      append_row(s.bodies, row);
    }
    if (!header) {
      throw std::runtime_error(std::string("the file is empty (expected a header such as '") +
                               kHeader + "')");
    }
    if (std::string w = ignored_warning(columns, path); !w.empty()) s.warnings.push_back(w);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
  reject_empty(s.bodies.size(), path);
  validate_named(s.bodies, path);
  warn_implausible(s, path);  // zero masses and far values, as Tipsy and HDF5 say
  meter.finish();
  return s;
}

}  // namespace galaxy::io
