// SPDX-License-Identifier: MIT
// Lays the trails' light (trail_draw.comp) over the picture, keeping the lighter of the two
// channel by channel, so that trails never darken what is behind and hundreds crossing a core do
// not pile up into white; and empties the light for the next frame.
layout(local_size_x = 16, local_size_y = 16) in;
layout(rgba8, binding = 0) uniform image2D u_picture;
layout(std430, binding = 8) buffer TrailLight { uint light[]; };
uniform ivec2 u_size;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(p, u_size))) return;
  uint i = uint(p.y * u_size.x + p.x);
  uint v = light[i];
  if (v == 0u) return;
  light[i] = 0u;
  vec3 trail = vec3(uvec3(v >> 16, v >> 8, v) & 0xffu) / 255.0;
  vec4 c = imageLoad(u_picture, p);
  imageStore(u_picture, p, vec4(max(c.rgb, trail), c.a));
}
