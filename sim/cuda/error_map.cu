// SPDX-License-Identifier: MIT
// The error map on the GPU: exact accelerations of every body (or of the meter's sample) by
// direct summation, compared with those the solver left in acc; and the colour maps' buffers.
//
// Precision: each pair term is computed in float (physics::interact, as the tiled direct kernel),
// summed in float over one shared-memory tile of kTile sources and the tile sums added in double.
// Against the double-precision meter this changes the reference acceleration by a relative
// ~1e-6 typically (float terms of relative error ~1e-7, partial sums of 256), so an error map
// value differs from the meter's number for the same body by about that much absolutely
// (tests/test_colour_maps.cpp allows 2e-5 + 1e-3 relative, far below the 1e-5..1e-2 the map
// shows). Cost: the rate of the tiled direct kernel, ~1.3e12 pairs/s on an H100 with four
// targets a thread, so a million bodies take about 0.8 s (the app samples above that: colour_maps.cpp).
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "accuracy.hpp"
#include "error_map.cuh"

namespace galaxy::cuda {

namespace {
constexpr int kTile = 256;
constexpr int kTargets = 4;  // targets a thread, kTile apart

// Targets `count`: slot targets[k] (or k when targets is null). Writes err_by_id[id[slot]].
template <bool kSoftened>
__global__ void __launch_bounds__(kTile) exact_errors(ConstBodiesView b, const int* targets,
                                                      int count, float eps2, float* err_by_id) {
  __shared__ float4 tile[kTile];
  const int first = blockIdx.x * kTile * kTargets + threadIdx.x;
  int slot[kTargets];
  float4 p[kTargets];
  double ax[kTargets], ay[kTargets], az[kTargets];
#pragma unroll
  for (int t = 0; t < kTargets; ++t) {
    const int k = min(first + t * kTile, count - 1);
    slot[t] = targets ? targets[k] : k;
    p[t] = b.pos[slot[t]];
    ax[t] = ay[t] = az[t] = 0.0;
  }
  for (int base = 0; base < b.n; base += kTile) {
    const int j = base + threadIdx.x;
    tile[threadIdx.x] = j < b.n ? b.pos[j] : make_float4(0, 0, 0, 0);  // padding: massless
    __syncthreads();
    physics::Accum<float> part[kTargets];
#pragma unroll 16
    for (int k = 0; k < kTile; ++k) {
      const float4 q = tile[k];
#pragma unroll
      for (int t = 0; t < kTargets; ++t) {
        // The self pair has zero offset: no force (softened), or skipped (eps = 0).
        physics::interact<float, !kSoftened>(part[t], q.x - p[t].x, q.y - p[t].y, q.z - p[t].z,
                                             q.w, eps2);
      }
    }
#pragma unroll
    for (int t = 0; t < kTargets; ++t) ax[t] += part[t].ax, ay[t] += part[t].ay, az[t] += part[t].az;
    __syncthreads();
  }
#pragma unroll
  for (int t = 0; t < kTargets; ++t) {
    if (first + t * kTile >= count) continue;
    const float4 a = b.acc[slot[t]];
    const double dx = a.x - ax[t], dy = a.y - ay[t], dz = a.z - az[t];
    const double norm = sqrt(ax[t] * ax[t] + ay[t] * ay[t] + az[t] * az[t]);
    err_by_id[b.id[slot[t]]] = static_cast<float>(sqrt(dx * dx + dy * dy + dz * dz) / norm);
  }
}

__global__ void fill(float* v, int n, float value) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v[i] = value;
}

// w of vertex i (tree order) = the value of body id[i].
__global__ void vertex_values(ConstBodiesView b, const float* __restrict__ by_id, float* xyzs) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < b.n; i += gridDim.x * blockDim.x) {
    xyzs[4 * i + 3] = by_id[b.id[i]];
  }
}
}  // namespace

std::vector<float> ColourMapBuffers::errors(const ConstBodiesView& b, const std::vector<int>& ids,
                                            std::size_t max_bodies, std::uint64_t seed,
                                            float softening, cudaStream_t s) {
  const int n = b.n;
  if (n == 0) return {};
  out_.resize(static_cast<std::size_t>(n));
  fill<<<grid_for(n, 256), 256, 0, s>>>(out_.data(), n, std::numeric_limits<float>::quiet_NaN());
  CUDA_LAUNCH_CHECK();
  int count = n;
  const int* targets = nullptr;
  if (!ids.empty() && max_bodies < static_cast<std::size_t>(n)) {
    // The meter's bodies (accuracy.cu finds them the same way), in tree order.
    const std::vector<int> wanted = random_sample(n, max_bodies, seed);
    std::vector<char> chosen(n, 0);
    for (int i : wanted) chosen[i] = 1;
    std::vector<int> slots;
    slots.reserve(wanted.size());
    for (int k = 0; k < n; ++k) {
      if (chosen[ids[k]]) slots.push_back(k);
    }
    count = static_cast<int>(slots.size());
    if (count == 0) return std::vector<float>(n, std::numeric_limits<float>::quiet_NaN());
    targets_.resize(slots.size());
    targets_.upload(slots.data(), slots.size(), s);
    targets = targets_.data();
  }
  const int blocks = (count + kTile * kTargets - 1) / (kTile * kTargets);
  const float eps2 = softening * softening;
  if (eps2 > 0.0f) {
    exact_errors<true><<<blocks, kTile, 0, s>>>(b, targets, count, eps2, out_.data());
  } else {
    exact_errors<false><<<blocks, kTile, 0, s>>>(b, targets, count, eps2, out_.data());
  }
  CUDA_LAUNCH_CHECK();
  std::vector<float> out(n);
  out_.download(out.data(), out.size(), s);
  return out;
}

std::vector<float> ColourMapBuffers::costs(const BodiesView& b, const TreeView& t, int multipole,
                                           float alpha, const WalkScratch& w, cudaStream_t s) {
  if (b.n == 0) return {};
  out_.resize(static_cast<std::size_t>(b.n));
  launch_walk_costs(b, t, multipole, alpha, w, out_.data(), s);
  std::vector<float> out(b.n);
  out_.download(out.data(), out.size(), s);
  return out;
}

void ColourMapBuffers::set_values(const std::vector<float>& by_id, int n, cudaStream_t s) {
  if (by_id.size() != static_cast<std::size_t>(n)) {
    throw std::invalid_argument("vertex values: " + std::to_string(by_id.size()) + " values for " +
                                std::to_string(n) + " bodies");
  }
  DeviceBuffer<float> v(by_id.size());  // allocated before the old one goes
  v.upload(by_id.data(), by_id.size(), s);
  values_.swap(v);
}

void ColourMapBuffers::write_values(const ConstBodiesView& b, float* xyzs, cudaStream_t s) const {
  if (values_.size() != static_cast<std::size_t>(b.n) || b.n == 0) return;
  vertex_values<<<grid_for(b.n, 256), 256, 0, s>>>(b, values_.data(), xyzs);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
