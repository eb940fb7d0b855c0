// SPDX-License-Identifier: MIT
// The accumulated light at reduced resolution (u_block x u_block box average) for the bloom, and
// per workgroup the sums of log2 luminance over the lit blocks, by area and by light, for the
// automatic exposure (exposure.comp says why both).
layout(local_size_x = 16, local_size_y = 16) in;
layout(rgba16f, binding = 0) writeonly uniform image2D u_small;
uniform ivec2 u_small_size;
uniform int u_block;  // pixels per block side, even
shared vec4 s_sum[256];

// Blocks darker than this are background: left out of the sums (log2 of 0 is not a number).
const float kLit = 1e-6;

// Sum of the pixels of block q: the texture in bilinear fetches at the centres of 2x2
// sub-blocks (the sampler clamps at the edge), the accumulator pixel by pixel.
vec3 block_sum(ivec2 q) {
  vec3 sum = vec3(0.0);
  if (u_source == 0) {
    vec2 inv = 1.0 / vec2(u_size);
    for (int j = 0; j < u_block; j += 2)
      for (int i = 0; i < u_block; i += 2)
        sum += 4.0 * textureLod(u_hdr, (vec2(u_block * q + ivec2(i, j)) + 1.0) * inv, 0.0).rgb;
    return sum;
  }
  ivec2 lo = u_block * q, hi = min(lo + u_block, u_size);
  for (int y = lo.y; y < hi.y; ++y)
    for (int x = lo.x; x < hi.x; ++x) sum += hdr_at(ivec2(x, y));
  return sum;
}

void main() {
  ivec2 q = ivec2(gl_GlobalInvocationID.xy);
  vec3 sum = vec3(0.0);
  if (all(lessThan(q, u_small_size))) {
    sum = block_sum(q);
    sum /= float(u_block * u_block);
    imageStore(u_small, q, vec4(sum, 1.0));
  }
  float l = luminance(sum);
  uint i = gl_LocalInvocationIndex;
  s_sum[i] = l > kLit ? vec4(log2(l), 1.0, l * log2(l), l) : vec4(0.0);
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (i < s) s_sum[i] += s_sum[i + s];
    barrier();
  }
  if (i == 0u) {
    uint g = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    partial[g] = s_sum[0];
  }
}
