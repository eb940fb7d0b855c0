// SPDX-License-Identifier: MIT
#include "tipsy.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "atomic_file.hpp"
#include "binary.hpp"

namespace galaxy::io {

namespace {

constexpr std::size_t kGasFloats = 12, kDarkFloats = 9, kStarFloats = 11;
constexpr std::size_t kHeaderBytes = 32, kUnpaddedHeaderBytes = 28;
// Values beyond this in a Tipsy file are more likely a unit or byte-order mistake than a galaxy.
constexpr float kPlausible = 1e10f;

struct Header {
  double time;
  std::int32_t nbodies, ndim, nsph, ndark, nstar;
  std::uint64_t body_bytes() const {
    return 4 * (kGasFloats * std::uint64_t(nsph) + kDarkFloats * std::uint64_t(ndark) +
                kStarFloats * std::uint64_t(nstar));
  }
};

// The header read in byte order `order`, if it makes sense in that order.
std::optional<Header> parse_header(const unsigned char* p, std::endian order) {
  Header h;
  h.time = get<double>(p, order);
  h.nbodies = get<std::int32_t>(p, order);
  h.ndim = get<std::int32_t>(p, order);
  h.nsph = get<std::int32_t>(p, order);
  h.ndark = get<std::int32_t>(p, order);
  h.nstar = get<std::int32_t>(p, order);
  const bool ok = h.ndim == 3 && h.nsph >= 0 && h.ndark >= 0 && h.nstar >= 0 &&
                  std::int64_t(h.nsph) + h.ndark + h.nstar == h.nbodies;
  return ok ? std::optional<Header>(h) : std::nullopt;
}

float star_tag(std::uint8_t population, std::uint8_t galaxy) {
  return -1.0f - static_cast<float>(population | (galaxy << 2));
}

// The tag in a star's metals field, if it is one of ours.
std::optional<std::uint8_t> decode_star_tag(float metals) {
  const float k = -1.0f - metals;
  if (!(k >= 0.0f && k <= 7.0f) || k != std::floor(k)) return std::nullopt;
  return static_cast<std::uint8_t>(k);
}

// Streams records of `floats` values through a buffer of whole records.
class RecordReader {
 public:
  RecordReader(std::istream& in, const std::filesystem::path& path, std::endian order,
               ProgressMeter& meter)
      : in_(in), path_(path), order_(order), meter_(meter) {}
  template <class Fn>
  void read(std::size_t count, std::size_t floats, Fn&& fn) {
    constexpr std::size_t kBlock = 4096;
    std::vector<float> buf;
    for (std::size_t i = 0; i < count; i += kBlock) {
      const std::size_t len = std::min(kBlock, count - i);
      buf.resize(len * floats);
      read_exact(in_, buf.data(), buf.size() * sizeof(float), path_, "particle records");
      meter_.advance(buf.size() * sizeof(float));
      for (float& f : buf) f = in_order(f, order_);
      for (std::size_t k = 0; k < len; ++k) fn(&buf[k * floats]);
    }
  }

