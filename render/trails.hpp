// SPDX-License-Identifier: MIT
// Trails of a subset of the bodies, kept on the GPU and built from the vertex buffers the bodies
// are drawn from (interop_buffer.hpp), so that both backends have them and nothing is read back:
// a ring of `length` samples x M positions, M the followed bodies. After a reset the first sample
// chooses the bodies from the tag buffer (shaders/trail_select.comp: every k-th drawn body, not
// the dark halo, of one galaxy where asked, at most TrailParams::bodies); each sample then gathers
// their positions into the ring's next row (trail_gather.comp). The renderer draws them
// (Renderer::draw_trails). Bodies are named by their own index and found through the vertex
// buffers' vertex_of (the vertices' order may change at every step); the owner resets the trails
// where a body index changes meaning (a new run, another body count). Vertex buffers without
// vertex_of are neither sampled nor drawn over.
#pragma once

#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "gl_object.hpp"
#include "interop_buffer.hpp"
#include "render_params.hpp"

namespace galaxy::render {

class Trails {
 public:
  Trails();  // needs a current GL 4.5 context; throws when a shader does not build

  // Starts over with `p`: no samples, and the bodies are chosen again at the next sample. The
  // ring is reallocated for p.bodies x p.length positions (freed when p.bodies is 0).
  void reset(const TrailParams& p);
  // Appends where the followed bodies of `bodies` are now as the newest sample, choosing them
  // first after a reset. Bodies of another count than the chosen ones are not sampled.
  void sample(const VertexBuffers& bodies);

  const TrailParams& params() const { return params_; }
  int samples() const { return samples_; }  // kept, at most params().length
  int oldest_row() const;                   // the ring row of the oldest kept sample
  // Whether the trails can be drawn over `bodies`: chosen from them, with a sample.
  bool drawable(const VertexBuffers& bodies) const;
  std::size_t capacity() const { return capacity_; }  // M: ring row width
  // Binds `bodies` and the trails' buffers where shaders/trail.glsl declares them.
  void bind(const VertexBuffers& bodies) const;

  // Read-backs for tests and tools (they wait for the GPU): the followed bodies' own indices,
  // and their positions `age` samples before the newest (0: the newest), in the same order.
  std::vector<std::uint32_t> followed_indices() const;
  std::vector<glm::vec3> positions(int age) const;

 private:
  void choose(const VertexBuffers& bodies);
  std::uint32_t followed_count() const;

  GlProgram select_, gather_;
  GlBuffer followed_, choice_, ring_;
  TrailParams params_;
  std::size_t capacity_ = 0;
  std::size_t chosen_from_ = 0;  // the body count the followed bodies were chosen from
  bool chosen_ = false;
  int samples_ = 0, newest_ = -1;
};

}  // namespace galaxy::render
