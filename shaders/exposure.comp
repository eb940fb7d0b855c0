// SPDX-License-Identifier: MIT
// One workgroup: sums the downsample's partials into the mean log2 luminance of the lit blocks,
// half by area and half by light; the target exposure puts that mean at u_key, and the kept
// exposure moves a fraction u_adapt of the way there (the first frame with light snaps). A frame
// without light keeps the exposure it had.
layout(local_size_x = 256) in;
uniform float u_key;
uniform float u_adapt;
shared vec4 s_sum[256];
// By area alone, a merger remnant's sparse tails (most lit blocks, little light) push its core
// into white; by light alone, the bulges of a million-body run leave the disks dim.
const float kLightWeight = 0.5;

// The automatic factor stays within 2^-24 .. 2^24: beyond, the light is below half-float
// precision or above its range and no exposure makes a picture of it.
const float kMaxLog2 = 24.0;

void main() {
  uint i = gl_LocalInvocationIndex;
  vec4 acc = vec4(0.0);
  for (uint g = i; g < group_count; g += 256u) acc += partial[g];
  s_sum[i] = acc;
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (i < s) s_sum[i] += s_sum[i + s];
    barrier();
  }
  vec4 t = s_sum[0];
  if (i != 0u || !(t.y > 0.0 && t.w > 0.0)) return;
  float mean = mix(t.x / t.y, t.z / t.w, kLightWeight);
  float target = clamp(log2(u_key) - mean, -kMaxLog2, kMaxLog2);
  log2_exposure = valid == 0u ? target : mix(log2_exposure, target, u_adapt);
  valid = 1u;
}
