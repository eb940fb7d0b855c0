// SPDX-License-Identifier: MIT
// The CUDA backend for the overlays and the tests: the walk of one body (replayed on the device),
// the tree's cells and the whole tree.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cuda_backend.cuh"

namespace galaxy::cuda {

// The group walk of the newest pass, replayed by one warp (force.cu, launch_trace).
WalkTrace CudaBackend::trace_walk(std::size_t index) {
  require_tree("trace_walk");
  if (index >= size()) {
    throw std::out_of_range("trace_walk: no body " + std::to_string(index) + " among " +
                            std::to_string(size()));
  }
  cudaStream_t st = stream_.get();
  const int cap = static_cast<int>(kMaxTraceEntries);
  if (!trace_) trace_.emplace();  // kept: the overlay asks up to five times a second
  DeviceBuffer<TraceHeader>& header = trace_->header;
  const DeviceBuffer<float4>&accepted = trace_->accepted, &opened = trace_->opened,
                          &direct = trace_->direct;
  const TraceView out{header.data(),         trace_->accepted.data(), trace_->opened.data(),
                      trace_->direct.data(), cap,                     trace_->slot.data()};
  const TreeView t = tree_->view(last_.params.leaf_size, last_.params.group_size);
  launch_trace(bodies_.view(), t, last_.params.multipole, last_.relative, static_cast<int>(index),
               tree_->walk_scratch(), out, st);
  TraceHeader h{};
  header.download(&h, 1, st);
  if (!h.found) throw std::logic_error("trace_walk: body " + std::to_string(index) + " not found");
  WalkTrace w;
  w.group = {{h.lo[0], h.lo[1], h.lo[2]}, {h.hi[0], h.hi[1], h.hi[2]}, 0};
  w.group_bodies = static_cast<std::size_t>(h.end - h.begin);
  w.truncated = std::max({h.accepted, h.opened, h.direct}) > cap;
  auto boxes = [&](const DeviceBuffer<float4>& list, int count) {
    std::vector<float4> v(2 * static_cast<std::size_t>(std::min(count, cap)));
    list.download(v.data(), v.size(), st);
    std::vector<TraceBox> out;
    for (std::size_t k = 0; k + 1 < v.size(); k += 2) {
      int level = 0;
      std::memcpy(&level, &v[k].w, sizeof level);
      out.push_back({{v[k].x, v[k].y, v[k].z}, {v[k + 1].x, v[k + 1].y, v[k + 1].z}, level});
    }
    return out;
  };
  w.accepted = boxes(accepted, h.accepted);
  w.opened = boxes(opened, h.opened);
  std::vector<float4> d(std::min(h.direct, cap));
  direct.download(d.data(), d.size(), st);
  for (const float4& p : d) w.direct.push_back({p.x, p.y, p.z});
  w.body = {h.body[0], h.body[1], h.body[2]};
  w.theta = last_.params.theta;
  w.alpha = last_.relative.alpha;
  return w;
}

std::vector<TraceBox> CudaBackend::tree_cells(int max_depth) const {
  require_tree("tree_cells");
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  return tree_->cells(max_depth, stream_.get());
}

GpuTree CudaBackend::download_tree() const {
  if (solver_ != Solver::BarnesHut || !tree_ || size() == 0) return {};
  CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  return tree_->download(bodies_.ids(stream_.get()), stream_.get());
}

}  // namespace galaxy::cuda
