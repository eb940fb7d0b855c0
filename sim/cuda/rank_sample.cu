// SPDX-License-Identifier: MIT
// A device rank's part of an exact sample over the ranks (RankState::exact_sample): which of the
// sampled bodies it holds, and the float64 pull of all its bodies at the sampled bodies' places
// (the ranks' shares are then added: nothing but the sample leaves a rank).
#include "block_sum.cuh"
#include "rank_device.cuh"

namespace galaxy::cuda {

namespace {

constexpr int kBlock = 256;

// slot[k] = the body here whose index in the run is wanted[k] (sorted); untouched where none.
__global__ void find_wanted(const int* __restrict__ id, int n,
                            const std::uint64_t* __restrict__ wanted, int count, int* slot) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const auto v = static_cast<std::uint64_t>(id[i]);
    int lo = 0, hi = count;
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (wanted[mid] < v)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo < count && wanted[lo] == v) slot[lo] = i;
  }
}

// Body slot[k] into place k of `out`; id -1 where this rank does not hold wanted[k].
__global__ void gather_wanted(ConstBodiesView b, const int* __restrict__ slot, int count,
                              BodiesView out) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= count) return;
  const int i = slot[k];
  if (i < 0) {
    out.id[k] = -1;
    return;
  }
  out.pos[k] = b.pos[i], out.vel[k] = b.vel[i], out.acc[k] = b.acc[i];
  out.id[k] = b.id[i], out.tag[k] = b.tag[i];
}

// One block a point: the pull of every body of b there, reduced in double. Without softening a
// body at the point (its own place) is left out, as the CPU's kernel does.
__global__ void __launch_bounds__(kBlock) sums_at(ConstBodiesView b, const float* __restrict__ xyz,
                                                  double eps2, ExactAccel* __restrict__ out) {
  const double px = xyz[3 * blockIdx.x], py = xyz[3 * blockIdx.x + 1], pz = xyz[3 * blockIdx.x + 2];
  physics::Accum<double> acc;
  for (int j = threadIdx.x; j < b.n; j += kBlock) {
    const float4 q = b.pos[j];
    const double dx = double(q.x) - px, dy = double(q.y) - py, dz = double(q.z) - pz;
    if (eps2 == 0 && dx == 0 && dy == 0 && dz == 0) continue;
    physics::interact<double>(acc, dx, dy, dz, q.w, eps2);
  }
  const ExactAccel sum = block_sum<kBlock>(acc);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

}  // namespace

HostBodies RankDevice::find(const std::vector<std::uint64_t>& wanted,
                            std::vector<std::uint64_t>& places) {
  places.clear();
  const int count = static_cast<int>(wanted.size()), n = bodies_.size();
  if (count == 0) return {};
  cudaStream_t s = stream_.get();
  DeviceBuffer<std::uint64_t> w(wanted.size());
  DeviceBuffer<int> slot(wanted.size());
  DeviceBodies found(count);
  w.upload(wanted.data(), wanted.size(), s);
  CUDA_CHECK(cudaMemsetAsync(slot.data(), 0xff, slot.bytes(), s));  // -1: not here
  if (n > 0) {
    find_wanted<<<grid_for(n, 256), 256, 0, s>>>(bodies_.read_view().id, n, w.data(), count,
                                                 slot.data());
    CUDA_LAUNCH_CHECK();
  }
  gather_wanted<<<(count + 255) / 256, 256, 0, s>>>(bodies_.read_view(), slot.data(), count,
                                                    found.view());
  CUDA_LAUNCH_CHECK();
  HostBodies all;
  std::vector<std::uint64_t> ids;
  found.download(found.read_view(), all, s, &ids);
  std::vector<std::size_t> here;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    if (ids[k] != static_cast<std::uint64_t>(-1)) here.push_back(k), places.push_back(k);
  }
  return subset(all, here);
}

std::vector<AccelD> RankDevice::direct_sums_at(const std::vector<float>& xyz, float softening) {
  const std::size_t count = xyz.size() / 3;
  std::vector<AccelD> out(count, AccelD{0, 0, 0, 0});
  if (count == 0) return out;
  cudaStream_t s = stream_.get();
  DeviceBuffer<float> points(xyz.size());
  DeviceBuffer<ExactAccel> sums(count);
  points.upload(xyz.data(), xyz.size(), s);
  const double eps = softening;
  sums_at<<<static_cast<unsigned>(count), kBlock, 0, s>>>(bodies_.read_view(), points.data(),
                                                          eps * eps, sums.data());
  CUDA_LAUNCH_CHECK();
  std::vector<ExactAccel> e(count);
  sums.download(e.data(), count, s);
  for (std::size_t k = 0; k < count; ++k) out[k] = {e[k].ax, e[k].ay, e[k].az, e[k].pot};
  return out;
}

}  // namespace galaxy::cuda
