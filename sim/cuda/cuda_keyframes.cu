// SPDX-License-Identifier: MIT
// The CUDA backend's keyframes: device copies of the settled bodies, and going back to one.
#include <memory>
#include <stdexcept>

#include "cuda_backend.cuh"

namespace galaxy::cuda {

namespace {
struct CudaKeyframe final : Keyframe {
  DeviceBodies::Saved bodies;
  bool have_accel = false;
  std::size_t bytes() const override { return bodies.bytes(); }
};
}  // namespace

// A device copy of the settled bodies (a pass that ran away is never kept: the state before it,
// which runaway() goes back to, is what settled() reads).
std::unique_ptr<Keyframe> CudaBackend::capture(std::unique_ptr<Keyframe> spare) const {
  if (settled().pos != bodies_.read_view().pos) {
    throw std::logic_error("capture: the newest step ran away; runaway() goes back first");
  }
  std::unique_ptr<CudaKeyframe> k;
  if (spare && spare->owner == this) k.reset(static_cast<CudaKeyframe*>(spare.release()));
  if (!k) k = std::make_unique<CudaKeyframe>();
  bodies_.save(k->bodies, stream_.get());  // into the spare's buffers where they fit
  k->have_accel = have_accel_;
  k->steps = steps_, k->time = time_, k->body_count = size(), k->owner = this;
  return k;
}

// A keyframe of another body count (from before or after bodies were added or taken out: the
// timeline's edits) gets arrays of its size first, built aside so that a failed allocation keeps
// the current state.
void CudaBackend::restore(const Keyframe& k) {
  if (k.owner != this) throw std::invalid_argument("restore: the keyframe belongs to another run");
  const auto& c = static_cast<const CudaKeyframe&>(k);
  cudaStream_t st = stream_.get();
  CUDA_CHECK(cudaStreamSynchronize(st));
  if (k.body_count != size()) {
    const int n = static_cast<int>(k.body_count);
    DeviceBodies bodies(n);
    DeviceOctree tree(n, params_.leaf_size);
    tree.order_walk_by_cost();
    bodies_ = std::move(bodies);
    tree_ = std::move(tree);
    host_vertices_.resize(0), host_tags_.resize(0);
    maps_.clear();  // the other bodies' values
  }
  passes_.checked = passes_.done;  // what passes before the jump found no longer matters
  bodies_.load(c.bodies, st);
  forget_box();
  launch_clear_runaway(record_.data(), st);
  CUDA_CHECK(cudaStreamSynchronize(st));
  runaway_.reset();
  have_accel_ = c.have_accel;
  tree_current_ = false;
  time_ = c.time, steps_ = c.steps;
}

}  // namespace galaxy::cuda
