// SPDX-License-Identifier: MIT
// Chooses the followed bodies: every k-th of the bodies that may be followed (drawn ones, not
// the dark halo; those of galaxy u_galaxy where it is >= 0), in the bodies' own order, with the smallest k
// that keeps them within u_capacity. Three passes, a scan over the workgroups:
//   0: each workgroup counts its followable bodies into group_sum;
//   1: one workgroup turns the counts into offsets and sets k and the followed count;
//   2: each followable body learns its rank; ranks 0, k, 2k ... are followed.
// Runs once per reset of the trails, so simplicity wins over speed here.
layout(local_size_x = 256) in;
layout(std430, binding = 4) buffer Select {
  uint total;   // followable bodies
  uint stride;  // k
  uint pad0, pad1;
  uint group_sum[];  // pass 0: per workgroup count; pass 1 on: its exclusive offset
};
uniform uint u_count;  // bodies
uniform int u_galaxy;  // -1: every galaxy
uniform int u_pass;
shared uint s_scan[256];

bool followable(uint i) {
  if (i >= u_count) return false;
  uint tag = tag_at(vertex_of[i]);
  return (tag & 3u) != 3u && (u_galaxy < 0 || (tag >> 2) == uint(u_galaxy));
}

// Inclusive sum of v over the workgroup's invocations up to this one (Hillis-Steele). Every
// invocation of the workgroup must call it.
uint scan(uint v) {
  uint l = gl_LocalInvocationIndex;
  s_scan[l] = v;
  barrier();
  for (uint d = 1u; d < 256u; d <<= 1) {
    uint add = l >= d ? s_scan[l - d] : 0u;
    barrier();
    s_scan[l] += add;
    barrier();
  }
  return s_scan[l];
}

void count_pass() {
  uint inclusive = scan(followable(gl_GlobalInvocationID.x) ? 1u : 0u);
  if (gl_LocalInvocationIndex == 255u) group_sum[gl_WorkGroupID.x] = inclusive;
}

void offset_pass() {
  uint groups = (u_count + 255u) / 256u;
  uint per = (groups + 255u) / 256u;
  uint lo = min(gl_LocalInvocationIndex * per, groups), hi = min(lo + per, groups);
  uint sum = 0u;
  for (uint g = lo; g < hi; ++g) sum += group_sum[g];
  uint before = scan(sum) - sum;
  for (uint g = lo; g < hi; ++g) {
    uint v = group_sum[g];
    group_sum[g] = before;
    before += v;
  }
  if (gl_LocalInvocationIndex != 255u) return;
  total = before;  // the last invocation ends at the sum of all
  stride = max(1u, (before + u_capacity - 1u) / u_capacity);
  followed_count = (before + stride - 1u) / stride;
}

void choose_pass() {
  uint i = gl_GlobalInvocationID.x;
  uint f = followable(i) ? 1u : 0u;
  uint rank = group_sum[gl_WorkGroupID.x] + scan(f) - f;
  if (f != 0u && rank % stride == 0u) followed[rank / stride] = i;
}

void main() {
  if (u_pass == 0) count_pass();
  else if (u_pass == 1) offset_pass();
  else choose_pass();
}
