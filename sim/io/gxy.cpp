// SPDX-License-Identifier: MIT
#include "gxy.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "atomic_file.hpp"
#include "binary.hpp"

namespace galaxy::io {

namespace {

// The header of each version: 64 bytes in version 1, 80 in version 2 (the units appended). The
// first 16 bytes (magic, version, header size) are the same in every version.
constexpr std::size_t kHeaderV1 = 64, kHeaderBytes = 80, kPrefixBytes = 16;
constexpr std::size_t kUnitsAt = 64;  // f64 length in kpc, then f64 mass in solar masses
constexpr std::size_t kBytesPerBody = 11 * sizeof(float) + 2;
constexpr std::endian kOrder = std::endian::little;
// The most steps a file may say were taken: 2^53, counted exactly as a double too, and a run
// could take steps for ages without reaching 2^64 from it (a step takes at least microseconds).
constexpr std::uint64_t kMaxStepCount = std::uint64_t(1) << 53;

// The arrays are for_each_array's (bodies.hpp), in its order: 11 float arrays x ... pot, then the
// two tag byte arrays population and galaxy.
constexpr std::uint64_t kFloatArrayCount = 11;

// zlib's crc32_z(c, NULL, 0) returns 0, not c: an empty array's null data() would drop
// everything before it (with n = 0, the header) from the checksum.
std::uint32_t crc(std::uint32_t c, const void* p, std::size_t n) {
  if (n == 0) return c;
  return static_cast<std::uint32_t>(crc32_z(c, static_cast<const Bytef*>(p), n));
}

// Floats in little-endian order, converted in blocks so that a big-endian host needs no copy of
// the whole array.
template <class Fn>
void for_each_block(std::size_t n, Fn&& fn) {
  constexpr std::size_t kBlock = 1 << 14;
  for (std::size_t i = 0; i < n; i += kBlock) fn(i, std::min(kBlock, n - i));
}

// The parameters at the offsets their table rows give (sim/params.hpp): f32 or u8; byte 59 is 1
// where the fields added after version 1's first files (flagged) are recorded.
constexpr std::size_t kParamsRecorded = 59;

void write_params(unsigned char* h, const SimParams& p) {
  for (const ParamInfo& info : sim_params()) {
    unsigned char* at = h + info.gxy.offset;
    if (info.gxy.u8) {
      *at = static_cast<unsigned char>(get(p, info));
    } else {
      put<float>(at, static_cast<float>(get(p, info)), kOrder);
    }
  }
  h[kParamsRecorded] = 1;
}

// A file from before the flagged fields keeps their defaults.
SimParams read_params(const unsigned char* h) {
  SimParams p;
  for (const ParamInfo& info : sim_params()) {
    if (info.gxy.flagged && h[kParamsRecorded] != 1) continue;
    const unsigned char* at = h + info.gxy.offset;
    const double v = info.gxy.u8 ? double(*at) : double(get<float>(at, kOrder));
    if (info.gxy.zero_is_default && v == 0) continue;  // a file from before the field
    set(p, info, v);
  }
  return p;
}

// The header size of `version`; 0 for a version this build does not read.
std::size_t header_bytes_of(std::uint32_t version) {
  return version == 1 ? kHeaderV1 : version == kGxyVersion ? kHeaderBytes : 0;
}

void write_units(unsigned char* h, const Units& u) {
  put<double>(put<double>(h + kUnitsAt, u.length_kpc, kOrder), u.mass_msun, kOrder);
}

Units read_units(const unsigned char* h) {
  const unsigned char* q = h + kUnitsAt;
  Units u;
  u.length_kpc = get<double>(q, kOrder);
  u.mass_msun = get<double>(q, kOrder);
  return u;
}

// Units a file may hold: finite and not negative (0 for none). Throws naming the file otherwise;
// a save checks them too, so that it never writes what a load refuses.
void check_units(const Units& u, const std::filesystem::path& path) {
  const auto ok = [](double v) { return std::isfinite(v) && v >= 0; };
  if (!ok(u.length_kpc) || !ok(u.mass_msun)) {
    throw std::runtime_error(fmt::format(
        "{}: invalid units: a length unit of {} kpc and a mass unit of {} solar masses (each must "
        "be finite and >= 0; 0 for none)",
        path.string(), u.length_kpc, u.mass_msun));
  }
  if (const std::string why = units_problem(u); !why.empty()) {
    throw std::runtime_error(path.string() + ": invalid units: " + why);
  }
}

// Reads the header into `h` (kHeaderBytes long): magic, a version this build reads and that
// version's header size, all checked. Returns the header size.
std::size_t read_header(std::istream& in, unsigned char* h, std::uintmax_t size,
                        const std::filesystem::path& path) {
  const std::string name = path.string();
  if (size < kHeaderV1 + 4) {
    throw std::runtime_error(name + ": truncated: " + std::to_string(size) +
                             " bytes, less than the 64-byte header and the checksum");
  }
  read_exact(in, h, kPrefixBytes, path, "header");
  if (!std::equal(kGxyMagic.begin(), kGxyMagic.end(), h)) {
    throw std::runtime_error(name + ": not a galaxy snapshot (wrong magic number)");
  }
  const unsigned char* q = h + 8;
  const auto version = get<std::uint32_t>(q, kOrder);
  const auto header_bytes = get<std::uint32_t>(q, kOrder);
  const std::size_t expected = header_bytes_of(version);
  if (expected == 0) {
    throw std::runtime_error(fmt::format(
        "{}: unsupported .gxy version {} (this build reads versions 1 and {})", name, version,
        kGxyVersion));
  }
  if (header_bytes != expected) {
    throw std::runtime_error(fmt::format("{}: corrupt header: header size {}, version {} has {}",
                                         name, header_bytes, version, expected));
  }
  if (size < expected + 4) {
    throw std::runtime_error(fmt::format(
        "{}: truncated: {} bytes, less than version {}'s {}-byte header and the checksum", name,
        size, version, expected));
  }
  read_exact(in, h + kPrefixBytes, expected - kPrefixBytes, path, "header");
  return expected;
}

// The body count must agree with the file size before anything is allocated, so that a corrupt
// or hostile header cannot ask for more memory than the file could fill.
void check_body_count(std::uint64_t n, std::uintmax_t size, std::size_t header_bytes,
                      const std::filesystem::path& path) {
  const std::uintmax_t room = (size - header_bytes - 4) / kBytesPerBody;
  if (n == room && header_bytes + 4 + room * kBytesPerBody == size) return;
  const std::string need = n <= std::numeric_limits<std::uintmax_t>::max() / kBytesPerBody
                               ? std::to_string(header_bytes + 4 + n * kBytesPerBody) + " bytes"
                               : "more bytes than a file can have";
  throw std::runtime_error(path.string() + ": the header's body count " + std::to_string(n) +
                           " disagrees with the file size (" + need + " expected, the file has " +
                           std::to_string(size) + (n > room ? "; truncated?)" : ")"));
}

// Bytes read at a time: the arrays are read in pieces straight into the bodies' own (no copy of
// the file in memory), each piece added to the checksum and reported.
constexpr std::size_t kChunkBytes = std::size_t(4) << 20;

// `bytes` of the file into `dst`, a chunk at a time, continuing the checksum `c`.
std::uint32_t read_chunked(std::istream& in, void* dst, std::size_t bytes, std::uint32_t c,
                           ProgressMeter& meter, const std::filesystem::path& path,
                           const char* what) {
  auto* p = static_cast<unsigned char*>(dst);
  for (std::size_t done = 0; done < bytes;) {
    const std::size_t len = std::min(kChunkBytes, bytes - done);
    read_exact(in, p + done, len, path, what);
    c = crc(c, p + done, len);
    done += len;
    meter.advance(len);
  }
  return c;
}

// The arrays after the header into `b` (sized already), and the checksum over them, continuing
// `c` (the header's), against the file's.
void read_bodies(std::istream& in, HostBodies& b, std::uint32_t c, ProgressMeter& meter,
                 const std::filesystem::path& path) {
  const std::size_t n = b.size();
  for_each_array(b, [&](auto& v) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    const bool tags = std::is_same_v<T, std::uint8_t>;
    c = read_chunked(in, v.data(), n * sizeof(T), c, meter, path,
                     tags ? "body tags" : "body arrays");
    if constexpr (std::is_same_v<T, float> && std::endian::native != kOrder) {
      for (float& f : v) f = in_order(f, kOrder);
    }
  });
  unsigned char tail[4];
  read_exact(in, tail, 4, path, "checksum");
  const unsigned char* t = tail;
  if (get<std::uint32_t>(t, kOrder) != c) {
    throw std::runtime_error(path.string() + ": checksum mismatch: the file is corrupted");
  }
}

// The float fields validate() leaves: the stored accelerations and potentials (a NaN there is
// the next half step's velocity, as a NaN position is the next force). A save checks them too.
void check_stored(const HostBodies& b, std::uint64_t first, const std::filesystem::path& path) {
  const std::pair<const char*, const std::vector<float>*> stored[] = {
      {"ax", &b.ax}, {"ay", &b.ay}, {"az", &b.az}, {"pot", &b.pot}};
  for (const auto& [name, v] : stored) {
    for (std::size_t i = 0; i < v->size(); ++i) {
      if (std::isfinite((*v)[i])) continue;
      throw std::runtime_error(fmt::format("{}: body {}: {} is {}", path.string(), first + i, name,
                                           std::isnan((*v)[i]) ? "NaN" : "infinite"));
    }
  }
}

void check_tags(const HostBodies& b, std::uint64_t first, const std::filesystem::path& path) {
  check_stored(b, first, path);
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b.population[i] > static_cast<std::uint8_t>(Population::Halo) ||
        b.galaxy[i] >= kMaxGalaxies) {
      throw std::runtime_error(path.string() + ": body " + std::to_string(first + i) +
                               ": invalid population tag " + std::to_string(b.population[i]) +
                               " or galaxy tag " + std::to_string(b.galaxy[i]));
    }
  }
}

