// SPDX-License-Identifier: MIT
#include "csv.hpp"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <stdexcept>
#include <string>

#include "atomic_file.hpp"
#include "binary.hpp"

namespace galaxy::io {

namespace {
constexpr const char* kHeader = "x,y,z,vx,vy,vz,m,ax,ay,az";
}

void save_csv(const std::filesystem::path& path, const HostBodies& b) {
  validate_named(b, path);  // never a NaN row, which a load would refuse
  atomic_write(path, [&](std::ostream& out) {
    out << kHeader << '\n';
    fmt::memory_buffer line;
    for (std::size_t i = 0; i < b.size(); ++i) {
      line.clear();
      // 9 significant digits: a float read back is the float written.
      fmt::format_to(std::back_inserter(line), "{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g}\n",
                     b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i], b.m[i], b.ax[i], b.ay[i],
                     b.az[i]);
      out.write(line.data(), static_cast<std::streamsize>(line.size()));
    }
  });
}

// Lines ending in LF, CRLF or a lone CR (old Mac files, which getline would read as one line
// and lose every body of): getline splits at LF, and each piece is split again at CR.
class LineReader {
 public:
  explicit LineReader(std::istream& in) : in_(in) {}
  bool next(std::string& line) {
    for (;;) {
      if (have_) {
        const std::size_t cr = buf_.find('\r', pos_);
        if (cr == std::string::npos) {
          line.assign(buf_, pos_, std::string::npos);
          have_ = false;
          return true;
        }
        line.assign(buf_, pos_, cr - pos_);
        pos_ = cr + 1;
        have_ = pos_ < buf_.size();  // "...\r" ends the piece: CRLF
        return true;
      }
      if (!std::getline(in_, buf_)) return false;
      pos_ = 0;
      have_ = true;
    }
  }

 private:
  std::istream& in_;
  std::string buf_;
  std::size_t pos_ = 0;
  bool have_ = false;
};

HostBodies load_csv(const std::filesystem::path& path) {
  require_regular_file(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot open the file");
  std::string line;
  LineReader lines(in);
  if (!lines.next(line)) {
    throw std::runtime_error(path.string() + ": the file is empty (expected the header '" +
                             std::string(kHeader) + "')");
  }
  // A UTF-8 byte-order mark, as spreadsheet programs write it, is skipped.
  if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
  if (line.rfind(kHeader, 0) != 0) {
    std::string got = line.substr(0, 40);
    for (char& ch : got) {
      if (static_cast<unsigned char>(ch) < 32 || static_cast<unsigned char>(ch) > 126) ch = '?';
    }
    throw std::runtime_error(path.string() + ": line 1: expected the header '" +
                             std::string(kHeader) + "', found '" + got + "'");
  }
  HostBodies b;
  std::size_t lineno = 1;
  while (lines.next(line)) {
    ++lineno;
    if (line.empty()) continue;
    float v[10];
    const char* p = line.data();
    const char* end = line.data() + line.size();
    for (int k = 0; k < 10; ++k) {
      auto [next, ec] = std::from_chars(p, end, v[k]);
      if (ec == std::errc::result_out_of_range) {
        throw std::runtime_error(path.string() + ": line " + std::to_string(lineno) + ": column " +
                                 std::to_string(k + 1) + " is beyond the float range (about " +
                                 "3.4e38), or too small to be told from zero");
      }
      if (ec != std::errc()) {
        throw std::runtime_error(path.string() + ": line " + std::to_string(lineno) + ": column " +
                                 std::to_string(k + 1) + " is not a number");
      }
      p = next;
      if (k < 9) {
        if (p == end || *p != ',') {
          throw std::runtime_error(path.string() + ": line " + std::to_string(lineno) +
                                   ": expected 10 comma-separated values");
        }
        ++p;
      }
    }
    if (p != end) {
      throw std::runtime_error(path.string() + ": line " + std::to_string(lineno) +
                               ": extra values after column 10");
    }
    const std::size_t i = b.size();
    b.resize(i + 1);
    b.x[i] = v[0]; b.y[i] = v[1]; b.z[i] = v[2];
    b.vx[i] = v[3]; b.vy[i] = v[4]; b.vz[i] = v[5];
    b.m[i] = v[6];
    b.ax[i] = v[7]; b.ay[i] = v[8]; b.az[i] = v[9];
  }
  reject_empty(b.size(), path);
  validate_named(b, path);
  return b;
}

}  // namespace galaxy::io
