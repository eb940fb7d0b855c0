// SPDX-License-Identifier: MIT
// The accumulated light at a quarter of the resolution (4x4 box average) for the bloom, and per
// workgroup the sum of log2 luminance over lit quarter-pixels for the automatic exposure.
layout(local_size_x = 16, local_size_y = 16) in;
layout(rgba16f, binding = 0) writeonly uniform image2D u_quarter;
uniform ivec2 u_quarter_size;
shared vec2 s_sum[256];

// Quarter-pixels darker than this are background: they neither raise nor lower the exposure.
const float kLit = 1e-6;

void main() {
  ivec2 q = ivec2(gl_GlobalInvocationID.xy);
  vec3 sum = vec3(0.0);
  if (all(lessThan(q, u_quarter_size))) {
    ivec2 lo = 4 * q, hi = min(lo + 4, u_size);
    for (int y = lo.y; y < hi.y; ++y)
      for (int x = lo.x; x < hi.x; ++x) sum += hdr_at(ivec2(x, y));
    imageStore(u_quarter, q, vec4(sum / 16.0, 1.0));
  }
  float l = luminance(sum / 16.0);
  uint i = gl_LocalInvocationIndex;
  s_sum[i] = l > kLit ? vec2(log2(l), 1.0) : vec2(0.0);
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