// The header at the start of `in`, read and checked (the stream is left after it).
GxyHead read_head(std::istream& in, std::uintmax_t size, const std::filesystem::path& path) {
  GxyHead g;
  unsigned char h[kHeaderBytes] = {};
  g.header_bytes = read_header(in, h, size, path);
  const unsigned char* q = h + kPrefixBytes;
  g.bodies = get<std::uint64_t>(q, kOrder);
  Snapshot& s = g.snapshot;
  s.time = get<double>(q, kOrder);
  s.steps = get<std::uint64_t>(q, kOrder);
  const SimParams p = read_params(h);
  if (g.header_bytes > kUnitsAt) s.units = read_units(h);  // version 1: none
  check_body_count(g.bodies, size, g.header_bytes, path);
  if (!std::isfinite(s.time)) throw std::runtime_error(path.string() + ": the time is not finite");
  if (s.steps > kMaxStepCount) {
    throw std::runtime_error(fmt::format("{}: the step count {} is above {}: a run from it would "
                                         "wrap its step counter", path.string(), s.steps,
                                         kMaxStepCount));
  }
  try {
    check_params(p);
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
  check_units(s.units, path);
  s.params = p;
  g.header_crc = crc(0, h, g.header_bytes);
  return g;
}

}  // namespace

std::array<unsigned char, kGxyHeaderBytes> gxy_header(std::uint64_t n, double time,
                                                      std::uint64_t steps, const SimParams& p,
                                                      const Units& u) {
  static_assert(kGxyHeaderBytes == kHeaderBytes);
  std::array<unsigned char, kHeaderBytes> h{};
  std::copy(kGxyMagic.begin(), kGxyMagic.end(), h.begin());
  unsigned char* q = h.data() + 8;
  q = put<std::uint32_t>(q, kGxyVersion, kOrder);
  q = put<std::uint32_t>(q, kHeaderBytes, kOrder);
  q = put<std::uint64_t>(q, n, kOrder);
  q = put<double>(q, time, kOrder);
  put<std::uint64_t>(q, steps, kOrder);
  write_params(h.data(), p);
  write_units(h.data(), u);
  return h;
}

