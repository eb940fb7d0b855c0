// SPDX-License-Identifier: MIT
// A trail as a line strip, one instance per followed body: its kept samples, oldest first, then
// where the body is now; coloured as the body is drawn, its opacity fading with age.
uniform mat4 u_view_proj;
uniform int u_samples;  // kept samples, from ring row u_oldest on
uniform int u_oldest;
uniform int u_length;   // the ring's rows
uniform float u_trail_opacity;
out vec4 v_color;

// Opacity by age (0: now, 1: the oldest sample of a full ring): falls to 0 at the tail, faster
// near it, so that the newest part carries the trail. Never rises with age.
float trail_fade(float age) {
  float f = 1.0 - clamp(age, 0.0, 1.0);
  return f * f;
}

void main() {
  uint t = uint(gl_InstanceID);
  int j = gl_VertexID;  // 0 .. u_samples - 1: the samples; u_samples: the body now
  uint i = vertex_of[followed[t]];
  vec4 now = xyzs[i];
  vec3 p = j < u_samples ? ring_position(uint((u_oldest + j) % u_length), t) : now.xyz;
  float age = float(u_samples - j) / float(u_length);
  vec4 c = body_color(now.w, tag_at(i));
  float a = u_trail_opacity * trail_fade(age) * min(c.a, 1.0);
  v_color = vec4(c.rgb * a, a);  // premultiplied: the renderer keeps the lighter (GL_MAX)
  gl_Position = u_view_proj * vec4(p, 1.0);
}
