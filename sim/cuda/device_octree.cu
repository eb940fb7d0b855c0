// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "device_octree.cuh"

namespace galaxy::cuda {

namespace {
// Nodes for n bodies in leaves of up to 16: a Plummer sphere needs about n/4 (a 50000-body build
// overflowed n/4), and smaller leaves need proportionally more; the arrays grow by a quarter when
// a build runs out (tree_build.cu), so a clustered run takes what it needs and little more.
int initial_node_capacity(int n, int leaf_size) {
  return static_cast<int>(std::max<long>(4096, 4L * n / std::max(1, leaf_size)));
}

// The node arrays' places in one allocation, each 256-byte aligned.
struct NodeLayout {
  std::size_t com = 0, quad, bounds, mac, link, range, total;
  explicit NodeLayout(int capacity) {
    const auto c = static_cast<std::size_t>(capacity);
    const auto up = [](std::size_t b) { return (b + 255) / 256 * 256; };
    quad = com + up(c * sizeof(float4));
    bounds = quad + up(2 * c * sizeof(float4));
    mac = bounds + up(2 * c * sizeof(float4));
    link = mac + up(c * sizeof(float2));
    range = link + up(c * sizeof(int4));
    total = range + up(c * sizeof(int2));
  }
};
}  // namespace

DeviceOctree::DeviceOctree(int n, int leaf_size, int body_capacity)
    : n_(n),
      body_capacity_(std::max(n, body_capacity)),
      level_range_(2 * (kLevels + 1)),
      scalars_(kScalars),
      blocks_done_(1) {
  const int cap = body_capacity_;
  keys_.resize(cap);  // before the nodes: the sort's scratch is laid out around both
  allocate_nodes(initial_node_capacity(cap, leaf_size));
  group_start_.resize(cap);
  group_temp_.resize(groups_temp_bytes(cap));
  stack_.resize(static_cast<std::size_t>(force_resident_warps()) * kStackPerWarp);
  set_bodies(n);
}

void DeviceOctree::set_bodies(int n) {
  if (n < 0 || n > body_capacity_)
    throw std::logic_error("DeviceOctree::set_bodies: past the capacity");
  n_ = n;
  sort_ = sort_scratch_in(keys_.data(), nodes_.data(), nodes_.bytes(), n_);
  parts_ = force_walk_parts(n);
  const std::size_t partial = parts_ > 1 ? static_cast<std::size_t>(parts_) * n : 0;
  if (partial > partial_sums_.size()) partial_sums_.resize(partial);
}

std::vector<int> DeviceOctree::level_ranges(cudaStream_t s) const {
  std::vector<int> r(2 * kLevels);
  level_range_.download(r.data(), r.size(), s);
  return r;
}

void DeviceOctree::allocate_nodes(int capacity) {
  nodes_.resize(std::max(NodeLayout(capacity).total, sort_alt_bytes(body_capacity_)));
  capacity_ = capacity;
  sort_ = sort_scratch_in(keys_.data(), nodes_.data(), nodes_.bytes(), n_);
  if (oct_.size() > 0) oct_.resize(3 * static_cast<std::size_t>(capacity));
}

void DeviceOctree::grow() { allocate_nodes(node_capacity() + node_capacity() / 4 + 1); }

namespace {
// The arrays of `N` (a DeviceOctree::NodeArrays) at their offsets from `base`.
template <class N, class Byte>
N node_arrays(Byte* base, const NodeLayout& l) {
  N d;
  d.com = reinterpret_cast<decltype(d.com)>(base + l.com);
  d.quad = reinterpret_cast<decltype(d.quad)>(base + l.quad);
  d.bounds = reinterpret_cast<decltype(d.bounds)>(base + l.bounds);
  d.mac = reinterpret_cast<decltype(d.mac)>(base + l.mac);
  d.link = reinterpret_cast<decltype(d.link)>(base + l.link);
  d.range = reinterpret_cast<decltype(d.range)>(base + l.range);
  return d;
}
}  // namespace

DeviceOctree::NodeArrays<false> DeviceOctree::nodes() {
  return node_arrays<NodeArrays<false>>(nodes_.data(), NodeLayout(capacity_));
}

DeviceOctree::NodeArrays<true> DeviceOctree::nodes() const {
  return node_arrays<NodeArrays<true>>(nodes_.data(), NodeLayout(capacity_));
}

TreeView DeviceOctree::view(int leaf_size, int group_size, int order) {
  if (order >= 3 && oct_.size() == 0) oct_.resize(3 * static_cast<std::size_t>(node_capacity()));
  const NodeArrays<false> d = nodes();
  TreeView t;
  t.com = d.com;
  t.quad = d.quad;
  t.oct = order >= 3 ? oct_.data() : nullptr;
  t.bounds = d.bounds;
  t.mac = d.mac;
  t.link = d.link;
  t.range = d.range;
  t.level_range = level_range_.data();
  t.node_count = scalars_.data() + kNodeCount;
  t.blocks_done = blocks_done_.data();
  t.flags = scalars_.data() + kFlags;
  t.capacity = node_capacity();
  t.leaf_size = leaf_size;
  t.group_size = group_size;
  t.group_start = group_start_.data();
  t.group_first = reinterpret_cast<int*>(keys_.data());
  t.group_count = scalars_.data() + kGroupCount;
  t.bodies = n_;
  t.group_alpha = group_alpha();
  return t;
}

WalkScratch DeviceOctree::walk_scratch() {
  return {stack_.data(), kStackPerWarp, scalars_.data() + kWork};
}

WalkScratch DeviceOctree::force_scratch() {
  WalkScratch w = walk_scratch();
  w.parts = parts_;
  w.partial = partial_sums_.data();
  if (order_by_cost_ && parts_ == 1 && walk_order_on(n_)) {
    if (walk_cost_.size() < static_cast<std::size_t>(n_)) {
      walk_cost_.resize(n_), heavy_.resize(n_), is_heavy_.resize(n_), order_counts_.resize(1);
      // No costs yet: no group is heavy, and the first pass is in curve order.
      CUDA_CHECK(cudaMemset(walk_cost_.data(), 0, walk_cost_.bytes()));
    }
    w.order = {walk_cost_.data(), heavy_.data(), is_heavy_.data(), order_counts_.data()};
  }
  return w;
}


void DeviceOctree::build_groups(const TreeView& t, int n, cudaStream_t s) {
  launch_groups(t, n, group_temp_.data(), group_temp_.bytes(), s);
}

namespace {
// count items of `from` (device) into `to` (host); synchronizes the stream.
template <typename T>
void download_array(T* to, const T* from, std::size_t count, cudaStream_t s) {
  if (count == 0) return;
  CUDA_CHECK(cudaMemcpyAsync(to, from, count * sizeof(T), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
}
}  // namespace

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
  const int count = node_count(s);
  std::vector<float4> com(count), quad(2 * static_cast<std::size_t>(count));
  std::vector<int4> link(count);
  std::vector<int2> range(count);
  std::vector<float2> mac(count);
  const NodeArrays<true> d = nodes();
  download_array(com.data(), d.com, com.size(), s);
  download_array(quad.data(), d.quad, quad.size(), s);
  download_array(mac.data(), d.mac, mac.size(), s);
  download_array(link.data(), d.link, link.size(), s);
  download_array(range.data(), d.range, range.size(), s);
  const int group_count = std::min(scalar(kGroupCount, s), n_);
  std::vector<int> first(group_count);
  download_array(first.data(), reinterpret_cast<const int*>(keys_.data()), first.size(), s);
  for (int k = 0; k < group_count; ++k) {
    g.groups.emplace_back(first[k], k + 1 < group_count ? first[k + 1] : n_);
  }
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
  const std::vector<int> levels = level_ranges(s);
  // Levels below the deepest keep the build's initial empty range [1, 1): the prefix ends at the
  // largest end among levels 0..max_depth.
  int end = 1;
  for (int d = 0; d <= std::min(max_depth, kLevels - 1); ++d) end = std::max(end, levels[2 * d + 1]);
  const int count = std::min(end, node_count(s));
  std::vector<TraceBox> out;
  if (count <= 0) return out;
  std::vector<float4> bounds(2 * static_cast<std::size_t>(count));
  std::vector<int4> link(count);
  const NodeArrays<true> d = nodes();
  download_array(bounds.data(), d.bounds, bounds.size(), s);
  download_array(link.data(), d.link, link.size(), s);
  out.reserve(count);
  for (int k = 0; k < count; ++k) {
    const float4 lo = bounds[2 * k], hi = bounds[2 * k + 1];
    out.push_back({{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}, link[k].z});
  }
  return out;
}

}  // namespace galaxy::cuda
