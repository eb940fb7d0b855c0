// SPDX-License-Identifier: MIT
// The CUDA backend's vertices (the host and the interop path) and its body fields (the error
// and cost maps: error_map.cu and force.cu's counting walk, through maps_).
#include <vector>

#include "cuda_backend.cuh"

namespace galaxy::cuda {

void CudaBackend::write_vertices_host(float* xyzs, std::uint8_t* tags) const {
  // Tree order, like the device path: the renderer does not care about body order.
  const int n = bodies_.size();
  if (n == 0) return;
  // Buffers kept from frame to frame (allocating two every frame cost a device synchronisation
  // each); they follow the body count.
  if (host_vertices_.size() != static_cast<std::size_t>(n)) {
    host_vertices_.resize(n);
    host_tags_.resize(n);
  }
  launch_vertices(bodies_.read_view(), reinterpret_cast<float*>(host_vertices_.data()),
                  host_tags_.data(), stream_.get());
  maps_.write_values(bodies_.read_view(), reinterpret_cast<float*>(host_vertices_.data()),
                     stream_.get());
  host_vertices_.download(reinterpret_cast<float4*>(xyzs), n, stream_.get());
  if (tags) host_tags_.download(tags, n, stream_.get());
}

bool CudaBackend::write_vertices_device(float* xyzs, std::uint8_t* tags, void* stream) {
  if (bodies_.size() == 0) return true;
  launch_vertices(bodies_.read_view(), xyzs, tags, stream_.get());
  maps_.write_values(bodies_.read_view(), xyzs, stream_.get());
  if (stream) {
    CUDA_CHECK(cudaEventRecord(vertex_event_.get(), stream_.get()));
    CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), vertex_event_.get(), 0));
  }
  return true;
}

std::vector<float> CudaBackend::body_errors(std::size_t max_bodies, std::uint64_t seed) const {
  if (bodies_.size() == 0) return {};
  const ConstBodiesView b = settled();
  const bool all = max_bodies >= size();
  return maps_.errors(b, all ? std::vector<int>{} : bodies_.ids(stream_.get()), max_bodies, seed,
                      params_.softening, stream_.get());
}

// The newest pass's walk counted again (like trace_walk, with its own decisions).
std::vector<float> CudaBackend::body_costs() {
  const auto n = static_cast<std::size_t>(bodies_.size());
  if (solver_ == Solver::Direct) return std::vector<float>(n, n > 0 ? float(n - 1) : 0.0f);
  if (n == 0 || !tree_) return std::vector<float>(n, 0.0f);
  const TreeView t = tree_->view(last_.params.leaf_size, last_.params.group_size);
  return maps_.costs(bodies_.view(), t, last_.params.multipole, last_.alpha,
                     tree_->walk_scratch(), stream_.get());
}

}  // namespace galaxy::cuda
