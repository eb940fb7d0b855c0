// SPDX-License-Identifier: MIT
// One sample of the trails: the followed bodies' positions now, from the vertex buffer, into
// ring row u_row.
layout(local_size_x = 256) in;
uniform uint u_row;

void main() {
  uint t = gl_GlobalInvocationID.x;
  if (t >= followed_count) return;
  vec3 p = xyzs[vertex_of[followed[t]]].xyz;
  uint at = 3u * (u_row * u_capacity + t);
  ring[at] = p.x;
  ring[at + 1u] = p.y;
  ring[at + 2u] = p.z;
}
