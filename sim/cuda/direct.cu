// SPDX-License-Identifier: MIT
// Direct summation on the GPU (seed 001). The tiled kernel is the solver for small N and the GPU
// reference; the naive and the Newton's-third-law-with-atomics kernels exist for the benchmark,
// to repeat seed 001's comparison on today's hardware. The float64 sample kernel gives the exact
// accelerations of the accuracy meter and the bench.
#include "block_sum.cuh"
#include "cuda_check.cuh"
#include "cuda_simulation.hpp"
#include "device_bodies.cuh"
#include "kernels.cuh"
#include "median.hpp"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

int multiprocessors() {
  static const int sms = [] {
    int dev = 0, count = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, dev));
    return count;
  }();
  return sms;
}

// Each thread kTargets targets (kBlock apart); sources pass through shared memory a tile at a
// time. Several targets a thread reuse each shared-memory read and give the scheduler independent
// work (NVIDIA's nbody sample gets its rate the same way, by unrolling); the last tile is padded
// with massless sources so the inner loop has no bounds test, and the self pair is not tested for
// either: it adds no force (zero offset) and a softened self-potential -m/eps that is taken back
// out at the end (with eps = 0 interact() skips it).
template <int kTargets, bool kSoftened>
__global__ void __launch_bounds__(kBlock) direct_tiled(BodiesView b, float eps2) {
  __shared__ float4 tile[kBlock];
  const int first = blockIdx.x * kBlock * kTargets + threadIdx.x;
  float4 p[kTargets];
  physics::Accum<float> acc[kTargets];
#pragma unroll
  for (int t = 0; t < kTargets; ++t) p[t] = b.pos[min(first + t * kBlock, b.n - 1)];
  for (int base = 0; base < b.n; base += kBlock) {
    const int j = base + threadIdx.x;
    tile[threadIdx.x] = j < b.n ? b.pos[j] : make_float4(0, 0, 0, 0);
    __syncthreads();
#pragma unroll 16
    for (int k = 0; k < kBlock; ++k) {
      const float4 q = tile[k];
#pragma unroll
      for (int t = 0; t < kTargets; ++t) {
        physics::interact<float, !kSoftened>(acc[t], q.x - p[t].x, q.y - p[t].y, q.z - p[t].z, q.w,
                                             eps2);
      }
    }
    __syncthreads();
  }
#pragma unroll
  for (int t = 0; t < kTargets; ++t) {
    const int i = first + t * kBlock;
    if (i >= b.n) continue;
    if (eps2 > 0.0f) acc[t].pot += p[t].w * rsqrtf(eps2);
    b.acc[i] = make_float4(acc[t].ax, acc[t].ay, acc[t].az, acc[t].pot);
  }
}

// Each thread one target, every source read straight from global memory.
__global__ void __launch_bounds__(kBlock) direct_naive(BodiesView b, float eps2) {
  const int i = blockIdx.x * kBlock + threadIdx.x;
  if (i >= b.n) return;
  const float4 p = b.pos[i];
  physics::Accum<float> acc;
  for (int j = 0; j < b.n; ++j) {
    const float4 q = b.pos[j];
    physics::interact(acc, q.x - p.x, q.y - p.y, q.z - p.z, j == i ? 0.0f : q.w, eps2);
  }
  b.acc[i] = make_float4(acc.ax, acc.ay, acc.az, acc.pot);
}

// Newton's third law: each pair (i, j > i) once; the reaction goes to j with float atomics.
// out holds 4 floats per body and must be zero on entry.
__global__ void __launch_bounds__(kBlock) direct_atomic(BodiesView b, float eps2, float* out) {
  const int i = blockIdx.x * kBlock + threadIdx.x;
  if (i >= b.n) return;
  const float4 p = b.pos[i];
  physics::Accum<float> mine;
  for (int j = i + 1; j < b.n; ++j) {
    const float4 q = b.pos[j];
    physics::Accum<float> theirs;
    physics::interact_pair(mine, theirs, q.x - p.x, q.y - p.y, q.z - p.z, p.w, q.w, eps2);
    atomicAdd(&out[4 * j + 0], theirs.ax);
    atomicAdd(&out[4 * j + 1], theirs.ay);
    atomicAdd(&out[4 * j + 2], theirs.az);
    atomicAdd(&out[4 * j + 3], theirs.pot);
  }
  atomicAdd(&out[4 * i + 0], mine.ax);
  atomicAdd(&out[4 * i + 1], mine.ay);
  atomicAdd(&out[4 * i + 2], mine.az);
  atomicAdd(&out[4 * i + 3], mine.pot);
}

