// SPDX-License-Identifier: MIT
// Stage 2 (the seed's stage 4, which runs after its build): bodies sorted along the Morton curve of the root cube. The seed
// sorts after the build by an in-order walk; a sort-based build (Karras 2012, as Bonsai and
// cornerstone do) sorts first, with CUB's radix sort, and then builds the tree level by level over
// the sorted keys (tree_build.cu). Both give the force walk what the sort exists for: the bodies of
// a warp are neighbours in space, so their walks share almost all of the tree. Sorting first also
// makes every cell's bodies a contiguous range, so the build needs no locks at all, which is what
// the published lock-based insertion gets wrong on GPUs with independent thread scheduling.
#include <cub/device/device_radix_sort.cuh>

#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

// Reads pos and *box; writes keys[i] and index[i] = i.
__global__ void morton_keys(const float4* __restrict__ pos, int n,
                            const BodyBounds* __restrict__ box, std::uint64_t* __restrict__ keys,
                            int* __restrict__ index) {
  float lox, loy, loz, size;
  physics::cube_from_bounds(box->lo, box->hi, lox, loy, loz, size);
  const float inv = 1.0f / size;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) {
    const float4 p = pos[i];
    keys[i] = physics::morton_key(p.x, p.y, p.z, lox, loy, loz, inv);
    index[i] = i;
  }
}

// out[i] = in[perm[i]] for positions, velocities, the last accelerations (the relative opening
// criterion reads them), ids and tags.
__global__ void permute(BodiesView in, BodiesView out, const int* __restrict__ perm) {
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < in.n; i += gridDim.x * kBlock) {
    const int j = perm[i];
    out.pos[i] = in.pos[j];
    out.vel[i] = in.vel[j];
    out.acc[i] = in.acc[j];
    out.id[i] = in.id[j];
    out.tag[i] = in.tag[j];
  }
}
}  // namespace

std::size_t sort_temp_bytes(int n) {
  std::size_t bytes = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, static_cast<const std::uint64_t*>(nullptr),
                                             static_cast<std::uint64_t*>(nullptr),
                                             static_cast<const int*>(nullptr), static_cast<int*>(nullptr),
                                             n, 0, 63));
  return bytes;
}

void launch_sort(const BodiesView& in, const BodiesView& out, const BodyBounds* box,
                 const SortScratch& s, cudaStream_t st) {
  const int grid = grid_for(in.n, kBlock);
  morton_keys<<<grid, kBlock, 0, st>>>(in.pos, in.n, box, s.keys, s.index);
  CUDA_LAUNCH_CHECK();
  std::size_t bytes = s.temp_bytes;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(s.temp, bytes, s.keys, s.keys_sorted, s.index,
                                             s.index_sorted, in.n, 0, 63, st));
  permute<<<grid, kBlock, 0, st>>>(in, out, s.index_sorted);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
