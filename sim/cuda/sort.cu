// SPDX-License-Identifier: MIT
// Stage 2 (the seed's stage 4, which runs after its build): bodies sorted along the Morton curve of the root cube. The seed
// sorts after the build by an in-order walk; a sort-based build (Karras 2012, as Bonsai and
// cornerstone do) sorts first, with CUB's radix sort, and then builds the tree level by level over
// the sorted keys (tree_build.cu). Both give the force walk what the sort exists for: the bodies of
// a warp are neighbours in space, so their walks share almost all of the tree. Sorting first also
// makes every cell's bodies a contiguous range, so the build needs no locks at all, which is what
// the published lock-based insertion gets wrong on GPUs with independent thread scheduling.
#include <cub/device/device_radix_sort.cuh>

#include <stdexcept>

#include "cuda_check.cuh"
#include "kernels.cuh"
#include "leapfrog.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

// Reads the positions `d` gives and *box; writes keys[i] and index[i] = i.
__global__ void morton_keys(const float4* __restrict__ pos, Drift d, int n,
                            const BodyBounds* __restrict__ box, std::uint64_t* __restrict__ keys,
                            int* __restrict__ index) {
  const CubeKeys key(*box);
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) {
    keys[i] = key(d.position(pos, i));
    index[i] = i;
  }
}

// The pieces of the sort's `alt` memory: the second key buffer, the two index buffers and CUB's
// temporary, each 256-byte aligned.
struct AltLayout {
  std::size_t keys2 = 0, index = 0, index2 = 0, temp = 0, temp_bytes = 0, total = 0;
  explicit AltLayout(int n) {
    const auto up = [](std::size_t b) { return (b + 255) / 256 * 256; };
    const auto count = static_cast<std::size_t>(n);
    index = up(count * sizeof(std::uint64_t));
    index2 = index + up(count * sizeof(int));
    temp = index2 + up(count * sizeof(int));
    cub::DoubleBuffer<std::uint64_t> k(nullptr, nullptr);
    cub::DoubleBuffer<int> v(nullptr, nullptr);
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, k, v, n, 0, 63));
    total = temp + up(temp_bytes);
  }
};
}  // namespace

std::size_t sort_alt_bytes(int n) { return AltLayout(n).total; }

SortScratch sort_scratch_in(std::uint64_t* keys, void* alt, std::size_t alt_bytes, int n) {
  const AltLayout l(n);
  if (alt_bytes < l.total) throw std::logic_error("sort_scratch_in: the alt memory is too small");
  auto* base = static_cast<unsigned char*>(alt);
  return {keys, reinterpret_cast<std::uint64_t*>(base + l.keys2),
          reinterpret_cast<int*>(base + l.index), reinterpret_cast<int*>(base + l.index2),
          base + l.temp, l.temp_bytes};
}

const int* launch_sort(const float4* pos, const Drift& d, int n, const BodyBounds* box,
                       const SortScratch& s, cudaStream_t st) {
  morton_keys<<<grid_for(n, kBlock), kBlock, 0, st>>>(pos, d, n, box, s.keys, s.index);
  CUDA_LAUNCH_CHECK();
  // In place between the two buffers of each: no third copy of keys or indices.
  cub::DoubleBuffer<std::uint64_t> k(s.keys, s.keys2);
  cub::DoubleBuffer<int> v(s.index, s.index2);
  std::size_t bytes = s.temp_bytes;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(s.temp, bytes, k, v, n, 0, 63, st));
  if (k.Current() != s.keys) {
    const std::size_t key_bytes = static_cast<std::size_t>(n) * sizeof(std::uint64_t);
    CUDA_CHECK(cudaMemcpyAsync(s.keys, k.Current(), key_bytes, cudaMemcpyDeviceToDevice, st));
  }
  return v.Current();
}

}  // namespace galaxy::cuda
