// SPDX-License-Identifier: MIT
#include "gxy.hpp"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "atomic_file.hpp"
#include "binary.hpp"

namespace galaxy::io {

namespace {

constexpr std::size_t kHeaderBytes = 64;
constexpr std::size_t kBytesPerBody = 11 * sizeof(float) + 2;
constexpr std::endian kOrder = std::endian::little;

std::vector<float> HostBodies::*const kFloatArrays[] = {
    &HostBodies::x,  &HostBodies::y,  &HostBodies::z,  &HostBodies::vx,
    &HostBodies::vy, &HostBodies::vz, &HostBodies::m,  &HostBodies::ax,
    &HostBodies::ay, &HostBodies::az, &HostBodies::pot};
std::vector<std::uint8_t> HostBodies::*const kTagArrays[] = {&HostBodies::population,
                                                             &HostBodies::galaxy};

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
    set(p, info, info.gxy.u8 ? double(*at) : double(get<float>(at, kOrder)));
  }
  return p;
}

}  // namespace

void save_gxy(const std::filesystem::path& path, const Snapshot& s) {
  const HostBodies& b = s.bodies;
  validate_named(b, path);
  reject_empty(b.size(), path);
  const SimParams p = s.params.value_or(SimParams{});
  atomic_write(path, [&](std::ostream& out) {
    std::uint32_t c = 0;  // crc32_z(0, NULL, 0)
    auto emit = [&](const void* data, std::size_t bytes) {
      out.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
      c = crc(c, data, bytes);
    };
    unsigned char h[kHeaderBytes] = {};
    std::copy(kGxyMagic.begin(), kGxyMagic.end(), h);
    unsigned char* q = h + 8;
    q = put<std::uint32_t>(q, kGxyVersion, kOrder);
    q = put<std::uint32_t>(q, kHeaderBytes, kOrder);
    q = put<std::uint64_t>(q, b.size(), kOrder);
    q = put<double>(q, s.time, kOrder);
    q = put<std::uint64_t>(q, s.steps, kOrder);
    write_params(h, p);
    emit(h, sizeof h);
    std::vector<float> block;
    for (auto member : kFloatArrays) {
      const std::vector<float>& v = b.*member;
      for_each_block(b.size(), [&](std::size_t i, std::size_t len) {
        block.resize(len);
        for (std::size_t k = 0; k < len; ++k) block[k] = in_order(v[i + k], kOrder);
        emit(block.data(), len * sizeof(float));
      });
    }
    for (auto member : kTagArrays) emit((b.*member).data(), b.size());
    unsigned char tail[4];
    put<std::uint32_t>(tail, c, kOrder);
    out.write(reinterpret_cast<const char*>(tail), 4);
  });
}

bool has_gxy_magic(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  unsigned char m[8] = {};
  in.read(reinterpret_cast<char*>(m), 8);
  return in.gcount() == 8 && std::equal(kGxyMagic.begin(), kGxyMagic.end(), m);
}

Snapshot load_gxy(const std::filesystem::path& path) {
  const std::string name = path.string();
  require_regular_file(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(name + ": cannot open the file");
  const std::uintmax_t size = std::filesystem::file_size(path);
  if (size < kHeaderBytes + 4) {
    throw std::runtime_error(name + ": truncated: " + std::to_string(size) +
                             " bytes, less than the 64-byte header and the checksum");
  }
  unsigned char h[kHeaderBytes];
  read_exact(in, h, sizeof h, path, "header");
  if (!std::equal(kGxyMagic.begin(), kGxyMagic.end(), h)) {
    throw std::runtime_error(name + ": not a galaxy snapshot (wrong magic number)");
  }
  const unsigned char* q = h + 8;
  const auto version = get<std::uint32_t>(q, kOrder);
  const auto header_bytes = get<std::uint32_t>(q, kOrder);
  if (version != kGxyVersion) {
    throw std::runtime_error(name + ": unsupported .gxy version " + std::to_string(version) +
                             " (this build reads version " + std::to_string(kGxyVersion) + ")");
  }
  if (header_bytes != kHeaderBytes) {
    throw std::runtime_error(name + ": corrupt header: header size " +
                             std::to_string(header_bytes) + ", version 1 has " +
                             std::to_string(kHeaderBytes));
  }
  const auto n = get<std::uint64_t>(q, kOrder);
  Snapshot s;
  s.time = get<double>(q, kOrder);
  s.steps = get<std::uint64_t>(q, kOrder);
  const SimParams p = read_params(h);
  // The body count must agree with the file size before anything is allocated, so that a
  // corrupt or hostile header cannot ask for more memory than the file could fill.
  const std::uintmax_t room = (size - kHeaderBytes - 4) / kBytesPerBody;
  if (n != room || kHeaderBytes + 4 + room * kBytesPerBody != size) {
    const std::string need = n <= std::numeric_limits<std::uintmax_t>::max() / kBytesPerBody
                                 ? std::to_string(kHeaderBytes + 4 + n * kBytesPerBody) + " bytes"
                                 : "more bytes than a file can have";
    throw std::runtime_error(name + ": the header's body count " + std::to_string(n) +
                             " disagrees with the file size (" + need + " expected, the file has " +
                             std::to_string(size) + (n > room ? "; truncated?)" : ")"));
  }
  if (!std::isfinite(s.time)) throw std::runtime_error(name + ": the time is not finite");
  try {
    check_params(p);
  } catch (const std::exception& e) {
    throw std::runtime_error(name + ": " + e.what());
  }
  s.params = p;
  s.bodies = allocate_bodies(n, path);
  HostBodies& b = s.bodies;
  std::uint32_t c = crc(0, h, sizeof h);
  for (auto member : kFloatArrays) {
    std::vector<float>& v = b.*member;
    read_exact(in, v.data(), n * sizeof(float), path, "body arrays");
    c = crc(c, v.data(), n * sizeof(float));
    if constexpr (std::endian::native != kOrder) {
      for (float& f : v) f = in_order(f, kOrder);
    }
  }
  for (auto member : kTagArrays) {
    read_exact(in, (b.*member).data(), n, path, "body tags");
    c = crc(c, (b.*member).data(), n);
  }
  unsigned char tail[4];
  read_exact(in, tail, 4, path, "checksum");
  const unsigned char* t = tail;
  if (get<std::uint32_t>(t, kOrder) != c) {
    throw std::runtime_error(name + ": checksum mismatch: the file is corrupted");
  }
  reject_empty(n, path);
  validate_named(b, path);
  for (std::size_t i = 0; i < n; ++i) {
    if (b.population[i] > static_cast<std::uint8_t>(Population::Halo) || b.galaxy[i] >= kMaxGalaxies) {
      throw std::runtime_error(name + ": body " + std::to_string(i) + ": invalid population tag " +
                               std::to_string(b.population[i]) + " or galaxy tag " +
                               std::to_string(b.galaxy[i]));
    }
  }
  return s;
}

}  // namespace galaxy::io
