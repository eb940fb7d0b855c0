// SPDX-License-Identifier: MIT
// The received local essential trees walked as one forest (RankDevice::walk_lets, rank_let.cu
// builds and exchanges them): one launch, so each group's set-up, its expansion and its sums come
// once, not once a tree.
#include "rank_device.cuh"

namespace galaxy::cuda {

namespace {

// The forest: a root no group accepts, whose children are the trees' roots. plant() puts a
// received tree's root at `root` and its other nodes from `first` on (node j at first + j - 1),
// its bodies numbered from `base` (where they lie in the walk's array).
__global__ void plant(const unsigned char* pack, PackLayout l, int nodes, int root, int first,
                      int base, unsigned char* forest, PackLayout f) {
  const auto* com = reinterpret_cast<const float4*>(pack + l.com);
  const auto* quad = reinterpret_cast<const float4*>(pack + l.quad);
  const auto* link = reinterpret_cast<const int4*>(pack + l.link);
  const auto* mac = reinterpret_cast<const float2*>(pack + l.mac);
  const auto* range = reinterpret_cast<const int2*>(pack + l.range);
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < nodes; j += gridDim.x * blockDim.x) {
    const int to = j == 0 ? root : first + j - 1;
    reinterpret_cast<float4*>(forest + f.com)[to] = com[j];
    reinterpret_cast<float4*>(forest + f.quad)[2 * to] = quad[2 * j];
    reinterpret_cast<float4*>(forest + f.quad)[2 * to + 1] = quad[2 * j + 1];
    reinterpret_cast<float2*>(forest + f.mac)[to] = mac[j];
    int4 lk = link[j];
    if (lk.w)
      lk.x += base;  // a leaf's bodies
    else if (lk.y > 0)
      lk.x += first - 1;  // an opened cell's children (never a root)
    reinterpret_cast<int4*>(forest + f.link)[to] = lk;
    reinterpret_cast<int2*>(forest + f.range)[to] = make_int2(range[j].x + base, range[j].y + base);
  }
}

// The forest's root: an opening radius no distance exceeds, so every group opens it; no bodies
// (an empty range past the rank's own).
__global__ void forest_root(unsigned char* forest, PackLayout f, int trees, int base) {
  reinterpret_cast<float4*>(forest + f.com)[0] = make_float4(0, 0, 0, 0);
  reinterpret_cast<float4*>(forest + f.quad)[0] = make_float4(0, 0, 0, 0);
  reinterpret_cast<float4*>(forest + f.quad)[1] = make_float4(0, 0, 0, 0);
  reinterpret_cast<float2*>(forest + f.mac)[0] = make_float2(__int_as_float(0x7f800000), 0.0f);
  reinterpret_cast<int4*>(forest + f.link)[0] = make_int4(1, trees, 0, 0);
  reinterpret_cast<int2*>(forest + f.range)[0] = make_int2(base, base);
}

}  // namespace

// The received packs planted in one forest and walked at once; their bodies copied after this
// rank's own into the one array the walk reads (a tree's leaf holds bodies numbered from n).
void RankDevice::walk_lets(const TreeView& t, const std::vector<std::uint64_t>& nodes,
                           const std::vector<std::uint64_t>& bodies, const physics::Relative& rel) {
  cudaStream_t s = stream_.get();
  const auto n = static_cast<std::size_t>(bodies_.size());
  std::size_t arriving = 0, trees = 0, forest_nodes = 1;
  for (std::size_t q = 0; q < nodes.size(); ++q) {
    arriving += bodies[q], forest_nodes += nodes[q], trees += nodes[q] > 0;
  }
  if (trees == 0) return;
  if (pos_all_.size() < n + arriving) pos_all_.resize((n + arriving) * 5 / 4);
  const PackLayout f(forest_nodes, 0);
  if (forest_.size() < f.total) forest_.resize(f.total * 5 / 4);
  BodiesView b = bodies_.view();
  CUDA_CHECK(
      cudaMemcpyAsync(pos_all_.data(), b.pos, n * sizeof(float4), cudaMemcpyDeviceToDevice, s));
  b.pos = pos_all_.data();
  forest_root<<<1, 1, 0, s>>>(forest_.data(), f, static_cast<int>(trees), static_cast<int>(n));
  CUDA_LAUNCH_CHECK();
  std::size_t at = 0, placed = n, planted = 0, first = 1 + trees;
  for (std::size_t q = 0; q < nodes.size(); ++q) {
    if (nodes[q] == 0) continue;
    const PackLayout l(nodes[q], bodies[q]);
    const unsigned char* pack = recv_.data() + at;
    at += l.total;
    if (bodies[q] > 0) {
      CUDA_CHECK(cudaMemcpyAsync(pos_all_.data() + placed, pack + l.pos, bodies[q] * sizeof(float4),
                                 cudaMemcpyDeviceToDevice, s));
    }
    plant<<<rank_blocks(static_cast<long>(nodes[q])), 256, 0, s>>>(
        pack, l, static_cast<int>(nodes[q]), static_cast<int>(1 + planted), static_cast<int>(first),
        static_cast<int>(placed), forest_.data(), f);
    CUDA_LAUNCH_CHECK();
    placed += bodies[q], first += nodes[q] - 1, ++planted;
  }
  unsigned char* forest = forest_.data();
  TreeView r = t;
  r.com = reinterpret_cast<float4*>(forest + f.com),
  r.quad = reinterpret_cast<float4*>(forest + f.quad);
  r.link = reinterpret_cast<int4*>(forest + f.link),
  r.mac = reinterpret_cast<float2*>(forest + f.mac);
  r.range = reinterpret_cast<int2*>(forest + f.range), r.bounds = nullptr, r.oct = nullptr;
  const float eps2 = params_.softening * params_.softening;
  launch_remote_force(b, r, params_.multipole, eps2, rel, tree_->walk_scratch(), s,
                      counters_.data());
  CUDA_CHECK(cudaStreamSynchronize(s));
}

}  // namespace galaxy::cuda
