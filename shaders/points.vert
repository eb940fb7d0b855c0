// SPDX-License-Identifier: MIT
// Point-sprite path: one GL point per body, additive Gaussian footprint.
layout(location = 0) in vec4 a_xyzs;  // x, y, z, speed
layout(location = 1) in uint a_tag;
uniform mat4 u_view_proj;
uniform float u_point_size;
uniform float u_intensity;
out vec3 v_color;

void main() {
  vec4 c = body_color(a_xyzs.w, a_tag);
  v_color = c.rgb * c.a * u_intensity;
  gl_Position = c.a > 0.0 ? u_view_proj * vec4(a_xyzs.xyz, 1.0) : vec4(2.0, 2.0, 2.0, 1.0);
  gl_PointSize = u_point_size;
}