std::uint64_t gxy_offset(int array, std::uint64_t n, std::uint64_t i) {
  const std::uint64_t floats = kFloatArrayCount;
  const auto a = static_cast<std::uint64_t>(array);
  return a < floats ? kHeaderBytes + (a * n + i) * sizeof(float)
                    : kHeaderBytes + floats * n * sizeof(float) + (a - floats) * n + i;
}

std::uint32_t gxy_crc(std::uint32_t c, const void* p, std::size_t n) {
  return crc(c, p, n);
}

std::uint32_t gxy_crc_join(std::uint32_t a, std::uint32_t b, std::uint64_t b_bytes) {
  return static_cast<std::uint32_t>(crc32_combine64(a, b, static_cast<z_off64_t>(b_bytes)));
}

void check_gxy_save(const HostBodies& b, std::uint64_t n, const Units& u,
                    const std::filesystem::path& path) {
  validate_named(b, path);
  check_stored(b, 0, path);
  reject_empty(n, path);
  check_units(u, path);
}

void save_gxy(const std::filesystem::path& path, const Snapshot& s, const Progress& progress) {
  const HostBodies& b = s.bodies;
  check_gxy_save(b, b.size(), s.units, path);
  const SimParams p = s.params.value_or(SimParams{});
  ProgressMeter meter(progress, kHeaderBytes + b.size() * kBytesPerBody + 4);
  atomic_write(path, [&](std::ostream& out) {
    std::uint32_t c = 0;  // crc32_z(0, NULL, 0)
    auto emit = [&](const void* data, std::size_t bytes) {
      out.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
      c = crc(c, data, bytes);
      meter.advance(bytes);
    };
    const auto h = gxy_header(b.size(), s.time, s.steps, p, s.units);
    emit(h.data(), h.size());
    std::vector<float> block;
    for_each_array(b, [&](const auto& v) {
      for_each_block(b.size(), [&](std::size_t i, std::size_t len) {
        if constexpr (std::is_same_v<typename std::decay_t<decltype(v)>::value_type, float>) {
          block.resize(len);
          for (std::size_t k = 0; k < len; ++k) block[k] = in_order(v[i + k], kOrder);
          emit(block.data(), len * sizeof(float));
        } else {
          emit(v.data() + i, len);
        }
      });
    });
    unsigned char tail[4];
    put<std::uint32_t>(tail, c, kOrder);
    out.write(reinterpret_cast<const char*>(tail), 4);
  });
  meter.finish();
}

