// SPDX-License-Identifier: MIT
// A rank's tree in the cube of all ranks (CpuOctree::Domain, physics::cell_in_keys), without
// MPI: a rank whose key range holds sparse bodies all round a dense cluster that another rank
// holds. No walk group and no box the rank describes its bodies by may reach round that cluster
// (four H200s, 100M bodies a GPU: such a group walked 2.7 million interactions a body, and such
// a box had the others send one rank 244M of their 300M bodies); the tree built in the rank's own
// cube, as before, does reach round it.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "cpu/let.hpp"
#include "cpu/octree.hpp"
#include "morton.hpp"
#include "physics.hpp"

namespace galaxy {
namespace {

struct Point {
  float x, y, z;
};

// The cube [0, 1)^3: sparse bodies over its octant 0, [0, 0.5)^3, and a dense cluster in that
// octant's corner nearest the centre, [0.45, 0.5)^3, whose smallest key cuts the range. The rank
// holds the sparse bodies below the cut; the others (the cluster) are another rank's.
struct Cut {
  HostBodies mine;
  std::vector<Point> others;
  CpuOctree::Domain domain;
  Cut() {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> sparse(0.0f, 0.5f), dense(0.45f, 0.5f);
    std::vector<Point> all;
    for (int i = 0; i < 400; ++i) all.push_back({sparse(rng), sparse(rng), sparse(rng)});
    for (int i = 0; i < 3000; ++i) all.push_back({dense(rng), dense(rng), dense(rng)});
    const auto key = [](const Point& p) { return physics::morton_key(p.x, p.y, p.z, 0, 0, 0, 1); };
    std::uint64_t cut = ~std::uint64_t{0};
    for (std::size_t i = 400; i < all.size(); ++i) cut = std::min(cut, key(all[i]));
    domain.size = 1, domain.key_lo = 0, domain.key_hi = cut;
    for (const Point& p : all) {
      if (key(p) >= cut) {
        others.push_back(p);
        continue;
      }
      mine.resize(mine.size() + 1);
      const std::size_t k = mine.size() - 1;
      mine.x[k] = p.x, mine.y[k] = p.y, mine.z[k] = p.z, mine.m[k] = 1.0f / 3400;
    }
  }
  // How many of the other rank's bodies lie in the box [lo, hi].
  int others_in(const float lo[3], const float hi[3]) const {
    return static_cast<int>(std::count_if(others.begin(), others.end(), [&](const Point& p) {
      return p.x >= lo[0] && p.x <= hi[0] && p.y >= lo[1] && p.y <= hi[1] && p.z >= lo[2] &&
             p.z <= hi[2];
    }));
  }
  // The most of the other rank's bodies inside one walk group's box.
  int worst_group(const CpuOctree& tree) const {
    int worst = 0;
    for (const CpuOctree::Group& g : tree.groups()) {
      float lo[3] = {1, 1, 1}, hi[3] = {0, 0, 0};
      for (int s = g.begin; s < g.end; ++s) {
        const auto j = static_cast<std::size_t>(tree.order()[static_cast<std::size_t>(s)]);
        const float p[3] = {mine.x[j], mine.y[j], mine.z[j]};
        for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
      }
      worst = std::max(worst, others_in(lo, hi));
    }
    return worst;
  }
};

TEST(RankDomain, NoGroupReachesRoundAnotherRanksBodies) {
  const Cut c;
  ASSERT_GT(c.mine.size(), 300u);
  CpuOctree tree;
  tree.build(c.mine, 16, 64, &c.domain);
  EXPECT_EQ(c.worst_group(tree), 0);
  for (const CpuNode& n : tree.nodes()) {
    if (n.leaf()) {
      EXPECT_TRUE(tree.in_range(n)) << "a leaf at depth " << n.depth;
    }
  }
  // In the rank's own cube (the tree before), groups of sparse cells reached round the cluster.
  CpuOctree own;
  own.build(c.mine, 16, 64);
  EXPECT_GT(c.worst_group(own), 100);
}

TEST(RankDomain, NoBoxForTheOthersReachesRoundAnotherRanksBodies) {
  const Cut c;
  CpuOctree tree;
  tree.build(c.mine, 16, 64, &c.domain);
  const WalkParams w;
  int worst = 0;
  for (const cpu::RankBox& b : cpu::rank_boxes(tree, c.mine, w, 16, 64)) {
    worst = std::max(worst, c.others_in(b.lo, b.hi));
  }
  EXPECT_EQ(worst, 0);
  CpuOctree own;
  own.build(c.mine, 16, 64);
  worst = 0;
  for (const cpu::RankBox& b : cpu::rank_boxes(own, c.mine, w, 16, 64)) {
    worst = std::max(worst, c.others_in(b.lo, b.hi));
  }
  EXPECT_GT(worst, 100);
}

TEST(RankDomain, EveryKeyInTheBodiesOwnCubeIsTheTreeOfOneProcess) {
  const Cut c;
  CpuOctree::Domain whole;
  bounding_cube(c.mine, whole.lo[0], whole.lo[1], whole.lo[2], whole.size);
  CpuOctree a, b;
  a.build(c.mine, 16, 64, &whole);
  b.build(c.mine, 16, 64);
  ASSERT_EQ(a.nodes().size(), b.nodes().size());
  ASSERT_EQ(a.groups().size(), b.groups().size());
  for (std::size_t g = 0; g < a.groups().size(); ++g) {
    EXPECT_EQ(a.groups()[g].begin, b.groups()[g].begin);
    EXPECT_EQ(a.groups()[g].end, b.groups()[g].end);
  }
}

}  // namespace
}  // namespace galaxy
