// SPDX-License-Identifier: MIT
// The owner of the bodies on the device: the arrays the pipeline reads and writes (in tree order)
// and the second set every pass moves them into (launch_advance), which then holds the state
// before that pass: the runaway's way back (runaway.cuh). Kernels get trivially copyable views;
// nothing else allocates body arrays.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "bodies.hpp"
#include "cuda_check.cuh"
#include "kernels.cuh"

namespace galaxy::cuda {

class DeviceBodies {
 public:
  // Allocates every array for n bodies (throws and leaves *this as it was on failure: a fresh
  // object is built and moved in by the caller).
  explicit DeviceBodies(int n = 0) : DeviceBodies(n, n) {}
  // Room for `capacity` bodies, n of them in use (a rank of a run over several GPUs, whose count
  // changes as bodies migrate: set_size).
  DeviceBodies(int n, int capacity);

  int size() const { return n_; }
  int capacity() const { return capacity_; }
  // n (at most capacity()) bodies in use from now on, in both sets.
  void set_size(int n);
  BodiesView view() { return now_.view(n_); }
  ConstBodiesView read_view() const { return now_.view(n_); }
  // The other set: where a pass moves the bodies; once it has, the state before that pass.
  BodiesView other_view() { return next_.view(n_); }
  ConstBodiesView other_read_view() const { return next_.view(n_); }
  // After a pass moved the bodies (or, going back after a runaway, the state before it): the
  // other set becomes the current one.
  void swap_sets() { now_.swap(next_); }

  // Room for `capacity` bodies (none made smaller), the current set's kept, the other set's
  // contents gone; throws on out-of-memory, changing nothing.
  void reserve(int capacity, cudaStream_t s);

  // Every array of b up into the current set, tags from population and galaxy; ids 0..n-1, or
  // `ids` (a rank's share of a run over GPUs: each body's index in the run, below 2^31).
  void upload(const HostBodies& b, cudaStream_t s, const std::vector<std::uint64_t>* ids = nullptr);
  // `v` (either of this object's sets) down, scattered back to the user's order; or, where `ids`
  // is given, in the device's order with each body's id in ids.
  void download(const ConstBodiesView& v, HostBodies& b, cudaStream_t s,
                std::vector<std::uint64_t>* ids = nullptr) const;
  // Tree-order slot -> the body's index in the user's order.
  std::vector<int> ids(cudaStream_t s) const;
  // The accelerations and potentials of `b` (the user's order) in place of the current ones.
  void upload_accelerations(const HostBodies& b, cudaStream_t s);

 private:
  struct Arrays;

 public:
  // A device copy of the current arrays, in their order (a keyframe): save() allocates it (throws
  // on out-of-memory, changing nothing) and copies on the stream; load() copies it back.
  class Saved {
   public:
    Saved();
    ~Saved();
    Saved(Saved&&) noexcept;
    Saved& operator=(Saved&&) noexcept;
    int size() const { return n_; }
    std::size_t bytes() const;

   private:
    friend class DeviceBodies;
    std::unique_ptr<Arrays> a_;
    int n_ = 0;
  };
  // Into `k`, reusing its buffers where they have room for the bodies; else they are made anew
  // with room for `room` (a rank's count changes a little from step to step).
  void save(Saved& k, cudaStream_t s, int room = 0) const;
  void load(const Saved& k, cudaStream_t s);

 private:
  struct Arrays {
    DeviceBuffer<float4> pos, vel, acc;
    DeviceBuffer<int> id;
    DeviceBuffer<std::uint8_t> tag;
    void allocate(int n);
    void swap(Arrays& o) noexcept;
    BodiesView view(int n) { return {pos.data(), vel.data(), acc.data(), id.data(), tag.data(), n}; }
    ConstBodiesView view(int n) const {
      return {pos.data(), vel.data(), acc.data(), id.data(), tag.data(), n};
    }
  };
  int n_ = 0, capacity_ = 0;
  Arrays now_, next_;
};

}  // namespace galaxy::cuda
