// SPDX-License-Identifier: MIT
// Compute-splat path for large N: each invocation projects one body and adds its colour, in
// fixed point, to the four pixels around it (bilinear weights) with integer atomics. No raster
// pipeline, so its cost is one read per body and a few atomics, not a fragment per sprite pixel.
// Two mains: splat.comp adds each body to the buffer itself; splat_shared.comp first sums a
// workgroup's close bodies in shared memory (Renderer::set_shared_splat says which runs where).
// The sums are of integers, so both make the same bits.
layout(std430, binding = 0) readonly buffer Xyzs { vec4 xyzs[]; };
layout(std430, binding = 1) readonly buffer Tags { uint tags[]; };      // 4 tag bytes per word
layout(std430, binding = 2) coherent buffer Accum { uint accum[]; };    // 3 words per pixel
uniform mat4 u_view_proj;
uniform uint u_count;
uniform uint u_stride;  // every u_stride-th body (a subset of a huge N), 1 for all
uniform ivec2 u_size;
uniform float u_intensity;
uniform float u_fixed_scale;

// This invocation's body on the screen: the pixel below and left of it and the light each of the
// four pixels from there gets. `drawn` false: off the screen, behind the eye, or not shown.
struct Splat {
  bool drawn;
  ivec2 p0;
  vec3 w00, w10, w01, w11;
};

Splat project() {
  Splat s = Splat(false, ivec2(0), vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0));
  uint i = gl_GlobalInvocationID.x * u_stride;
  if (i >= u_count) return s;
  vec4 v = xyzs[i];
  uint tag = (tags[i >> 2] >> (8u * (i & 3u))) & 0xffu;
  vec4 c = body_color(v.w, tag);
  if (c.a <= 0.0) return s;
  vec4 clip = u_view_proj * vec4(v.xyz, 1.0);
  if (clip.w <= 0.0) return s;
  vec2 ndc = clip.xy / clip.w;
  if (any(greaterThan(abs(ndc), vec2(1.01)))) return s;
  vec2 pix = (ndc * 0.5 + 0.5) * vec2(u_size) - 0.5;
  s.p0 = ivec2(floor(pix));
  vec2 f = pix - vec2(s.p0);
  vec3 col = c.rgb * c.a * u_intensity;
  s.w00 = col * (1.0 - f.x) * (1.0 - f.y);
  s.w10 = col * f.x * (1.0 - f.y);
  s.w01 = col * (1.0 - f.x) * f.y;
  s.w11 = col * f.x * f.y;
  s.drawn = true;
  return s;
}

bool on_screen(ivec2 p) {
  return p.x >= 0 && p.y >= 0 && p.x < u_size.x && p.y < u_size.y;
}

uvec3 fixed_point(vec3 c) {
  return uvec3(c * u_fixed_scale + 0.5);
}

void add(ivec2 p, vec3 c) {
  if (!on_screen(p)) return;
  uint base = 3u * uint(p.y * u_size.x + p.x);
  uvec3 q = fixed_point(c);
  if (q.r != 0u) atomicAdd(accum[base + 0u], q.r);
  if (q.g != 0u) atomicAdd(accum[base + 1u], q.g);
  if (q.b != 0u) atomicAdd(accum[base + 2u], q.b);
}

// The body straight to the buffer: 12 atomics at most.
void add_body(Splat s) {
  add(s.p0, s.w00);
  add(s.p0 + ivec2(1, 0), s.w10);
  add(s.p0 + ivec2(0, 1), s.w01);
  add(s.p0 + ivec2(1, 1), s.w11);
}
