// SPDX-License-Identifier: MIT
// The accuracy meter on the GPU: exact accelerations in double (direct.cu's float64 kernel) for a
// random sample of bodies against all N, compared with the ones the solver left in acc.
#include "accuracy.cuh"

namespace galaxy::cuda {

ErrorStats measure_accuracy(const ConstBodiesView& b, const std::vector<int>& ids, float softening,
                            std::size_t samples, std::uint64_t seed, cudaStream_t s) {
  const int n = b.n;
  if (n == 0 || samples == 0) return {};
  // The same bodies as the CPU backend's meter with the same seed (indices in the order the user
  // gave), found in tree order through the ids, so that backends compare on equal terms.
  const std::vector<int> wanted = random_sample(n, samples, seed);
  const int count = static_cast<int>(wanted.size());
  std::vector<int> slot_of(n, -1), targets(count);
  for (int k = 0; k < count; ++k) slot_of[wanted[k]] = k;
  for (int k = 0; k < n; ++k) {
    if (slot_of[ids[k]] >= 0) targets[slot_of[ids[k]]] = k;
  }
  DeviceBuffer<int> t(count);
  DeviceBuffer<ExactAccel> exact(count);
  DeviceBuffer<float4> current(count);
  t.upload(targets.data(), count, s);
  const double eps = softening;
  launch_direct_sample_f64(b, t.data(), count, eps * eps, exact.data(), current.data(), s);
  std::vector<ExactAccel> e(count);
  std::vector<float4> c(count);
  exact.download(e.data(), count, s);
  current.download(c.data(), count, s);
  HostBodies got;
  got.resize(count);
  std::vector<int> idx(count);
  std::vector<AccelD> ref(count);
  for (int k = 0; k < count; ++k) {
    got.ax[k] = c[k].x, got.ay[k] = c[k].y, got.az[k] = c[k].z;
    idx[k] = k;
    ref[k] = {e[k].ax, e[k].ay, e[k].az, e[k].pot};
  }
  return relative_errors(got, idx, ref);
}

}  // namespace galaxy::cuda
