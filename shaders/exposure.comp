// SPDX-License-Identifier: MIT
// One workgroup: sums the downsample's partials into the light-weighted mean log2 luminance,
// the target exposure that puts that mean at u_key, and moves the kept exposure a
// fraction u_adapt of the way there (the first frame with light snaps). A frame without light
// keeps the exposure it had.
layout(local_size_x = 256) in;
uniform float u_key;
uniform float u_adapt;
shared vec2 s_sum[256];

// The automatic factor stays within 2^-24 .. 2^24: beyond, the light is below half-float
// precision or above its range and no exposure makes a picture of it.
const float kMaxLog2 = 24.0;

void main() {
  uint i = gl_LocalInvocationIndex;
  vec2 acc = vec2(0.0);
  for (uint g = i; g < group_count; g += 256u) acc += partial[g];
  s_sum[i] = acc;
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (i < s) s_sum[i] += s_sum[i + s];
    barrier();
  }
  if (i != 0u || !(s_sum[0].y > 0.0)) return;
  float target = clamp(log2(u_key) - s_sum[0].x / s_sum[0].y, -kMaxLog2, kMaxLog2);
  log2_exposure = valid == 0u ? target : mix(log2_exposure, target, u_adapt);
  valid = 1u;
}
