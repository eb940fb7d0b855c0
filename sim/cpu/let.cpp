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
    if (bodies == 0 || (!n.leaf() && bodies > limit)) {
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
