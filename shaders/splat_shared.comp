// SPDX-License-Identifier: MIT
// The compute splat with a workgroup's sums in shared memory first (splat.glsl). The bodies come
// in tree order, so a workgroup's 256 usually land within a few pixels of each other: where their
// pixels fit a kTile x kTile square, they are summed in shared memory and only the square's
// non-zero sums go to the buffer (12 global atomics a body otherwise, as where they are spread).
layout(local_size_x = 256) in;

const int kTile = 32;
shared uint tile[3 * kTile * kTile];  // the square's sums, row by row, 3 words a pixel
shared int box[4];                    // the workgroup's pixels: lowest x, y, highest x, y

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
  // Every invocation reaches the barriers: a body that is not drawn only has `drawn` false.
  Splat s = project();
  uint me = gl_LocalInvocationIndex;
  if (me == 0u) box = int[4](2147483647, 2147483647, -2147483647, -2147483647);
  memoryBarrierShared();
  barrier();
  if (s.drawn) {
    atomicMin(box[0], s.p0.x);
    atomicMin(box[1], s.p0.y);
    atomicMax(box[2], s.p0.x + 1);
    atomicMax(box[3], s.p0.y + 1);
  }
  memoryBarrierShared();
  barrier();
  ivec2 lo = ivec2(box[0], box[1]);
  ivec2 span = ivec2(box[2], box[3]) - lo + 1;
  if (box[0] > box[2]) return;  // nothing drawn (the same in every invocation)
  if (span.x > kTile || span.y > kTile) {  // spread out: straight to the buffer
    if (s.drawn) add_body(s);
    return;
  }
  uint words = 3u * uint(span.x * span.y);
  for (uint k = me; k < words; k += 256u) tile[tile_word(k, span)] = 0u;
  memoryBarrierShared();
  barrier();
  if (s.drawn) {
    add_to_tile(s.p0, lo, s.w00);
    add_to_tile(s.p0 + ivec2(1, 0), lo, s.w10);
    add_to_tile(s.p0 + ivec2(0, 1), lo, s.w01);
    add_to_tile(s.p0 + ivec2(1, 1), lo, s.w11);
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
