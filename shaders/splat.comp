// SPDX-License-Identifier: MIT
// The compute splat, each body straight to the buffer (splat.glsl).
layout(local_size_x = 256) in;

void main() {
  Splat s = project();
  if (s.drawn) add_body(s);
}