 private:
  std::istream& in_;
  const std::filesystem::path& path_;
  std::endian order_;
  ProgressMeter& meter_;
};

// The header and the layout it implies, checked against the file's size: the counts must agree
// with the size before anything is allocated (a corrupt header could otherwise ask for more
// memory than the machine has).
struct Layout {
  Header h;
  std::endian order;
  std::size_t header_bytes;
  std::int32_t pad;  // the padded header's pad word (0 without one)
};

Layout read_layout(std::istream& in, std::uintmax_t size, const std::filesystem::path& path) {
  const std::string name = path.string();
  if (size < kUnpaddedHeaderBytes) {
    throw std::runtime_error(name + ": truncated: " + std::to_string(size) +
                             " bytes, shorter than a Tipsy header (28 or 32 bytes)");
  }
  unsigned char raw[kHeaderBytes] = {};
  read_exact(in, raw, std::min<std::uintmax_t>(size, kHeaderBytes), path, "header");
  std::endian order = std::endian::big;
  std::optional<Header> h = parse_header(raw, order);
  if (!h) h = parse_header(raw, order = std::endian::little);
  if (!h) {
    throw std::runtime_error(name +
                             ": not a Tipsy file: in neither byte order is ndim 3 with "
                             "gas, dark and star counts that sum to nbodies");
  }
  // The layout is read from the content where it can be, the size checks it: bytes 28..31 are
  // the padded header's pad word or, unpadded, the first record's mass. A pad word of galaxy's
  // own (0, or a count of dark records: below 2^23) is not the bits of a normal positive float,
  // so such a file is padded whatever its size: four bytes short is truncated, never re-read
  // shifted. A foreign pad word may be anything; there the size decides, as before.
  const std::size_t padded = kHeaderBytes + h->body_bytes();
  const std::size_t unpadded = kUnpaddedHeaderBytes + h->body_bytes();
  std::size_t header_bytes = size == unpadded ? kUnpaddedHeaderBytes : kHeaderBytes;
  if (size >= kHeaderBytes) {
    const unsigned char* p = raw + kUnpaddedHeaderBytes;
    const std::int32_t word = get<std::int32_t>(p, order);
    if (word >= 0 && word < (1 << 23)) header_bytes = kHeaderBytes;
  }
  const std::size_t expected = header_bytes == kHeaderBytes ? padded : unpadded;
  if (size != expected) {
    throw std::runtime_error(
        name + ": the header's body count " + std::to_string(h->nbodies) + " (" +
        std::to_string(h->nsph) + " gas, " + std::to_string(h->ndark) + " dark, " +
        std::to_string(h->nstar) + " star) disagrees with the file size (" +
        std::to_string(expected) + " bytes expected with its " + std::to_string(header_bytes) +
        "-byte header, the file has " + std::to_string(size) +
        (size < expected ? "; truncated?)" : ")"));
  }
  std::int32_t pad = 0;
  if (header_bytes == kHeaderBytes) {
    const unsigned char* p = raw + kUnpaddedHeaderBytes;
    pad = get<std::int32_t>(p, order);
  }
  return {*h, order, header_bytes, pad};
}

}  // namespace

void save_tipsy(const std::filesystem::path& path, const Snapshot& s, std::endian order,
                const Progress& progress) {
  const HostBodies& b = s.bodies;
  validate_named(b, path);
  if (b.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    throw std::runtime_error(path.string() + ": Tipsy holds at most 2^31 - 1 bodies, not " +
                             std::to_string(b.size()));
  }
  const float eps = s.params.value_or(SimParams{}).softening;
  // The records in three passes over the bodies (dark of galaxy 0, dark of the others, stars),
  // a block at a time: no list of indices, no copy of the file in memory.
  enum class Kind { Dark0, Dark1, Star };
  const auto kind = [&](std::size_t i) {
    if (b.population[i] != static_cast<std::uint8_t>(Population::Halo)) return Kind::Star;
    return b.galaxy[i] ? Kind::Dark1 : Kind::Dark0;
  };
  std::size_t count[3] = {};
  for (std::size_t i = 0; i < b.size(); ++i) ++count[static_cast<int>(kind(i))];
  const std::size_t dark = count[0] + count[1], star = count[2];
  ProgressMeter meter(progress, kHeaderBytes + 4 * (kDarkFloats * dark + kStarFloats * star));
  atomic_write(path, [&](std::ostream& out) {
    unsigned char h[kHeaderBytes];
    unsigned char* q = put<double>(h, s.time, order);
    for (std::size_t v : {b.size(), std::size_t{3}, std::size_t{0}, dark, star, count[1]}) {
      q = put<std::int32_t>(q, static_cast<std::int32_t>(v), order);
    }
    out.write(reinterpret_cast<const char*>(h), sizeof h);
    meter.advance(sizeof h);
    constexpr std::size_t kBlock = 4096;
    std::vector<unsigned char> buf(kBlock * kStarFloats * 4);
    auto write_records = [&](Kind which) {
      const bool is_star = which == Kind::Star;
      unsigned char* p = buf.data();
      const auto flush = [&] {
        const auto bytes = static_cast<std::size_t>(p - buf.data());
        out.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(bytes));
        meter.advance(bytes);
        p = buf.data();
      };
      for (std::size_t i = 0, in_block = 0; i < b.size(); ++i) {
        if (kind(i) != which) continue;
        for (float v : {b.m[i], b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i]}) {
          p = put(p, v, order);
        }
        if (is_star) {
          p = put(p, star_tag(b.population[i], b.galaxy[i]), order);
          p = put(p, 0.0f, order);  // tform: present from the start
        }
        p = put(p, eps, order);
        p = put(p, b.pot[i], order);
        if (++in_block == kBlock) {
          flush();
          in_block = 0;
        }
      }
      flush();
    };
    write_records(Kind::Dark0);
    write_records(Kind::Dark1);
    write_records(Kind::Star);
  });
  meter.finish();
}

