// SPDX-License-Identifier: MIT
// The memory preflight: before a body count is allocated, what it needs on the host and on the
// device against what is free, with a message that gives both numbers and the largest count
// that fits. It keeps `--bodies 2000000000` from spending minutes and gigabytes on its way to
// std::bad_alloc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "simulation.hpp"

namespace galaxy {

// Bytes one body costs at the peak of a reset() and the steps after it, from the arrays the
// backends hold (counted in memory.cpp), rounded up. `window` adds the vertex buffers the renderer
// keeps (host copies and GL buffers); multipole order 3 the device's octupole array.
std::uint64_t host_bytes_per_body(Backend b, bool window);
std::uint64_t device_bytes_per_body(bool window, int multipole = 2);
// What the CUDA backend allocates whatever N, over device_bytes_per_body() x N: the force walk's
// stacks (8,192 ints a resident warp: 104 MB on an H100) and small scratch.
inline constexpr std::uint64_t kDeviceFixedBytes = std::uint64_t{160} << 20;

// The largest body count the CUDA backend indexes (int indices, two per body in the sort).
inline constexpr std::uint64_t kMaxCudaBodies = 1073741823;  // INT_MAX / 2

// Memory free now: MemAvailable from /proc/meminfo, or less where this process's memory cgroup
// (v1 or v2) or its RLIMIT_AS allows less (0 when unknown), and the device's free
// memory (0 without CUDA; defined in make_simulation.cpp, the one file that knows the backends).
std::uint64_t host_available_bytes();
std::uint64_t device_free_bytes();

struct MemoryCheck {
  std::uint64_t host_need = 0, host_free = 0;
  std::uint64_t device_need = 0, device_free = 0;  // 0 for the CPU backend
  std::uint64_t max_bodies = 0;                    // the largest count that fits both
  std::optional<std::string> refusal;              // set when `n` does not fit
};

// Compares what `n` bodies need with the free memory given (the functions above in the program;
// tests pass their own numbers). Unknown free memory (0) is not checked.
MemoryCheck check_memory(Backend b, std::uint64_t n, bool window, std::uint64_t host_free,
                         std::uint64_t device_free, int multipole = 2);
// The same with the free memory measured now. Throws std::runtime_error with the refusal.
void require_memory(Backend b, std::uint64_t n, bool window, int multipole = 2);

// 12345678 -> "12,345,678"; bytes -> "1.5 GiB".
std::string with_commas(std::uint64_t v);
std::string gib(std::uint64_t bytes);

}  // namespace galaxy
