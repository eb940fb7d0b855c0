// SPDX-License-Identifier: MIT
#include "scenarios/streams.hpp"

#include <algorithm>

// The CPU backend's pool: it lives in this library and needs nothing of the backend but the
// thread count (threads.hpp), so the generators share it rather than start threads of their own.
#include "cpu/parallel.hpp"

namespace galaxy {

namespace {

std::uint64_t splitmix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::size_t chunks_of(std::size_t n) { return (n + kChunkBodies - 1) / kChunkBodies; }

}  // namespace

std::uint64_t stream_seed(std::uint64_t seed, Stream stream, std::uint64_t chunk) {
  return splitmix64(splitmix64(splitmix64(seed) ^ static_cast<std::uint64_t>(stream)) ^ chunk);
}

void draw_in_chunks(std::uint64_t seed, const std::vector<Draw>& draws) {
  // first[d]: the task number of draw d's first chunk.
  std::vector<std::size_t> first(draws.size() + 1, 0);
  for (std::size_t d = 0; d < draws.size(); ++d) first[d + 1] = first[d] + chunks_of(draws[d].n);
  cpu::parallel_tasks(static_cast<int>(first.back()), [&](int task, int) {
    const std::size_t d = std::upper_bound(first.begin(), first.end(), std::size_t(task)) -
                          first.begin() - 1;
    const std::size_t chunk = std::size_t(task) - first[d];
    const std::size_t begin = chunk * kChunkBodies;
    Rng rng(stream_seed(seed, draws[d].stream, chunk));
    draws[d].draw(begin, std::min(draws[d].n, begin + kChunkBodies), rng);
  });
}

void for_each_piece(std::size_t begin, std::size_t end,
                    const std::function<void(std::size_t, std::size_t)>& f) {
  cpu::parallel_for(end - begin, kChunkBodies,
                    [&](std::size_t lo, std::size_t hi, int) { f(begin + lo, begin + hi); });
}

}  // namespace galaxy
