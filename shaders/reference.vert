// SPDX-License-Identifier: MIT
// The reference image's quad, in pixels: its centre and half size, turned counter-clockwise by
// u_angle about the centre, then into clip space. Four vertices of a triangle strip, no buffer.
uniform vec2 u_centre;     // pixels from the bottom-left corner
uniform vec2 u_half_size;  // pixels
uniform float u_angle;     // radians
uniform vec2 u_viewport;   // pixels
out vec2 v_uv;

void main() {
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
  vec2 p = corner * u_half_size;
  float c = cos(u_angle), s = sin(u_angle);
  p = u_centre + vec2(c * p.x - s * p.y, s * p.x + c * p.y);
  gl_Position = vec4(p / u_viewport * 2.0 - 1.0, 0.0, 1.0);
  // The image's rows are stored top first: its first row belongs at the quad's top edge.
  v_uv = vec2(corner.x * 0.5 + 0.5, 0.5 - corner.y * 0.5);
}