bool has_gxy_magic(const std::filesystem::path& path) {
  try {
    RegularFile in(path);  // a FIFO would block the read: only a regular file is looked into
    unsigned char m[8] = {};
    in.read(reinterpret_cast<char*>(m), 8);
    return in.gcount() == 8 && std::equal(kGxyMagic.begin(), kGxyMagic.end(), m);
  } catch (const std::runtime_error&) {
    return false;  // the load says what is wrong
  }
}

std::optional<std::uint64_t> gxy_body_count(const std::filesystem::path& path) {
  try {
    RegularFile in(path);
    const std::uintmax_t size = in.size();
    unsigned char h[kHeaderBytes] = {};
    const std::size_t header_bytes = read_header(in, h, size, path);
    const unsigned char* q = h + kPrefixBytes;
    const auto n = get<std::uint64_t>(q, kOrder);
    check_body_count(n, size, header_bytes, path);
    return n;
  } catch (const std::exception&) {
    return std::nullopt;  // the load says what is wrong
  }
}

Snapshot load_gxy(const std::filesystem::path& path, const Progress& progress) {
  RegularFile in(path);
  const std::uintmax_t size = in.size();
  ProgressMeter meter(progress, size);
  GxyHead g = read_head(in, size, path);
  meter.advance(g.header_bytes);
  Snapshot s = std::move(g.snapshot);
  s.bodies = allocate_bodies(g.bodies, path);
  read_bodies(in, s.bodies, g.header_crc, meter, path);
  reject_empty(g.bodies, path);
  validate_named(s.bodies, path);
  check_tags(s.bodies, 0, path);
  meter.finish();
  return s;
}

GxyHead read_gxy_head(const std::filesystem::path& path) {
  RegularFile in(path);
  const std::uintmax_t size = in.size();
  GxyHead g = read_head(in, size, path);
  reject_empty(g.bodies, path);
  in.seekg(static_cast<std::streamoff>(size - 4));
  unsigned char tail[4];
  read_exact(in, tail, 4, path, "checksum");
  const unsigned char* t = tail;
  g.file_crc = get<std::uint32_t>(t, kOrder);
  return g;
}

void check_gxy_block(const HostBodies& b, std::uint64_t first, const std::filesystem::path& path) {
  validate_named(b, path, first);
  check_tags(b, first, path);
}

}  // namespace galaxy::io
