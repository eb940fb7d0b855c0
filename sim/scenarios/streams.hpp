// SPDX-License-Identifier: MIT
// How the generators draw bodies on every CPU thread and still give the same bodies on any
// number of them: a component's bodies are cut into fixed chunks of kChunkBodies, and each chunk
// draws from its own random stream, seeded from (seed, component, chunk index) alone. Sums over
// the bodies (centre_at_rest) are added in fixed blocks too. So the bodies are a function of the
// scenario, N and the seed only. A galaxy's index is folded into its seed by the caller
// (encounter.cpp's galaxy_seed), so no two galaxies share a stream either.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace galaxy {

// Large enough that seeding a generator (312 words) costs nothing against drawing a chunk, small
// enough that 1M bodies make about 60 chunks to balance over the threads.
inline constexpr std::size_t kChunkBodies = 16384;

// The random streams of one seed, one per component of a galaxy or scenario.
enum class Stream : std::uint64_t { Disk = 1, Bulge, Halo, Plummer, Collapse, Gas };

using Rng = std::mt19937_64;

// The seed of chunk `chunk` of stream `stream`: splitmix64's finaliser over the three words in
// turn, so that neighbouring seeds and chunks give unrelated generators.
std::uint64_t stream_seed(std::uint64_t seed, Stream stream, std::uint64_t chunk);

// Draws `n` bodies of a stream: draw(begin, end, rng) for every chunk [begin, end) of [0, n),
// `rng` seeded by stream_seed(seed, stream, chunk index).
using DrawChunk = std::function<void(std::size_t begin, std::size_t end, Rng& rng)>;
struct Draw {
  std::size_t n;
  Stream stream;
  DrawChunk draw;
};

// Runs every chunk of `draws` on the CPU pool's threads (sim/cpu/parallel.hpp). The components
// of a galaxy share one loop, so that threads do not wait at the end of each component.
void draw_in_chunks(std::uint64_t seed, const std::vector<Draw>& draws);

// Calls f(lo, hi) over pieces of [begin, end) on the CPU pool's threads: only for element-wise
// work (scaling, tagging), whose result does not depend on how the range is split.
void for_each_piece(std::size_t begin, std::size_t end,
                    const std::function<void(std::size_t lo, std::size_t hi)>& f);

}  // namespace galaxy
