// SPDX-License-Identifier: MIT
// Stage 2 on the CPU: Morton keys of the bodies in the root cube, and the bodies' order by key
// (ties by index, so the order is deterministic): a parallel LSD radix sort, 11 bits a pass.
// Each chunk of the input counts its digits, the counts give every chunk its place in each
// bucket, and the chunks scatter in parallel; the passes are stable, so equal keys keep the
// order of their indices. A pass whose digit is the same for every key is skipped.
#include <algorithm>
#include <array>

#include "cpu/octree.hpp"
#include "cpu/parallel.hpp"

namespace galaxy {

namespace {
constexpr int kDigitBits = 11;
constexpr int kBuckets = 1 << kDigitBits;
constexpr int kPasses = (63 + kDigitBits - 1) / kDigitBits;  // Morton keys hold 63 bits
}  // namespace

void cpu::radix_sort(std::vector<std::uint64_t>& keys, std::vector<std::int32_t>& order,
                     std::vector<std::uint64_t>& key2, std::vector<std::int32_t>& order2) {
  const std::size_t n = keys.size();
  key2.resize(n);
  order2.resize(n);
  const std::size_t chunks = std::clamp<std::size_t>(n / 8192, 1, 16);
  auto chunk_begin = [&](std::size_t c) { return n * c / chunks; };
  std::vector<std::array<std::uint32_t, kBuckets>> count(chunks);
  for (int pass = 0; pass < kPasses; ++pass) {
    const int shift = pass * kDigitBits;
    cpu::parallel_tasks(static_cast<int>(chunks), [&](int c, int) {
      auto& h = count[static_cast<std::size_t>(c)];
      h.fill(0);
      for (std::size_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i)
        ++h[(keys[i] >> shift) & (kBuckets - 1)];
    });
    // Exclusive offsets, bucket-major then chunk-major; a single full bucket means no change.
    std::uint32_t running = 0;
    bool trivial = false;
    for (int d = 0; d < kBuckets; ++d) {
      std::uint32_t in_bucket = 0;
      for (std::size_t c = 0; c < chunks; ++c) {
        const std::uint32_t k = count[c][d];
        count[c][d] = running;
        running += k;
        in_bucket += k;
      }
      if (in_bucket == n) trivial = true;
    }
    if (trivial) continue;
    cpu::parallel_tasks(static_cast<int>(chunks), [&](int c, int) {
      auto& at = count[static_cast<std::size_t>(c)];
      for (std::size_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i) {
        const std::uint32_t to = at[(keys[i] >> shift) & (kBuckets - 1)]++;
        key2[to] = keys[i];
        order2[to] = order[i];
      }
    });
    keys.swap(key2);
    order.swap(order2);
  }
}

void cpu::morton_keys(const HostBodies& b, const float lo[3], float inv_size,
                      std::vector<std::uint64_t>& keys, std::vector<std::int32_t>& order) {
  const std::size_t n = b.size();
  keys.resize(n);
  order.resize(n);
  cpu::parallel_for(n, 8192, [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      keys[i] = physics::morton_key(b.x[i], b.y[i], b.z[i], lo[0], lo[1], lo[2], inv_size);
      order[i] = static_cast<std::int32_t>(i);
    }
  });
}

void CpuOctree::sort(const HostBodies& b) {
  cpu::morton_keys(b, root_lo_, 1.0f / root_size_, keys_, order_);
  cpu::radix_sort(keys_, order_, keys_scratch_, order_scratch_);
}

}  // namespace galaxy