// One block per target; the block's threads share the sources and reduce in double.
__global__ void __launch_bounds__(kBlock) direct_sample_f64(ConstBodiesView b, const int* __restrict__ targets,
                                                            double eps2, ExactAccel* __restrict__ out,
                                                            float4* __restrict__ current) {
  const int i = targets[blockIdx.x];
  const float4 p = b.pos[i];
  if (threadIdx.x == 0) current[blockIdx.x] = b.acc[i];
  physics::Accum<double> acc;
  for (int j = threadIdx.x; j < b.n; j += kBlock) {
    if (j == i) continue;
    const float4 q = b.pos[j];
    physics::interact<double>(acc, double(q.x) - p.x, double(q.y) - p.y, double(q.z) - p.z, q.w, eps2);
  }
  const ExactAccel sum = block_sum<kBlock>(acc);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
}  // namespace

void launch_direct_tiled(const BodiesView& b, float eps2, cudaStream_t s) {
  // The most targets a thread (8, 4 or 2) that still give every multiprocessor two blocks: on an
  // H100, 8 from about 540,000 bodies, 4 from 270,000.
  auto grid = [&](int targets) { return (b.n + kBlock * targets - 1) / (kBlock * targets); };
  const int enough = 2 * multiprocessors();
  const int targets = grid(8) >= enough ? 8 : grid(4) >= enough ? 4 : 2;
  auto run = [&](auto kernel) { kernel<<<grid(targets), kBlock, 0, s>>>(b, eps2); };
  const bool soft = eps2 > 0.0f;
  if (targets == 8)
    soft ? run(direct_tiled<8, true>) : run(direct_tiled<8, false>);
  else if (targets == 4)
    soft ? run(direct_tiled<4, true>) : run(direct_tiled<4, false>);
  else
    soft ? run(direct_tiled<2, true>) : run(direct_tiled<2, false>);
  CUDA_LAUNCH_CHECK();
}

void launch_direct_naive(const BodiesView& b, float eps2, cudaStream_t s) {
  direct_naive<<<(b.n + kBlock - 1) / kBlock, kBlock, 0, s>>>(b, eps2);
  CUDA_LAUNCH_CHECK();
}

void launch_direct_atomic(const BodiesView& b, float eps2, float* out, cudaStream_t s) {
  CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float) * 4 * b.n, s));
  direct_atomic<<<(b.n + kBlock - 1) / kBlock, kBlock, 0, s>>>(b, eps2, out);
  CUDA_LAUNCH_CHECK();
}

void launch_direct_sample_f64(const ConstBodiesView& b, const int* targets, int count, double eps2,
                              ExactAccel* out, float4* current, cudaStream_t s) {
  if (count <= 0) return;
  direct_sample_f64<<<count, kBlock, 0, s>>>(b, targets, eps2, out, current);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda

namespace galaxy {

float time_direct_kernel(DirectKernel k, const HostBodies& bodies, float softening, int reps) {
  using namespace cuda;
  const int n = static_cast<int>(bodies.size());
  if (n == 0 || reps <= 0) return 0.0f;
  Stream stream;
  DeviceBodies d(n);
  d.upload(bodies, stream.get());
  DeviceBuffer<float> scratch(k == DirectKernel::Atomic ? 4 * static_cast<std::size_t>(n) : 0);
  Event a, b;
  const float eps2 = softening * softening;
  std::vector<float> ms;
  for (int r = 0; r < reps + 1; ++r) {  // the first run warms up
    CUDA_CHECK(cudaEventRecord(a.get(), stream.get()));
    switch (k) {
      case DirectKernel::Tiled: launch_direct_tiled(d.view(), eps2, stream.get()); break;
      case DirectKernel::Naive: launch_direct_naive(d.view(), eps2, stream.get()); break;
      case DirectKernel::Atomic:
        launch_direct_atomic(d.view(), eps2, scratch.data(), stream.get());
        break;
    }
    CUDA_CHECK(cudaEventRecord(b.get(), stream.get()));
    CUDA_CHECK(cudaEventSynchronize(b.get()));
    float t = 0;
    CUDA_CHECK(cudaEventElapsedTime(&t, a.get(), b.get()));
    if (r > 0) ms.push_back(t);
  }
  return static_cast<float>(median(ms));
}

}  // namespace galaxy
