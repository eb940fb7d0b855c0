// SPDX-License-Identifier: MIT
// HDR to display: exposure, the ACES filmic curve (Narkowicz's fit), then gamma 2.2. Reads the
// RGBA16F point target or the compute path's fixed-point accumulator.
layout(std430, binding = 2) readonly buffer Accum { uint accum[]; };
uniform sampler2D u_hdr;
uniform int u_source;  // 0: u_hdr, 1: accum
uniform ivec2 u_size;
uniform float u_exposure;
uniform float u_inv_fixed_scale;
out vec4 o_color;

vec3 aces(vec3 x) {
  const float a = 2.51, b = 0.03, c = 2.43, d = 0.59, e = 0.14;
  return clamp((x * (a * x + b)) / (x * (c * x + d) + e), 0.0, 1.0);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 hdr;
  if (u_source == 0) {
    hdr = texelFetch(u_hdr, p, 0).rgb;
  } else {
    uint base = 3u * uint(p.y * u_size.x + p.x);
    hdr = vec3(accum[base], accum[base + 1u], accum[base + 2u]) * u_inv_fixed_scale;
  }
  vec3 c = aces(hdr * u_exposure);
  o_color = vec4(pow(c, vec3(1.0 / 2.2)), 1.0);
}
