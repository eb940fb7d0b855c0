// SPDX-License-Identifier: MIT
// The bloom's passes at reduced resolution (8x8 blocks): the bright pass (keeps only the light
// above u_threshold in exposed units, soft knee, so only bright cores glow), then each direction
// of a separable Gaussian blur, reading two taps per bilinear fetch.
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 2) uniform sampler2D u_src;  // bilinear, clamped to the edge
layout(rgba16f, binding = 1) writeonly uniform image2D u_dst;
uniform ivec2 u_small_size;
uniform ivec2 u_step;       // (1, 0) or (0, 1)
uniform int u_bright_pass;  // 1: the bright pass; 0: the blur along u_step
uniform float u_threshold;  // exposed luminance where the glow starts

// sigma = 1.25 blocks (10 full-resolution pixels), taps out to 3.2 sigma.
const int kRadius = 4;
const float kSigma = 1.25;

float weight(int k) { return exp(-0.5 * float(k * k) / (kSigma * kSigma)); }

vec3 bright(vec3 c, float exposure) {
  float l = luminance(c) * exposure;
  float knee = 0.5 * u_threshold;
  float soft = clamp(l - u_threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-6);
  return c * (max(soft, l - u_threshold) / max(l, 1e-20));
}

// Taps k and k+1 in one bilinear fetch at the weighted position between them.
vec3 blur_linear(ivec2 q) {
  vec2 texel = 1.0 / vec2(u_small_size), centre = (vec2(q) + 0.5) * texel;
  vec2 dir = vec2(u_step) * texel;
  vec3 sum = weight(0) * textureLod(u_src, centre, 0.0).rgb;
  float wsum = weight(0);
  for (int k = 1; k < kRadius; k += 2) {
    float w = weight(k) + weight(k + 1), offset = float(k) + weight(k + 1) / w;
    sum += w * (textureLod(u_src, centre + offset * dir, 0.0).rgb +
                textureLod(u_src, centre - offset * dir, 0.0).rgb);
    wsum += 2.0 * w;
  }
  return sum / wsum;
}

void main() {
  ivec2 q = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(q, u_small_size))) return;
  vec3 c = u_bright_pass != 0 ? bright(texelFetch(u_src, q, 0).rgb, exposure_factor())
                              : blur_linear(q);
  imageStore(u_dst, q, vec4(c, 1.0));
}
