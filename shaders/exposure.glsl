// SPDX-License-Identifier: MIT
// The automatic exposure, kept on the GPU so that no pass waits for a read-back. The downsample
// pass writes partial sums per workgroup over its lit blocks (for the area-weighted and the
// light-weighted mean log luminance); exposure.comp reduces them and moves log2_exposure
// towards the target.
layout(std430, binding = 3) coherent buffer Exposure {
  float log2_exposure;  // smoothed over frames; the automatic factor is exp2 of it
  uint valid;           // 0 until a frame with light has set it (the first one snaps)
  uint group_count;     // partial sums written by the last downsample
  uint pad;
  vec4 partial[];       // per workgroup: sum of log2 L, count, sum of L log2 L, sum of L
};

uniform int u_auto_exposure;  // 0: the manual factor alone
uniform float u_exposure;     // the manual factor, on top of the automatic one

float exposure_factor() {
  bool automatic = u_auto_exposure != 0 && valid != 0u;
  return u_exposure * (automatic ? exp2(log2_exposure) : 1.0);
}
