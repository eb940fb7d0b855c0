// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cmath>

#include "device_octree.cuh"

namespace galaxy::cuda {

namespace {
// Nodes for n bodies in leaves of up to 16: a Plummer sphere needs about n/4 (measured: a 50000-
// body build overflowed n/4), so n/2 leaves room for clustered scenarios, and smaller leaves need
// proportionally more; the array doubles when a build runs out anyway (tree_build.cu).
int initial_node_capacity(int n, int leaf_size) {
  return static_cast<int>(std::max<long>(4096, 8L * n / std::max(1, leaf_size)));
}
}  // namespace

DeviceOctree::DeviceOctree(int n, int leaf_size)
    : level_range_(2 * (kLevels + 1)), scalars_(kScalars), blocks_done_(1) {
  allocate_nodes(initial_node_capacity(n, leaf_size));
  groups_.resize(n), group_alpha_.resize(n), group_start_.resize(n), group_starts_.resize(n);
  group_temp_.resize(groups_temp_bytes(n));
  stack_.resize(static_cast<std::size_t>(force_resident_warps()) * kStackPerWarp);
  parts_ = force_walk_parts(n);
  if (parts_ > 1) partial_sums_.resize(static_cast<std::size_t>(parts_) * n);
  keys_.resize(n), keys_sorted_.resize(n), index_.resize(n), index_sorted_.resize(n);
  sort_temp_.resize(sort_temp_bytes(n));
}

void DeviceOctree::allocate_nodes(int capacity) {
  const auto c = static_cast<std::size_t>(capacity);
  com_.resize(c), quad_.resize(2 * c), bounds_.resize(2 * c), mac_.resize(c), link_.resize(c);
  range_.resize(c);
  if (oct_.size() > 0) oct_.resize(3 * c);
}

void DeviceOctree::grow() { allocate_nodes(2 * node_capacity()); }

TreeView DeviceOctree::view(int leaf_size, int group_size, int order) {
  if (order >= 3 && oct_.size() == 0) oct_.resize(3 * static_cast<std::size_t>(node_capacity()));
  TreeView t;
  t.com = com_.data();
  t.quad = quad_.data();
  t.oct = order >= 3 ? oct_.data() : nullptr;
  t.bounds = bounds_.data();
  t.mac = mac_.data();
  t.link = link_.data();
  t.range = range_.data();
  t.level_range = level_range_.data();
  t.node_count = scalars_.data() + kNodeCount;
  t.blocks_done = blocks_done_.data();
  t.flags = scalars_.data() + kFlags;
  t.capacity = node_capacity();
  t.leaf_size = leaf_size;
  t.group_size = group_size;
  t.group_start = group_start_.data();
  t.groups = groups_.data();
  t.group_count = scalars_.data() + kGroupCount;
  t.group_alpha = group_alpha_.data();
  return t;
}

WalkScratch DeviceOctree::walk_scratch() {
  return {stack_.data(), kStackPerWarp, scalars_.data() + kWork};
}

WalkScratch DeviceOctree::force_scratch() {
  WalkScratch w = walk_scratch();
  w.parts = parts_;
  w.partial = partial_sums_.data();
  return w;
}

SortScratch DeviceOctree::sort_scratch() {
  return {keys_.data(), keys_sorted_.data(), index_.data(), index_sorted_.data(), sort_temp_.data(),
          sort_temp_.bytes()};
}

void DeviceOctree::build_groups(const TreeView& t, int n, cudaStream_t s) {
  launch_groups(t, n, group_starts_.data(), group_temp_.data(), group_temp_.bytes(), s);
}

int DeviceOctree::scalar(int k, cudaStream_t s) const {
  int v = 0;
  CUDA_CHECK(cudaMemcpyAsync(&v, scalars_.data() + k, sizeof v, cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  return v;
}

GpuTree DeviceOctree::download(const std::vector<int>& order, cudaStream_t s) const {
  GpuTree g;
  BodyBounds root;
  box_.download(&root, 1, s);
  const int count = std::min(scalar(kNodeCount, s), node_capacity());
  std::vector<float4> com(count), quad(2 * static_cast<std::size_t>(count));
  std::vector<int4> link(count);
  std::vector<int2> range(count);
  std::vector<float2> mac(count);
  com_.download(com.data(), count, s);
  quad_.download(quad.data(), quad.size(), s);
  mac_.download(mac.data(), count, s);
  link_.download(link.data(), count, s);
  range_.download(range.data(), count, s);
  const int group_count = std::min(scalar(kGroupCount, s), static_cast<int>(groups_.size()));
  std::vector<int2> groups(group_count);
  groups_.download(groups.data(), group_count, s);
  for (const int2 r : groups) g.groups.emplace_back(r.x, r.y);
  g.order = order;
  physics::cube_from_bounds(root.lo, root.hi, g.lox, g.loy, g.loz, g.size);
  g.nodes.resize(count);
  for (int k = 0; k < count; ++k) {
    GpuTreeNode& o = g.nodes[k];
    o.comx = com[k].x, o.comy = com[k].y, o.comz = com[k].z, o.mass = com[k].w;
    const float4 a = quad[2 * k], q = quad[2 * k + 1];
    const float qs[7] = {a.x, a.y, a.z, a.w, q.x, q.y, q.z};
    std::copy(qs, qs + 7, o.quad);
    o.open_radius = std::sqrt(mac[k].x);
    o.first = link[k].x, o.count = link[k].y, o.level = link[k].z, o.leaf = link[k].w != 0;
    o.body_begin = range[k].x, o.body_end = range[k].y;
  }
  return g;
}

std::vector<TraceBox> DeviceOctree::cells(int max_depth, cudaStream_t s) const {
  // Levels are stored one after the other from the root, so levels 0..max_depth are a prefix.
  std::vector<int> levels(level_range_.size());
  level_range_.download(levels.data(), levels.size(), s);
  // Levels below the deepest keep the build's initial empty range [1, 1): the prefix ends at the
  // largest end among levels 0..max_depth.
  int end = 1;
  for (int d = 0; d <= std::min(max_depth, kLevels - 1); ++d) end = std::max(end, levels[2 * d + 1]);
  const int count = std::min({end, node_capacity(), scalar(kNodeCount, s)});
  std::vector<TraceBox> out;
  if (count <= 0) return out;
  std::vector<float4> bounds(2 * static_cast<std::size_t>(count));
  std::vector<int4> link(count);
  bounds_.download(bounds.data(), bounds.size(), s);
  link_.download(link.data(), count, s);
  out.reserve(count);
  for (int k = 0; k < count; ++k) {
    const float4 lo = bounds[2 * k], hi = bounds[2 * k + 1];
    out.push_back({{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}, link[k].z});
  }
  return out;
}

}  // namespace galaxy::cuda
