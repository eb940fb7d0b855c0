// SPDX-License-Identifier: MIT
// The reference image as the screen blend's source: its colour times its own alpha and the
// opacity (render/reference_image.hpp says why screen).
layout(binding = 0) uniform sampler2D u_image;
uniform float u_opacity;
in vec2 v_uv;
out vec4 o_color;

void main() {
  vec4 t = texture(u_image, v_uv);
  o_color = vec4(t.rgb * (t.a * u_opacity), 1.0);
}
