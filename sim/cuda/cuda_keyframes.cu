// SPDX-License-Identifier: MIT
// The CUDA backend's keyframes: device copies of the settled bodies, and going back to one.
#include <memory>
#include <optional>
#include <stdexcept>

#include "cuda_backend.cuh"

namespace galaxy::cuda {

namespace {
struct CudaKeyframe final : Keyframe {
  DeviceBodies::Saved bodies;
  bool have_accel = false, have_potentials = false;
  std::optional<PassDecisions> decisions;  // where the potentials were left out
  std::size_t bytes() const override {
    return bodies.bytes() + (decisions ? decisions->alpha.bytes() : 0);
  }
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
  // Where the potentials were left out, the decisions to walk them again by, else the walk now.
  if (!potentials_current_) {
    if (!k->decisions) k->decisions.emplace();
    if (!save_decisions(*k->decisions)) ensure_potentials();
  }
  if (potentials_current_) k->decisions.reset();
  bodies_.save(k->bodies, stream_.get());  // into the spare's buffers where they fit
  k->have_accel = have_accel_;
  k->have_potentials = potentials_current_;
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
  potentials_current_ = c.have_potentials;  // else the next that reads them computes them
  if (c.decisions) {
    if (!decisions_) decisions_.emplace();
    decisions_->copy(c.decisions->pass, c.decisions->alpha.data(), c.decisions->groups, st);
  } else {
    decisions_.reset();
  }
  tree_current_ = false;
  time_ = c.time, steps_ = c.steps;
}

}  // namespace galaxy::cuda
