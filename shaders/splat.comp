// SPDX-License-Identifier: MIT
// Compute-splat path for large N: each invocation projects one body and adds its colour, in
// fixed point, to the four pixels around it (bilinear weights) with integer atomics. No raster
// pipeline, so its cost is one read per body and a few atomics, not a fragment per sprite pixel.
// The bodies come in tree order, so a workgroup's 256 usually land within a few pixels of each
// other: where their pixels fit a kTile x kTile square, they are summed in shared memory first
// and only that square's non-zero sums go to the buffer (12 global atomics a body otherwise).
// The sums are of integers, so the picture is the same bits either way.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Xyzs { vec4 xyzs[]; };
layout(std430, binding = 1) readonly buffer Tags { uint tags[]; };      // 4 tag bytes per word
layout(std430, binding = 2) coherent buffer Accum { uint accum[]; };    // 3 words per pixel
uniform mat4 u_view_proj;
uniform uint u_count;
uniform uint u_stride;  // every u_stride-th body (a subset of a huge N), 1 for all
uniform ivec2 u_size;
uniform float u_intensity;
uniform float u_fixed_scale;

const int kTile = 32;
shared uint tile[3 * kTile * kTile];  // the square's sums, row by row, 3 words a pixel
shared int box[4];                    // the workgroup's pixels: lowest x, y, highest x, y

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

void add_to_tile(ivec2 p, ivec2 lo, vec3 c) {
  if (!on_screen(p)) return;
  uint base = 3u * uint((p.y - lo.y) * kTile + (p.x - lo.x));
  uvec3 q = fixed_point(c);
  if (q.r != 0u) atomicAdd(tile[base + 0u], q.r);
  if (q.g != 0u) atomicAdd(tile[base + 1u], q.g);
  if (q.b != 0u) atomicAdd(tile[base + 2u], q.b);
}

// Word k of the square's span (3 a pixel, row by row over span.x columns): its index in tile.
uint tile_word(uint k, ivec2 span) {
  int pixel = int(k / 3u);
  return 3u * uint((pixel / span.x) * kTile + pixel % span.x) + k % 3u;
}

void main() {
  // Every invocation reaches the barriers: a body that is not drawn only sets `drawn` false.
  bool drawn = false;
  ivec2 p0 = ivec2(0);
  vec2 f = vec2(0.0);
  vec3 col = vec3(0.0);
  uint i = gl_GlobalInvocationID.x * u_stride;
  if (i < u_count) {
    vec4 v = xyzs[i];
    uint tag = (tags[i >> 2] >> (8u * (i & 3u))) & 0xffu;
    vec4 c = body_color(v.w, tag);
    vec4 clip = u_view_proj * vec4(v.xyz, 1.0);
    if (c.a > 0.0 && clip.w > 0.0) {
      vec2 ndc = clip.xy / clip.w;
      if (all(lessThanEqual(abs(ndc), vec2(1.01)))) {
        vec2 pix = (ndc * 0.5 + 0.5) * vec2(u_size) - 0.5;
        p0 = ivec2(floor(pix));
        f = pix - vec2(p0);
        col = c.rgb * c.a * u_intensity;
        drawn = true;
      }
    }
  }
  vec3 w00 = col * (1.0 - f.x) * (1.0 - f.y), w10 = col * f.x * (1.0 - f.y);
  vec3 w01 = col * (1.0 - f.x) * f.y, w11 = col * f.x * f.y;

  uint me = gl_LocalInvocationIndex;
  if (me == 0u) box = int[4](2147483647, 2147483647, -2147483647, -2147483647);
  memoryBarrierShared();
  barrier();
  if (drawn) {
    atomicMin(box[0], p0.x);
    atomicMin(box[1], p0.y);
    atomicMax(box[2], p0.x + 1);
    atomicMax(box[3], p0.y + 1);
  }
  memoryBarrierShared();
  barrier();
  ivec2 lo = ivec2(box[0], box[1]);
  ivec2 span = ivec2(box[2], box[3]) - lo + 1;
  if (box[0] > box[2]) return;  // nothing drawn (the same in every invocation)
  if (span.x > kTile || span.y > kTile) {  // spread out: straight to the buffer
    if (drawn) {
      add(p0, w00);
      add(p0 + ivec2(1, 0), w10);
      add(p0 + ivec2(0, 1), w01);
      add(p0 + ivec2(1, 1), w11);
    }
    return;
  }
  uint words = 3u * uint(span.x * span.y);
  for (uint k = me; k < words; k += 256u) tile[tile_word(k, span)] = 0u;
  memoryBarrierShared();
  barrier();
  if (drawn) {
    add_to_tile(p0, lo, w00);
    add_to_tile(p0 + ivec2(1, 0), lo, w10);
    add_to_tile(p0 + ivec2(0, 1), lo, w01);
    add_to_tile(p0 + ivec2(1, 1), lo, w11);
  }
  memoryBarrierShared();
  barrier();
  for (uint k = me; k < words; k += 256u) {
    uint sum = tile[tile_word(k, span)];
    if (sum == 0u) continue;
    int pixel = int(k / 3u);
    ivec2 p = lo + ivec2(pixel % span.x, pixel / span.x);  // on the screen: only those were added
    atomicAdd(accum[3u * uint(p.y * u_size.x + p.x) + k % 3u], sum);
  }
}
