// SPDX-License-Identifier: MIT
in vec3 v_color;
out vec4 o_color;

void main() {
  vec2 d = gl_PointCoord * 2.0 - 1.0;
  float r2 = dot(d, d);
  if (r2 > 1.0) discard;
  o_color = vec4(v_color * exp(-4.0 * r2), 1.0);
}
