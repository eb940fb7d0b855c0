// SPDX-License-Identifier: MIT
#include "memory.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

namespace galaxy {

namespace {
// HostBodies: 11 floats and 2 tags.
constexpr std::uint64_t kHostBodies = 11 * 4 + 2;
}  // namespace

std::uint64_t host_bytes_per_body(Backend b, bool window) {
  // Rendering: 4 floats and a tag per body on the host, the same again in GL buffers (which the
  // driver may mirror in host memory).
  const std::uint64_t vertices = window ? 2 * 17 : 0;
  if (b == Backend::Cpu) {
    // The scenario's bodies, the copy reset() validates, the simulation's own, the runaway backup
    // and a download for the panel or a save: 5 HostBodies. The CPU octree: Morton keys and
    // order (12), their sort scratch (12) and nodes (at most one 108-byte node per 2 bodies);
    // each walk's alpha |a|, kept for the overlay's trace (4).
    return 5 * kHostBodies + 24 + 54 + 4 + vertices;
  }
  // CUDA: the scenario's bodies, the upload staging (2 float4, id, tag: 37), a download (46 +
  // 37 staging).
  return 2 * kHostBodies + 2 * 37 + vertices;
}

std::uint64_t device_bytes_per_body(bool window, int multipole) {
  // DeviceBodies (cuda/device_bodies.cuh): two sets of pos, vel, acc, id and tag (106), the one
  // the bodies move into each pass being the runaway's way back. DeviceOctree: the sorted keys,
  // later the groups' first bodies and alpha |a| (8); the group flags (1); the node arrays (112
  // bytes a node, n/4 nodes at leaf size 16: 28 a body, grown by a quarter when a build runs out;
  // the sort's second buffers and temporary lie in their memory). Rendering: the interop vertex
  // buffers (17). Measured (GpuMemory, tests/test_gpu_memory.cpp, H100): 144.2 bytes a body in
  // use, kDeviceFixedBytes included, at 100M Plummer bodies; 155.4 at 10M. Order 3: the third
  // moments, 3 float4s a node (12 a body), made on the first such pass. Not counted: the walk
  // order's 9 (cuda/walk_order.cu), made only below about 2.4M bodies, far from any card's limit.
  return 106 + 8 + 1 + 28 + (window ? 17 : 0) + (multipole >= 3 ? 12 : 0);
}

namespace {

std::optional<std::uint64_t> read_number(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word) || word == "max") return std::nullopt;
  try {
    return std::stoull(word);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// What this process's memory cgroup still lets it take (its limit less its usage): cgroup v2's
// memory.max and memory.current, or v1's limit_in_bytes and usage_in_bytes, in the group's own
// folder or, inside a container that mounts its group as the root, the root's. None without one.
std::optional<std::uint64_t> cgroup_room() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), group = line.substr(b + 1);
    const bool v2 = controllers.empty();
    if (!v2 && controllers.find("memory") == std::string::npos) continue;
    const std::string root = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
    for (const std::string& dir : {root + group, root}) {
      const auto limit = read_number(dir + (v2 ? "/memory.max" : "/memory.limit_in_bytes"));
      const auto used = read_number(dir + (v2 ? "/memory.current" : "/memory.usage_in_bytes"));
      // v1 writes "no limit" as a huge number near 2^63.
      if (limit && used && *limit < (std::uint64_t{1} << 60)) return *limit > *used ? *limit - *used : 0;
    }
  }
  return std::nullopt;
}

// What RLIMIT_AS still lets this process map (the soft limit less its address space now).
std::optional<std::uint64_t> address_space_room() {
  rlimit r{};
  if (::getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return std::nullopt;
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0;
  statm >> pages;
  const std::uint64_t used = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  return r.rlim_cur > used ? r.rlim_cur - used : 0;
}

}  // namespace

std::uint64_t host_available_bytes() {
  std::uint64_t available = 0;
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit) {
    if (key == "MemAvailable:") {
      available = kib * 1024;
      break;
    }
  }
  // The machine's free memory is not all this process may have: its cgroup and its address-space
  // limit may allow less.
  for (const auto room : {cgroup_room(), address_space_room()}) {
    if (room && (available == 0 || *room < available)) available = *room;
  }
  return available;
}

std::string with_commas(std::uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string s;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s.push_back(',');
    s.push_back(digits[i]);
  }
  return s;
}

std::string gib(std::uint64_t bytes) {
  const double g = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
  return g >= 10 ? fmt::format("{:.0f} GiB", g) : fmt::format("{:.1f} GiB", g);
}

namespace {
// Two significant digits, rounded down, with commas: "about 1,200,000,000".
std::string about(std::uint64_t v) {
  if (v < 100) return with_commas(v);
  std::uint64_t scale = 1;
  while (v / scale >= 100) scale *= 10;
  return with_commas(v / scale * scale);
}
}  // namespace

MemoryCheck check_memory(Backend b, std::uint64_t n, bool window, std::uint64_t host_free,
                         std::uint64_t device_free, int multipole) {
  MemoryCheck c;
  const std::uint64_t hb = host_bytes_per_body(b, window);
  const std::uint64_t db = b == Backend::Cuda ? device_bytes_per_body(window, multipole) : 0;
  const auto times = [](std::uint64_t count, std::uint64_t per) {
    if (per == 0) return std::uint64_t{0};
    return count > UINT64_MAX / per ? UINT64_MAX : count * per;
  };
  c.host_need = times(n, hb);
  c.host_free = host_free;
  c.device_need =
      db ? std::min(UINT64_MAX - kDeviceFixedBytes, times(n, db)) + kDeviceFixedBytes : 0;
  c.device_free = device_free;
  c.max_bodies = UINT64_MAX;
  if (host_free) c.max_bodies = std::min(c.max_bodies, host_free / hb);
  if (db && device_free) {
    const std::uint64_t room =
        device_free > kDeviceFixedBytes ? device_free - kDeviceFixedBytes : 0;
    c.max_bodies = std::min(c.max_bodies, room / db);
  }
  if (b == Backend::Cuda) c.max_bodies = std::min(c.max_bodies, kMaxCudaBodies);
  const std::string count = with_commas(n) + (n == 1 ? " body" : " bodies");
  const std::string most = "; at most about " + about(c.max_bodies) + " bodies fit";
  if (db && device_free && c.device_need > device_free) {
    c.refusal =
        count + " need " + gib(c.device_need) + " on the GPU; " + gib(device_free) + " free" + most;
  } else if (host_free && c.host_need > host_free) {
    c.refusal = count + " need " + gib(c.host_need) + " of host memory; " + gib(host_free) +
                " available" + most;
  } else if (b == Backend::Cuda && n > kMaxCudaBodies) {
    c.refusal = count + " are more than the cuda backend indexes (at most " +
                with_commas(kMaxCudaBodies) + ")";
  }
  return c;
}

void require_memory(Backend b, std::uint64_t n, bool window, int multipole) {
  const MemoryCheck c = check_memory(b, n, window, host_available_bytes(),
                                     b == Backend::Cuda ? device_free_bytes() : 0, multipole);
  if (c.refusal) throw std::runtime_error(*c.refusal);
}

}  // namespace galaxy
