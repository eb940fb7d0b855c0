// SPDX-License-Identifier: MIT
// The accumulated light, read the same way by every pass after the splat: the RGBA16F target of
// the point sprites or the compute splat's fixed-point accumulator (3 words per pixel).
layout(std430, binding = 2) readonly buffer Accum { uint accum[]; };
layout(binding = 1) uniform sampler2D u_hdr;
uniform int u_source;  // 0: u_hdr, 1: accum
uniform ivec2 u_size;  // full-resolution size in pixels
uniform float u_inv_fixed_scale;

vec3 hdr_at(ivec2 p) {
  if (u_source == 0) return texelFetch(u_hdr, p, 0).rgb;
  uint base = 3u * uint(p.y * u_size.x + p.x);
  return vec3(accum[base], accum[base + 1u], accum[base + 2u]) * u_inv_fixed_scale;
}

float luminance(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }
