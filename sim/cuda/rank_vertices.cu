// SPDX-License-Identifier: MIT
// What rank 0 draws of a run over several GPUs (device_rank.hpp's write_vertices): each rank
// picks the vertices of its bodies whose index in the run is a multiple of the stride, they travel
// to rank 0 by the link's exchange (NCCL, device to device, where the ranks have GPUs of their
// own), and rank 0 places each at its index / stride: into the window's interop buffer, or into
// a staging buffer and down to the host.
#include <stdexcept>
#include <string>

#include "rank_device.cuh"

namespace galaxy::cuda {

namespace {

// Counts them all, writes those that fit `room`.
__global__ void pick_vertices(ConstBodiesView b, unsigned long long stride, RankVertex* out,
                              unsigned long long room, unsigned long long* count) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < b.n; i += gridDim.x * blockDim.x) {
    const auto id = static_cast<unsigned long long>(b.id[i]);
    if (id % stride != 0) continue;
    const float4 p = b.pos[i], v = b.vel[i];
    const unsigned long long at = atomicAdd(count, 1ull);
    if (at >= room) continue;
    out[at] = {p.x,
               p.y,
               p.z,
               sqrtf(v.x * v.x + v.y * v.y + v.z * v.z),
               static_cast<std::uint32_t>(id / stride),
               b.tag[i]};
  }
}

__global__ void place_vertices(const RankVertex* in, int n, float4* xyzs, std::uint8_t* tags,
                               std::uint32_t* vertex_of) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const RankVertex v = in[i];
    xyzs[v.index] = make_float4(v.x, v.y, v.z, v.speed);
    if (tags) tags[v.index] = static_cast<std::uint8_t>(v.tag);
    if (vertex_of) vertex_of[v.index] = v.index;
  }
}

}  // namespace

void RankDevice::write_vertices(std::uint64_t stride, float* xyzs, std::uint8_t* tags,
                                std::uint32_t* vertex_of, std::size_t count, bool device) {
  cudaStream_t s = stream_.get();
  const int n = bodies_.size();
  // About n / stride, unless the rank holds more multiples of the stride than its share (the
  // ids' order can follow the space): then again with room for all of them.
  const std::size_t expected = static_cast<std::size_t>(n) / stride + 1;
  if (picked_.size() < expected) picked_.resize(expected + expected / 4);
  unsigned long long mine = 0;
  for (int pass = 0; pass < 2; ++pass) {
    CUDA_CHECK(cudaMemsetAsync(picked_count_.data(), 0, sizeof(unsigned long long), s));
    if (n > 0) {
      pick_vertices<<<rank_blocks(n), 256, 0, s>>>(bodies_.read_view(), stride, picked_.data(),
                                                   picked_.size(), picked_count_.data());
      CUDA_LAUNCH_CHECK();
    }
    picked_count_.download(&mine, 1, s);
    if (mine <= picked_.size()) break;
    picked_.resize(mine);
  }
  const auto k = static_cast<std::size_t>(link_.size());
  std::vector<std::uint64_t> send(k, 0), recv(k, 0);
  send[0] = mine * sizeof(RankVertex);
  link_.all_to_all(send.data(), recv.data());
  std::uint64_t in = 0;
  for (std::uint64_t b : recv) in += b / sizeof(RankVertex);
  if (link_.rank() == 0 && in != count) {
    throw std::logic_error("the ranks sent " + std::to_string(in) + " vertices of " +
                           std::to_string(count));
  }
  if (gathered_.size() < in) gathered_.resize(in);
  link_.exchange(picked_.data(), send.data(), gathered_.data(), recv.data(), s);
  if (link_.rank() == 0 && in > 0) place(in, xyzs, tags, vertex_of, device);
  CUDA_CHECK(cudaStreamSynchronize(s));
}

// Rank 0: the gathered vertices at their places, in device memory or through staging to the host.
void RankDevice::place(std::size_t n, float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                       bool device) {
  cudaStream_t s = stream_.get();
  if (!device) {
    staged_xyzs_.resize(n);
    staged_tags_.resize(n);
  }
  float4* to = device ? reinterpret_cast<float4*>(xyzs) : staged_xyzs_.data();
  std::uint8_t* to_tags = device ? tags : staged_tags_.data();
  place_vertices<<<rank_blocks(static_cast<long>(n)), 256, 0, s>>>(
      gathered_.data(), static_cast<int>(n), to, to_tags, device ? vertex_of : nullptr);
  CUDA_LAUNCH_CHECK();
  if (device) return;
  staged_xyzs_.download(reinterpret_cast<float4*>(xyzs), n, s);
  if (tags) staged_tags_.download(tags, n, s);
  if (vertex_of) {
    for (std::size_t j = 0; j < n; ++j) vertex_of[j] = static_cast<std::uint32_t>(j);
  }
}

}  // namespace galaxy::cuda
