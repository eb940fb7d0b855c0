// SPDX-License-Identifier: MIT
// One direction of the separable Gaussian blur of the bloom, at a quarter of the resolution.
// The horizontal pass also applies the bright pass: each tap keeps only the light above
// u_threshold in exposed units (soft knee), so only bright cores glow.
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 2) uniform sampler2D u_src;
layout(rgba16f, binding = 1) writeonly uniform image2D u_dst;
uniform ivec2 u_quarter_size;
uniform ivec2 u_step;        // (1, 0) or (0, 1)
uniform int u_bright_pass;   // 1 on the first (horizontal) pass
uniform float u_threshold;   // exposed luminance where the glow starts

// sigma = 2.5 quarter pixels (10 full-resolution pixels), taps out to 3 sigma.
const int kRadius = 8;
const float kSigma = 2.5;

vec3 bright(vec3 c) {
  if (u_bright_pass == 0) return c;
  float l = luminance(c) * exposure_factor();
  float knee = 0.5 * u_threshold;
  float soft = clamp(l - u_threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-6);
  return c * (max(soft, l - u_threshold) / max(l, 1e-20));
}

void main() {
  ivec2 q = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(q, u_quarter_size))) return;
  vec3 sum = vec3(0.0);
  float wsum = 0.0;
  for (int k = -kRadius; k <= kRadius; ++k) {
    float w = exp(-0.5 * float(k * k) / (kSigma * kSigma));
    ivec2 p = q + k * u_step;
    wsum += w;
    if (any(lessThan(p, ivec2(0))) || any(greaterThanEqual(p, u_quarter_size))) continue;
    sum += w * bright(texelFetch(u_src, p, 0).rgb);
  }
  imageStore(u_dst, q, vec4(sum / wsum, 1.0));
}
