// SPDX-License-Identifier: MIT
// The body fields on the GPU (field_buffers.cuh): the force error's exact accelerations of every
// body (or of the meter's sample) by direct summation, compared with those the solver left in acc;
// the speeds; the statistics of a field's values; and the values drawn into the vertices.
//
// Precision: each pair term is computed in float (physics::interact, as the tiled direct kernel),
// summed in float over one shared-memory tile of kTile sources and the tile sums added in double.
// Against the double-precision meter this changes the reference acceleration by a relative
// ~1e-6 typically (float terms of relative error ~1e-7, partial sums of 256), so an error map
// value differs from the meter's number for the same body by about that much absolutely
// (tests/test_field_values.cpp allows 2e-5 + 1e-3 relative, far below the 1e-5..1e-2 the field
// shows). Cost: the rate of the tiled direct kernel, ~1.3e12 pairs/s on an H100 with four
// targets a thread, so a million bodies take about 0.8 s (a sample above that: CudaSimulation::kErrorFieldPairs).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "accuracy.hpp"
#include "field_buffers.cuh"

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

// w of vertex i = the value of its body: body i where the vertices are in the bodies' own order,
// else body id[i] (tree order); not computed (NaN): kNotComputed.
__global__ void vertex_values(ConstBodiesView b, const float* __restrict__ by_id, float* xyzs,
                              bool vertices_by_id) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < b.n; i += gridDim.x * blockDim.x) {
    const float v = by_id[vertices_by_id ? i : b.id[i]];
    xyzs[4 * i + 3] = isfinite(v) ? v : kNotComputed;
  }
}

__global__ void speeds_by_id(ConstBodiesView b, float* __restrict__ by_id) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < b.n; i += gridDim.x * blockDim.x) {
    const float4 v = b.vel[i];
    by_id[b.id[i]] = sqrtf(v.x * v.x + v.y * v.y + v.z * v.z);
  }
}

struct IsFinite {
  __device__ bool operator()(float v) const { return isfinite(v); }
};
struct ToDouble {
  __device__ double operator()(float v) const { return v; }
};
}  // namespace

float* FieldBuffers::start(BodyField f, int n, cudaStream_t s) {
  values_.resize(static_cast<std::size_t>(n));
  field_ = f;
  if (n > 0) {
    fill<<<grid_for(n, 256), 256, 0, s>>>(values_.data(), n, std::numeric_limits<float>::quiet_NaN());
    CUDA_LAUNCH_CHECK();
  }
  return values_.data();
}

std::vector<float> FieldBuffers::download(cudaStream_t s) const {
  std::vector<float> out(values_.size());
  values_.download(out.data(), out.size(), s);
  return out;
}

FieldStats FieldBuffers::stats(BodyField f, const float* by_id, int n, cudaStream_t s) {
  FieldStats st;
  st.field = f;
  st.bodies = static_cast<std::size_t>(n);
  if (n == 0) return st;
  if (finite_.size() < static_cast<std::size_t>(n)) {
    finite_.resize(n);
    sorted_.resize(n);
  }
  const auto as_double = thrust::make_transform_iterator(sorted_.data(), ToDouble{});
  // CUB's temporary, grown to what each call asks for the items it is given (a growth frees the
  // old one with cudaFree, which waits for the work using it).
  auto temp = [&](std::size_t bytes) {
    if (temp_.size() < bytes) temp_.resize(bytes);
    return temp_.size();
  };
  std::size_t bytes = 0;
  CUDA_CHECK(cub::DeviceSelect::If(nullptr, bytes, by_id, finite_.data(), count_.data(), n,
                                   IsFinite{}, s));
  bytes = temp(bytes);
  CUDA_CHECK(cub::DeviceSelect::If(temp_.data(), bytes, by_id, finite_.data(), count_.data(), n,
                                   IsFinite{}, s));
  int count = 0;
  count_.download(&count, 1, s);
  st.count = static_cast<std::size_t>(count);
  if (count == 0) return st;
  // CUB's radix sort orders negative floats right too.
  bytes = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, finite_.data(), sorted_.data(), count,
                                            0, 32, s));
  bytes = temp(bytes);
  CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp_.data(), bytes, finite_.data(), sorted_.data(),
                                            count, 0, 32, s));
  bytes = 0;
  CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, as_double, sum_.data(), count, s));
  bytes = temp(bytes);
  CUDA_CHECK(cub::DeviceReduce::Sum(temp_.data(), bytes, as_double, sum_.data(), count, s));
  // The quantiles as field_stats takes them on the host (body_field_table.cpp): the median of the
  // middle one or two, the p99 element floor(0.99 count), the last.
  std::array<float, 4> v{};
  const std::size_t half = static_cast<std::size_t>(count) / 2;
  const std::array<std::size_t, 4> at{
      count % 2 ? half : half - 1, half,
      std::min<std::size_t>(count - 1, static_cast<std::size_t>(0.99 * count)),
      static_cast<std::size_t>(count) - 1};
  for (int k = 0; k < 4; ++k) {
    CUDA_CHECK(cudaMemcpyAsync(&v[k], sorted_.data() + at[k], sizeof(float),
                               cudaMemcpyDeviceToHost, s));
  }
  sum_.download(&st.total, 1, s);  // waits for the copies above too (same stream)
  st.median = 0.5 * (double(v[0]) + double(v[1]));
  st.p99 = v[2], st.max = v[3];
  st.mean = st.total / count;
  return st;
}

void FieldBuffers::speeds(const ConstBodiesView& b, float* by_id, cudaStream_t s) const {
  if (b.n == 0) return;
  speeds_by_id<<<grid_for(b.n, 256), 256, 0, s>>>(b, by_id);
  CUDA_LAUNCH_CHECK();
}

void FieldBuffers::errors(const ConstBodiesView& b, const std::vector<int>& ids,
                          std::size_t max_bodies, std::uint64_t seed, float softening, float* by_id,
                          cudaStream_t s) {
  const int n = b.n;
  if (n == 0) return;
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
    if (count == 0) return;
    targets_.resize(slots.size());
    targets_.upload(slots.data(), slots.size(), s);
    targets = targets_.data();
  }
  const int blocks = (count + kTile * kTargets - 1) / (kTile * kTargets);
  const float eps2 = softening * softening;
  if (eps2 > 0.0f) {
    exact_errors<true><<<blocks, kTile, 0, s>>>(b, targets, count, eps2, by_id);
  } else {
    exact_errors<false><<<blocks, kTile, 0, s>>>(b, targets, count, eps2, by_id);
  }
  CUDA_LAUNCH_CHECK();
}

void FieldBuffers::write_values(const ConstBodiesView& b, float* xyzs, bool by_id,
                                cudaStream_t s) const {
  if (values_.size() != static_cast<std::size_t>(b.n) || b.n == 0) return;
  vertex_values<<<grid_for(b.n, 256), 256, 0, s>>>(b, values_.data(), xyzs, by_id);
  CUDA_LAUNCH_CHECK();
}

}  // namespace galaxy::cuda
