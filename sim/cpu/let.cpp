// SPDX-License-Identifier: MIT
// Building, sending and reading local essential trees (let.hpp).
#include "cpu/let.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <utility>

namespace galaxy::cpu {

std::vector<RankBox> rank_boxes(const CpuOctree& tree, const HostBodies& b, const WalkParams& w,
                                int count, int group_size) {
  std::vector<RankBox> boxes;
  const auto& nodes = tree.nodes();
  const auto& order = tree.order();
  if (b.empty() || nodes.empty()) return boxes;
  const auto limit = std::max<std::size_t>(static_cast<std::size_t>(group_size),
                                           b.size() / static_cast<std::size_t>(std::max(1, count)));
  std::size_t i = 0;
  while (i < nodes.size()) {
    const CpuNode& n = nodes[i];
    const auto bodies = static_cast<std::size_t>(n.body_end - n.body_begin);
    // Cells past the rank's keys are split too (physics::cell_in_keys).
    if (bodies == 0 || (!n.leaf() && (bodies > limit || !tree.in_range(n)))) {
      i = bodies == 0 ? static_cast<std::size_t>(n.skip) : i + 1;
      continue;
    }
    RankBox box;
    std::copy(n.box_lo, n.box_lo + 3, box.lo);
    std::copy(n.box_hi, n.box_hi + 3, box.hi);
    float amin2 = std::numeric_limits<float>::max();
    for (int k = n.body_begin; k < n.body_end; ++k) {
      const int j = order[static_cast<std::size_t>(k)];
      amin2 = std::min(amin2, b.ax[j] * b.ax[j] + b.ay[j] * b.ay[j] + b.az[j] * b.az[j]);
    }
    // As group_alpha_accel computes a group's.
    box.alpha_accel = w.relative ? w.alpha * std::sqrt(amin2) : 0.0f;
    boxes.push_back(box);
    i = static_cast<std::size_t>(n.skip);
  }
  return boxes;
}

SourceTree Let::source() const {
  return {nodes.data(), static_cast<std::int32_t>(nodes.size()), nullptr, quads.data(), nullptr,
          x.data(),     y.data(),                                 z.data(), m.data()};
}

std::size_t Let::bytes() const {
  return 2 * sizeof(std::uint64_t) + nodes.size() * (sizeof(WalkNode) + sizeof(physics::Quadrupole)) +
         x.size() * 4 * sizeof(float);
}

Let build_let(const CpuOctree& tree, const HostBodies& b, const std::vector<RankBox>& to,
              const WalkParams& w) {
  Let out;
  if (to.empty()) return out;
  RankBox all = to[0];
  for (const RankBox& box : to) {
    for (int k = 0; k < 3; ++k) all.lo[k] = std::min(all.lo[k], box.lo[k]), all.hi[k] = std::max(all.hi[k], box.hi[k]);
    all.alpha_accel = std::min(all.alpha_accel, box.alpha_accel);
  }
  std::size_t refused = 0;
  const auto& nodes = tree.nodes();
  const auto& order = tree.order();
  const auto count = static_cast<std::int32_t>(nodes.size());
  std::vector<std::pair<std::int32_t, std::int32_t>> open;  // (LET index, local skip) of open cells
  auto close = [&](std::int32_t upto) {  // cells whose subtree ends before local node `upto`
    while (!open.empty() && open.back().second <= upto) {
      out.nodes[static_cast<std::size_t>(open.back().first)].skip =
          static_cast<std::int32_t>(out.nodes.size());
      open.pop_back();
    }
  };
  std::int32_t i = 0;
  while (i < count) {
    close(i);
    const CpuNode& n = nodes[static_cast<std::size_t>(i)];
    if (n.body_end == n.body_begin) {  // the root of no bodies
      i = n.skip;
      continue;
    }
    const float r = physics::open_radius(n.open_size, n.open_offset, w.inv_theta);
    const float extent = physics::cell_extent(n.open_size, n.open_offset);
    auto accepts = [&](const RankBox& box) {
      const float d2 = physics::box_distance2(n.comx, n.comy, n.comz, box.lo[0], box.lo[1],
                                              box.lo[2], box.hi[0], box.hi[1], box.hi[2]);
      return physics::accept(d2, r * r, n.mass, extent, w.order, w.relative, box.alpha_accel,
                             w.reach2);
    };
    // Accepted for the box around all the boxes, it is for each; else the box that refused the
    // last cell (neighbours in pre-order are neighbours in space) most likely refuses this one.
    bool accepted = accepts(all);
    if (!accepted && accepts(to[refused])) {
      accepted = true;
      for (std::size_t k = 0; k < to.size(); ++k) {
        if (!accepts(to[k])) {
          accepted = false, refused = k;
          break;
        }
      }
    }
    const auto at = static_cast<std::int32_t>(out.nodes.size());
    WalkNode wn{n.comx, n.comy, n.comz, n.mass, r * r, extent, 0, 0, at + 1, kInternal};
    if (accepted) {
      wn.kind = n.body_end - n.body_begin == 1 ? kPrunedPoint : kPrunedCell;
      i = n.skip;
    } else if (n.leaf()) {
      wn.kind = kLeaf;
      wn.begin = static_cast<std::int32_t>(out.x.size());
      for (int k = n.body_begin; k < n.body_end; ++k) {
        const int j = order[static_cast<std::size_t>(k)];
        out.x.push_back(b.x[j]), out.y.push_back(b.y[j]), out.z.push_back(b.z[j]);
        out.m.push_back(b.m[j]);
      }
      wn.end = static_cast<std::int32_t>(out.x.size());
      i = n.skip;
    } else {
      open.emplace_back(at, n.skip);
      i = i + 1;
    }
    out.nodes.push_back(wn);
    out.quads.push_back(n.quad);
  }
  close(std::numeric_limits<std::int32_t>::max());
  return out;
}

TreeLayout tree_layout(const Let& let, std::int32_t body_offset) {
  TreeLayout l;
  l.body_offset = body_offset;
  if (let.nodes.empty()) return l;
  // Breadth first: order[h] is the LET node that layout node h is; a cell's children, found by
  // their skip pointers, are appended together.
  std::vector<std::int32_t> order{0}, first(1, 0), count(1, 0);
  for (std::size_t h = 0; h < order.size(); ++h) {
    const WalkNode& n = let.nodes[static_cast<std::size_t>(order[h])];
    if (n.kind != kInternal) continue;
    first[h] = static_cast<std::int32_t>(order.size());
    for (std::int32_t c = order[h] + 1; c < n.skip; c = let.nodes[static_cast<std::size_t>(c)].skip) {
      order.push_back(c), first.push_back(0), count.push_back(0);
      ++count[h];
    }
  }
  for (std::size_t h = 0; h < order.size(); ++h) {
    const auto i = static_cast<std::size_t>(order[h]);
    const WalkNode& n = let.nodes[i];
    const physics::Quadrupole& q = let.quads[i];
    const bool pruned = n.kind == kPrunedCell || n.kind == kPrunedPoint;
    l.com.insert(l.com.end(), {n.comx, n.comy, n.comz, n.mass});
    l.quad.insert(l.quad.end(), {q.xx, q.yy, q.zz, q.xy, q.xz, q.yz, q.trace, 0.0f});
    l.mac.insert(l.mac.end(), {pruned ? -1.0f : n.r2, n.extent});
    if (n.kind == kInternal) {
      l.link.insert(l.link.end(), {first[h], count[h], 0, 0});
      l.range.insert(l.range.end(), {body_offset, body_offset});
    } else {
      const std::int32_t b = n.kind == kLeaf ? n.begin : 0, e = n.kind == kLeaf ? n.end : 0;
      l.link.insert(l.link.end(), {body_offset + b, e - b, 0, 1});
      l.range.insert(l.range.end(), {body_offset + b, body_offset + e});
    }
  }
  l.pos.reserve(4 * let.x.size());
  for (std::size_t k = 0; k < let.x.size(); ++k) {
    l.pos.insert(l.pos.end(), {let.x[k], let.y[k], let.z[k], let.m[k]});
  }
  return l;
}

namespace {
template <typename T>
void put(std::vector<std::byte>& out, const std::vector<T>& v) {
  const std::size_t at = out.size();
  out.resize(at + v.size() * sizeof(T));
  if (!v.empty()) std::memcpy(out.data() + at, v.data(), v.size() * sizeof(T));
}
template <typename T>
void get(const std::byte*& p, const std::byte* end, std::vector<T>& v, std::uint64_t n) {
  if (static_cast<std::size_t>(end - p) < n * sizeof(T)) {
    throw std::runtime_error("a local essential tree arrived cut short");
  }
  v.resize(n);
  if (n) std::memcpy(v.data(), p, n * sizeof(T));
  p += n * sizeof(T);
}
}  // namespace

void append_let(const Let& let, std::vector<std::byte>& out) {
  const std::vector<std::uint64_t> counts{let.nodes.size(), let.x.size()};
  put(out, counts);
  put(out, let.nodes);
  put(out, let.quads);
  for (const auto* v : {&let.x, &let.y, &let.z, &let.m}) put(out, *v);
}

Let read_let(const std::byte* data, std::size_t size) {
  Let let;
  if (size == 0) return let;  // a rank with no bodies, or none sent to one
  const std::byte* p = data;
  const std::byte* end = data + size;
  std::vector<std::uint64_t> counts;
  get(p, end, counts, 2);
  get(p, end, let.nodes, counts[0]);
  get(p, end, let.quads, counts[0]);
  for (auto* v : {&let.x, &let.y, &let.z, &let.m}) get(p, end, *v, counts[1]);
  return let;
}

}  // namespace galaxy::cpu
