// SPDX-License-Identifier: MIT
// The trails as one-pixel lines, drawn by compute: invocation (t, j) draws trail t's segment from
// its sample j to the next (the last one ends where the body is now), coloured as the body is
// drawn, its opacity fading with age. Each pixel keeps, channel by channel, the brightest trail
// colour on it (8 bits a channel, packed 0x00RRGGBB in u_light), which trail_composite.comp lays
// over the picture. On the H100, 10,000 trails of 128 samples at 1920x1080 take 0.13 ms with the
// composite, where the same lines rasterized took 0.75-0.86: those ran on the two TPCs of 66
// that draw graphics, this runs on every multiprocessor.
layout(local_size_x = 64) in;
layout(std430, binding = 8) buffer TrailLight { uint light[]; };
uniform mat4 u_view_proj;
uniform int u_samples;  // kept samples, from ring row u_oldest on
uniform int u_oldest;
uniform int u_length;   // the ring's rows
uniform ivec2 u_size;   // the canvas in pixels
uniform float u_trail_opacity;

// Opacity by age (0: now, 1: the oldest sample of a full ring): falls to 0 at the tail, faster
// near it, so that the newest part carries the trail. Never rises with age.
float trail_fade(float age) {
  float f = 1.0 - clamp(age, 0.0, 1.0);
  return f * f;
}

// Vertex j of trail t (0 .. u_samples - 1: the samples, oldest first; u_samples: the body now) in
// clip space, with its opacity.
vec4 trail_vertex(uint t, int j, vec4 now, out float opacity) {
  vec3 p = j < u_samples ? ring_position(uint((u_oldest + j) % u_length), t) : now.xyz;
  opacity = u_trail_opacity * trail_fade(float(u_samples - j) / float(u_length));
  return u_view_proj * vec4(p, 1.0);
}

// Clips the segment a..b (clip space) to -w <= z <= w, as GL clips lines; false when nothing is
// left. Then w > 0 at both ends.
bool clip_depth(inout vec4 a, inout vec4 b, inout float ta, inout float tb) {
  float t0 = 0.0, t1 = 1.0;
  for (int side = 0; side < 2; ++side) {
    float da = side == 0 ? a.w + a.z : a.w - a.z, db = side == 0 ? b.w + b.z : b.w - b.z;
    if (da < 0.0 && db < 0.0) return false;
    if (da < 0.0) t0 = max(t0, da / (da - db));
    if (db < 0.0) t1 = min(t1, da / (da - db));
  }
  if (t0 >= t1) return false;
  vec4 a0 = a;
  a = mix(a0, b, t0);
  b = mix(a0, b, t1);
  ta = t0;
  tb = t1;
  return a.w > 0.0 && b.w > 0.0;
}

uint max_bytes(uint x, uint y) {
  uint r = max(x & 0xff0000u, y & 0xff0000u), g = max(x & 0xff00u, y & 0xff00u);
  return r | g | max(x & 0xffu, y & 0xffu);
}

void plot(ivec2 p, vec3 c) {
  if (any(lessThan(p, ivec2(0))) || any(greaterThanEqual(p, u_size))) return;
  uvec3 q = uvec3(round(clamp(c, 0.0, 1.0) * 255.0));
  uint v = (q.r << 16) | (q.g << 8) | q.b;
  if (v == 0u) return;
  uint i = uint(p.y * u_size.x + p.x);
  uint seen = light[i];
  for (;;) {
    uint want = max_bytes(seen, v);
    if (want == seen) return;
    uint was = atomicCompSwap(light[i], seen, want);
    if (was == seen) return;
    seen = was;
  }
}

void main() {
  uint t = gl_GlobalInvocationID.x;
  int j = int(gl_GlobalInvocationID.y);
  if (t >= followed_count || j >= u_samples) return;
  uint i = vertex_of[followed[t]];
  vec4 now = xyzs[i];
  vec4 body = body_color(now.w, tag_at(i));
  if (body.a <= 0.0) return;
  float fade_a, fade_b;
  vec4 a = trail_vertex(t, j, now, fade_a), b = trail_vertex(t, j + 1, now, fade_b);
  float ta = 0.0, tb = 1.0;
  if (!clip_depth(a, b, ta, tb)) return;
  // Premultiplied, as GL_MAX blending of the line's colour would keep it.
  vec3 ca = body.rgb * min(body.a, 1.0) * mix(fade_a, fade_b, ta);
  vec3 cb = body.rgb * min(body.a, 1.0) * mix(fade_a, fade_b, tb);
  vec2 pa = (a.xy / a.w * 0.5 + 0.5) * vec2(u_size), pb = (b.xy / b.w * 0.5 + 0.5) * vec2(u_size);
  // One pixel a column (or row, along the longer axis): those whose centres the segment passes,
  // start included, end not (the next segment starts there), within the canvas.
  vec2 d = pb - pa;
  int major = abs(d.x) >= abs(d.y) ? 0 : 1;
  float from = pa[major], to = pb[major];
  if (from == to) return;
  // Far outside the canvas (an end near the camera's plane) nothing is drawn anyway.
  float lo = max(min(from, to), -1.0), hi = min(max(from, to), float(u_size[major]) + 1.0);
  int first = max(int(ceil(lo - 0.5)), 0), last = min(int(ceil(hi - 0.5)) - 1, u_size[major] - 1);
  for (int k = first; k <= last; ++k) {
    float s = (float(k) + 0.5 - from) / (to - from);
    vec2 at = pa + s * d;
    ivec2 p = ivec2(floor(at));
    p[major] = k;
    plot(p, mix(ca, cb, s));
  }
}
