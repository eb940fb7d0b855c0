// SPDX-License-Identifier: MIT
// The trails' buffers (render/trails.hpp), shared by the passes that choose the followed bodies,
// gather their positions and draw them (trail_draw.comp). A tag byte is population | galaxy << 2
// (common.glsl).
layout(std430, binding = 0) readonly buffer Xyzs { vec4 xyzs[]; };  // the bodies' vertices
layout(std430, binding = 1) readonly buffer Tags { uint tags[]; };  // 4 tag bytes per word
// Where each body's vertex is, by the body's own index: the vertices' order changes from step to
// step (the CUDA backend's tree order), a body's index does not. Trails name bodies by it.
layout(std430, binding = 2) readonly buffer VertexOf { uint vertex_of[]; };
layout(std430, binding = 5) buffer Followed { uint followed[]; };  // body index of each trail
// How many bodies are followed: written by the choice on the GPU, read by the passes after it
// (the host reads it back only for tests and tools).
layout(std430, binding = 6) buffer Choice { uint followed_count; };
// The ring: row r holds every trail's position at one sample, trail t at floats 3 (r M + t).
layout(std430, binding = 7) buffer Ring { float ring[]; };
uniform uint u_capacity;  // M: the followed bodies at most, the width of a ring row

uint tag_at(uint i) { return (tags[i >> 2] >> (8u * (i & 3u))) & 0xffu; }

vec3 ring_position(uint row, uint t) {
  uint at = 3u * (row * u_capacity + t);
  return vec3(ring[at], ring[at + 1u], ring[at + 2u]);
}
