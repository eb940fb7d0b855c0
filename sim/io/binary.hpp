// SPDX-License-Identifier: MIT
// Fixed-size values in a chosen byte order, and exact reads that name the file when it ends
// early: what the binary snapshot formats (.gxy, Tipsy) share.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <istream>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "../bodies.hpp"
#include "regular_file.hpp"  // RegularFile, require_regular_file: what the loaders open

namespace galaxy::io {

// `v` with its bytes in `order` (a no-op where `order` is the machine's own).
template <class T>
T in_order(T v, std::endian order) {
  static_assert(std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8));
  if (order == std::endian::native) return v;
  if constexpr (sizeof(T) == 4) {
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    u = __builtin_bswap32(u);
    std::memcpy(&v, &u, 4);
  } else {
    std::uint64_t u;
    std::memcpy(&u, &v, 8);
    u = __builtin_bswap64(u);
    std::memcpy(&v, &u, 8);
  }
  return v;
}

// Writes `v` in `order` at `p`; returns the byte after it.
template <class T>
unsigned char* put(unsigned char* p, T v, std::endian order) {
  v = in_order(v, order);
  std::memcpy(p, &v, sizeof v);
  return p + sizeof v;
}

// Reads a `T` stored in `order` at `p`, advancing `p`.
template <class T>
T get(const unsigned char*& p, std::endian order) {
  T v;
  std::memcpy(&v, p, sizeof v);
  p += sizeof v;
  return in_order(v, order);
}

// Reads exactly `n` bytes or throws std::runtime_error naming the file and what was being read.
inline void read_exact(std::istream& in, void* dst, std::size_t n,
                       const std::filesystem::path& path, const char* what) {
  in.read(static_cast<char*>(dst), static_cast<std::streamsize>(n));
  if (static_cast<std::size_t>(in.gcount()) != n) {
    throw std::runtime_error(path.string() + ": truncated: the file ends inside the " + what);
  }
}

// Throws std::runtime_error for a snapshot without bodies: nothing could run from it.
inline void reject_empty(std::size_t n, const std::filesystem::path& path) {
  if (n == 0) throw std::runtime_error(path.string() + ": the snapshot holds no bodies");
}

// Bodies for `n` records, with std::bad_alloc turned into a message naming the file. Callers check
// `n` against the file size first, so only a file that is really that large gets here.
inline HostBodies allocate_bodies(std::size_t n, const std::filesystem::path& path) {
  try {
    HostBodies b;
    b.resize(n);
    return b;
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(path.string() + ": not enough memory for " + std::to_string(n) +
                             " bodies");
  } catch (const std::length_error&) {
    throw std::runtime_error(path.string() + ": " + std::to_string(n) +
                             " bodies are more than this machine can hold");
  }
}

// validate() with the file's name in front of the message and std::runtime_error, as every
// other snapshot error: used before a save (which must not write what a load would refuse) and
// after a load (`first`: validate's, for a block of a file's bodies).
inline void validate_named(const HostBodies& b, const std::filesystem::path& path,
                           std::uint64_t first = 0) {
  try {
    validate(b, first);
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

}  // namespace galaxy::io
