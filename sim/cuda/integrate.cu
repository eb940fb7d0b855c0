// SPDX-License-Identifier: MIT
// Stage 6: leapfrog kick-drift-kick, streaming and fully coalesced. The opening kick and the drift
// run before the force pipeline, the closing kick after it, so that velocities are synchronised
// with positions at the end of every step (the diagnostics and the saves need that).
#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kBlock = 256;

__global__ void kick_drift(BodiesView b, float dt) {
  const float h = 0.5f * dt;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < b.n; i += gridDim.x * kBlock) {
    const float4 a = b.acc[i];
    float4 v = b.vel[i];
    float4 p = b.pos[i];
    v.x += a.x * h, v.y += a.y * h, v.z += a.z * h;
    p.x += v.x * dt, p.y += v.y * dt, p.z += v.z * dt;
    b.vel[i] = v;
    b.pos[i] = p;
  }
}

__global__ void kick(BodiesView b, float h) {
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < b.n; i += gridDim.x * kBlock) {
    const float4 a = b.acc[i];
    float4 v = b.vel[i];
    v.x += a.x * h, v.y += a.y * h, v.z += a.z * h;
    b.vel[i] = v;
  }
}

// Writes (x, y, z, |v|) and population | galaxy << 2 per body, for the renderer.
__global__ void vertices(BodiesView b, float4* __restrict__ xyzs, std::uint8_t* __restrict__ tags) {
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < b.n; i += gridDim.x * kBlock) {
    const float4 p = b.pos[i], v = b.vel[i];
    xyzs[i] = make_float4(p.x, p.y, p.z, sqrtf(v.x * v.x + v.y * v.y + v.z * v.z));
    if (tags) tags[i] = b.tag[i];
  }
}
}  // namespace

void launch_kick_drift(const BodiesView& b, float dt, cudaStream_t s) {
  kick_drift<<<grid_for(b.n, kBlock), kBlock, 0, s>>>(b, dt);
  CUDA_LAUNCH_CHECK();
}

void launch_kick(const BodiesView& b, float half_dt, cudaStream_t s) {
  kick<<<grid_for(b.n, kBlock), kBlock, 0, s>>>(b, half_dt);
  CUDA_LAUNCH_CHECK();
}

void launch_vertices(const BodiesView& b, float* xyzs, std::uint8_t* tags, cudaStream_t s) {
  vertices<<<grid_for(b.n, kBlock), kBlock, 0, s>>>(b, reinterpret_cast<float4*>(xyzs), tags);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
