// SPDX-License-Identifier: MIT
#include "run/frame_handoff.hpp"

namespace galaxy::app {

void FrameHandoff::publish(Simulation& sim, StepReport r, bool device, bool vertex_of) {
  int back = 0;
  {
    std::lock_guard lock(mutex_);
    back = front_ == 0 ? 1 : 0;
  }
  // The frame loop reads only the front slot, so nobody starts reading `back` before it is
  // published; a copy it started from `back` while that was the front must finish first.
  Slot& s = slots_[back];
  VertexWriter& v = offered(sim.vertices(), sim, Face::Vertices, "drawing the bodies");
  const std::size_t n = sim.vertex_count();
  r.vertices = n;
  bool on_device = false;
  if (device) {
    s.device.wait_copied();
    s.device.resize(n, vertex_of);
    // A simulation without the device form says so: the host form then (a run over device ranks
    // before it had one published nothing at all).
    on_device =
        v.write_vertices_device(s.device.xyzs(), s.device.tags(), s.device.vertex_of(), nullptr);
  }
  if (!on_device) {
    v.set_vertex_order(vertex_of);  // the host form in the bodies' own order: vertex_of is 1:1
    s.xyzs.resize(4 * n);
    s.tags.resize(render::tag_buffer_bytes(n));
    v.write_vertices_host(s.xyzs.data(), s.tags.data());
  }
  sim.synchronize();  // the slot holds the whole step before anyone may read it
  s.on_device = on_device;
  s.vertex_of = vertex_of;
  std::lock_guard lock(mutex_);
  r.sequence = ++sequence_;
  s.report = std::move(r);
  front_ = back;
}

std::size_t FrameHandoff::newest_vertices() const {
  std::lock_guard lock(mutex_);
  return front_ < 0 ? 0 : slots_[front_].report.vertices;
}

bool FrameHandoff::newest_has_vertex_of() const {
  std::lock_guard lock(mutex_);
  return front_ >= 0 && slots_[front_].vertex_of;
}

FrameHandoff::Taken FrameHandoff::take(render::VertexBuffers& buffers) {
  Taken t;
  std::lock_guard lock(mutex_);  // held through the copy: the publisher waits for it, not the GPU
  if (front_ < 0) return t;
  Slot& s = slots_[front_];
  t.report = s.report;
  if (s.report.sequence == taken_ || buffers.count() != s.report.vertices) return t;
  if (buffers.has_vertex_of() != s.vertex_of) return t;
  if (s.on_device) {
    auto mapping = buffers.map();
    s.device.copy_to(mapping);  // ordered before the unmap, which orders GL after it
    t.interop = true;
  } else {
    buffers.upload(s.xyzs.data(), s.tags.data());
    t.bytes = s.report.vertices * (4 * sizeof(float) + 1);
  }
  taken_ = s.report.sequence;
  t.fresh = true;
  return t;
}

void FrameHandoff::clear() {
  std::lock_guard lock(mutex_);
  for (Slot& s : slots_) {
    s.device.resize(0);
    s.xyzs = {};
    s.tags = {};
  }
  front_ = -1;
}

}  // namespace galaxy::app
