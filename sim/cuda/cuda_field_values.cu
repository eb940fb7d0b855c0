// SPDX-License-Identifier: MIT
// The CUDA backend's body-field values and the vertices that carry them (the host and the interop
// path): which field is computed how (the speeds and the force error: field_buffers.cu, the walk
// cost: force.cu's counting walk, through maps_).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "cuda_backend.cuh"

namespace galaxy::cuda {

void CudaBackend::write_vertices_host(float* xyzs, std::uint8_t* tags) const {
  // In the order the device path writes (set_vertex_order).
  const int n = bodies_.size();
  if (n == 0) return;
  // Buffers kept from frame to frame (allocating two every frame cost a device synchronisation
  // each); they follow the body count.
  if (host_vertices_.size() != static_cast<std::size_t>(n)) {
    host_vertices_.resize(n);
    host_tags_.resize(n);
  }
  launch_vertices(bodies_.read_view(), reinterpret_cast<float*>(host_vertices_.data()),
                  host_tags_.data(), nullptr, vertices_by_id_, stream_.get());
  maps_.write_values(bodies_.read_view(), reinterpret_cast<float*>(host_vertices_.data()),
                     vertices_by_id_, stream_.get());
  host_vertices_.download(reinterpret_cast<float4*>(xyzs), n, stream_.get());
  if (tags) host_tags_.download(tags, n, stream_.get());
}

// Always in tree order, which the splat draws fastest; vertex_of says where each body went.
bool CudaBackend::write_vertices_device(float* xyzs, std::uint8_t* tags, std::uint32_t* vertex_of,
                                        void* stream) {
  if (bodies_.size() == 0) return true;
  launch_vertices(bodies_.read_view(), xyzs, tags, vertex_of, false, stream_.get());
  maps_.write_values(bodies_.read_view(), xyzs, false, stream_.get());
  if (stream) {
    CUDA_CHECK(cudaEventRecord(vertex_event_.get(), stream_.get()));
    CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), vertex_event_.get(), 0));
  }
  return true;
}

// How the CUDA backend computes each body field, into `by_id` (the user's order, NaN-filled).
void CudaBackend::compute_field(BodyField f, std::uint64_t seed, std::size_t max_bodies,
                                float* by_id) {
  const auto n = static_cast<std::size_t>(bodies_.size());
  cudaStream_t st = stream_.get();
  switch (f) {
    case BodyField::Speed:
      maps_.speeds(settled(), by_id, st);
      break;
    case BodyField::ForceError: {
      const std::size_t count = std::min(max_bodies, sample_size(kErrorFieldPairs, n));
      const ConstBodiesView b = settled();
      maps_.errors(b, count >= n ? std::vector<int>{} : bodies_.ids(st), count, seed,
                   params_.softening, by_id, st);
      break;
    }
    case BodyField::WalkCost:
      if (solver_ == Solver::Direct || !tree_) {
        const float c = solver_ == Solver::Direct && n > 0 ? float(n - 1) : 0.0f;
        const std::vector<float> v(n, c);
        CUDA_CHECK(cudaMemcpyAsync(by_id, v.data(), n * sizeof(float), cudaMemcpyHostToDevice, st));
        CUDA_CHECK(cudaStreamSynchronize(st));
      } else {
        // The newest pass's walk counted again (like trace_walk, with its own decisions).
        const TreeView t = tree_->view(last_.params.leaf_size, last_.params.group_size);
        launch_walk_costs(bodies_.view(), t, last_.params.multipole, last_.relative,
                          tree_->walk_scratch(), by_id, st);
      }
      break;
  }
}

FieldStats CudaBackend::show_field(BodyField f, std::uint64_t seed, std::size_t max_bodies) {
  const auto t0 = std::chrono::steady_clock::now();
  const int n = bodies_.size();
  FieldStats s;
  if (field_info(f).refresh == FieldRefresh::Live) {
    // Computed into the scratch beside the shown values, only for the statistics.
    maps_.clear();
    if (n > 0) {
      live_.resize(static_cast<std::size_t>(n));
      compute_field(f, seed, max_bodies, live_.data());
    }
    s = maps_.stats(f, live_.data(), n, stream_.get());
  } else {
    float* by_id = maps_.start(f, n, stream_.get());  // grey until computed, also on failure
    if (n > 0) compute_field(f, seed, max_bodies, by_id);
    s = maps_.stats(f, by_id, n, stream_.get());
  }
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

std::vector<float> CudaBackend::field_values() const {
  if (bodies_.size() == 0) return {};
  if (maps_.field() != BodyField::Speed) return maps_.download(stream_.get());
  // The device's own speeds, the values show_field's statistics are taken over (a host sqrt of
  // the downloaded velocities differs from the device's fused multiply-adds in the last bit).
  const auto n = static_cast<std::size_t>(bodies_.size());
  live_.resize(n);
  maps_.speeds(settled(), live_.data(), stream_.get());
  std::vector<float> out(n);
  live_.download(out.data(), n, stream_.get());
  return out;
}

}  // namespace galaxy::cuda