std::optional<std::uint64_t> tipsy_body_count(const std::filesystem::path& path) {
  try {
    RegularFile in(path);
    return static_cast<std::uint64_t>(
        read_layout(in, in.size(), path).h.nbodies);
  } catch (const std::exception&) {
    return std::nullopt;  // the load says what is wrong
  }
}

Snapshot load_tipsy(const std::filesystem::path& path, const Progress& progress) {
  const std::string name = path.string();
  RegularFile in(path);
  const std::uintmax_t size = in.size();
  ProgressMeter meter(progress, size);
  const Layout layout = read_layout(in, size, path);
  const Header* h = &layout.h;
  const std::endian order = layout.order;
  const std::size_t header_bytes = layout.header_bytes;
  const std::int32_t pad = layout.pad;
  in.seekg(static_cast<std::streamoff>(header_bytes));
  meter.advance(header_bytes);
  if (!std::isfinite(h->time)) throw std::runtime_error(name + ": the time is not finite");
  reject_empty(static_cast<std::size_t>(h->nbodies), path);

  Snapshot s;
  s.time = h->time;
  s.bodies = allocate_bodies(static_cast<std::size_t>(h->nbodies), path);
  HostBodies& b = s.bodies;
  std::size_t i = 0;
  auto common = [&](const float* r, Population pop, float phi) {
    b.m[i] = r[0];
    b.x[i] = r[1];
    b.y[i] = r[2];
    b.z[i] = r[3];
    b.vx[i] = r[4];
    b.vy[i] = r[5];
    b.vz[i] = r[6];
    b.pot[i] = phi;
    b.population[i] = static_cast<std::uint8_t>(pop);
    ++i;
  };
  RecordReader reader(in, path, order, meter);
  reader.read(h->nsph, kGasFloats, [&](const float* r) { common(r, Population::Disk, r[11]); });
  const std::size_t first_dark = i;
  reader.read(h->ndark, kDarkFloats, [&](const float* r) { common(r, Population::Halo, r[8]); });
  bool all_ours = true;
  reader.read(h->nstar, kStarFloats, [&](const float* r) {
    const std::optional<std::uint8_t> tag = decode_star_tag(r[7]);
    all_ours = all_ours && tag;
    const std::uint8_t t = tag.value_or(0);
    b.galaxy[i] = t >> 2;
    common(r, static_cast<Population>(t & 3), r[10]);
  });
  // Our writer puts the dark records of galaxy 1 last and counts them in the pad word.
  if (all_ours && pad > 0 && pad <= h->ndark) {
    std::fill_n(b.galaxy.begin() + first_dark + (h->ndark - pad), pad, std::uint8_t{1});
  }
  validate_named(b, path);
  warn_implausible(s, path);
  meter.finish();
  return s;
}

void warn_implausible(Snapshot& s, const std::filesystem::path& path) {
  const HostBodies& b = s.bodies;
  std::size_t far = 0, massless = 0, first_far = 0, first_massless = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const bool out = std::fabs(b.x[i]) > kPlausible || std::fabs(b.y[i]) > kPlausible ||
                     std::fabs(b.z[i]) > kPlausible || std::fabs(b.vx[i]) > kPlausible ||
                     std::fabs(b.vy[i]) > kPlausible || std::fabs(b.vz[i]) > kPlausible ||
                     b.m[i] > kPlausible;
    if (out && far++ == 0) first_far = i;
    if (!(b.m[i] > 0.0f) && massless++ == 0) first_massless = i;
  }
  if (far) {
    s.warnings.push_back(path.string() + ": " + std::to_string(far) + " bodies (the first: body " +
                         std::to_string(first_far) +
                         ") have a position, velocity or mass beyond 1e10; are the units or the "
                         "byte order right?");
  }
  if (massless) {
    s.warnings.push_back(path.string() + ": " + std::to_string(massless) +
                         " bodies (the first: body " + std::to_string(first_massless) +
                         ") have zero mass; they feel gravity but exert none");
  }
}

}  // namespace galaxy::io
