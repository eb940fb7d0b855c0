// SPDX-License-Identifier: MIT
// Stage 1: the bounding box of the bodies (where the pass's drift will put them). Each block
// reduces a grid-stride share of the bodies (coalesced float4 reads) with CUB's block reduction
// and writes one partial box; one block of a second launch combines the partials. Two launches
// instead of the seed's last-block-by-atomicInc ending: the kernel boundary is the barrier, and
// there is nothing to get wrong on Hopper. When stepping on, the previous pass's closing kick has
// written the partials already (leapfrog.cu): only the combining launch is left.
#include <algorithm>

#include "box_reduce.cuh"
#include "cuda_check.cuh"
#include "kernels.cuh"
#include "leapfrog.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

// Reads the positions d gives for [0, n); writes partial[blockIdx.x].
__global__ void __launch_bounds__(kBlock) partial_boxes(const float4* __restrict__ pos, Drift d,
                                                        int n, BodyBounds* __restrict__ partial) {
  BodyBounds b = empty_box();
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) {
    grow_box(b, d.position(pos, i));
  }
  write_block_box<kBlock>(b, partial);
}

// Reads partial[0, count); writes *out. One block.
__global__ void __launch_bounds__(kBlock)
    combine_boxes(const BodyBounds* __restrict__ partial, int count, BodyBounds* __restrict__ out) {
  BodyBounds b = empty_box();
  for (int i = threadIdx.x; i < count; i += kBlock) b = BoxMinMax()(b, partial[i]);
  write_block_box<kBlock>(b, out);
}
}  // namespace

int grid_for(int n, int block) {
  static const int sms = [] {
    int dev = 0, count = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, dev));
    return count;
  }();
  const long want = (static_cast<long>(n) + block - 1) / block;
  const long cap = static_cast<long>(sms) * 16;
  return static_cast<int>(want < 1 ? 1 : (want > cap ? cap : want));
}

int resident_grid(const void* kernel, int block) {
  int dev = 0, sms = 0, per_sm = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
  return sms * (per_sm > 0 ? per_sm : 1);
}

int box_partials(int n, int partial_count) { return std::min(grid_for(n, kBlock), partial_count); }

void launch_bounding_box(const float4* pos, const Drift& d, int n, BodyBounds* partial,
                         int partial_count, BodyBounds* out, cudaStream_t s) {
  const int blocks = box_partials(n, partial_count);
  partial_boxes<<<blocks, kBlock, 0, s>>>(pos, d, n, partial);
  CUDA_LAUNCH_CHECK();
  launch_combine_boxes(partial, blocks, out, s);
}

void launch_combine_boxes(const BodyBounds* partial, int count, BodyBounds* out, cudaStream_t s) {
  combine_boxes<<<1, kBlock, 0, s>>>(partial, count, out);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
