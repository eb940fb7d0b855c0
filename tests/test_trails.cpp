// SPDX-License-Identifier: MIT
// Trails (render/trails.hpp, app/picture/trail_path.hpp): the ring gathers the chosen bodies'
// positions from the vertex buffers, the choice is every k-th drawn body of the asked galaxy,
// and a new body count or run starts the trails over (the drawing: test_trail_drawing.cpp).
// Headless GL; the tests skip, saying why, only where no OpenGL 4.5 context can be made.
#include <glad/gl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "cli/options.hpp"
#include "headless_app.hpp"
#include "headless_gl.hpp"
#include "picture/gl_context.hpp"
#include "picture/trail_path.hpp"
#include "trails.hpp"

namespace galaxy {
namespace {

// Bodies on the host, uploaded into vertex buffers: body i at (x(i), y, -x(i)).
struct HostVertices {
  std::vector<float> xyzs;
  std::vector<std::uint8_t> tags;
  explicit HostVertices(std::size_t n, std::uint8_t tag = 1) : xyzs(4 * n), tags(n, tag) {}
  void place(float y) {
    for (std::size_t i = 0; i < tags.size(); ++i) {
      xyzs[4 * i] = float(i);
      xyzs[4 * i + 1] = y;
      xyzs[4 * i + 2] = -float(i);
      xyzs[4 * i + 3] = 0.5f;
    }
  }
};

class Trails : public test_support::HeadlessGl {
 protected:
  Trails() : HeadlessGl(64, 64) {}
  void SetUp() override {
    HeadlessGl::SetUp();
    if (IsSkipped()) return;
    trails_.emplace();
  }
  void TearDown() override {
    bodies_ = render::VertexBuffers();
    trails_.reset();
  }
  void upload(const HostVertices& h) {
    if (bodies_.count() != h.tags.size()) bodies_.resize(h.tags.size(), false, true);
    bodies_.upload(h.xyzs.data(), h.tags.data());
  }
  // The vertex indices the choice must give: every k-th followable one, at most `most`.
  static std::vector<std::uint32_t> expected(const std::vector<std::uint8_t>& tags, int most,
                                             int galaxy = -1) {
    std::vector<std::uint32_t> ok;
    for (std::size_t i = 0; i < tags.size(); ++i) {
      const bool halo = (tags[i] & 3) == 3;
      if (!halo && (galaxy < 0 || tags[i] >> 2 == galaxy)) ok.push_back(std::uint32_t(i));
    }
    const std::size_t k = std::max<std::size_t>(1, (ok.size() + most - 1) / most);
    std::vector<std::uint32_t> chosen;
    for (std::size_t r = 0; r < ok.size(); r += k) chosen.push_back(ok[r]);
    return chosen;
  }
  std::optional<render::Trails> trails_;
  render::VertexBuffers bodies_;
};

TEST_F(Trails, TheRingGathersTheChosenBodiesPositionsAndWrapsAround) {
  HostVertices h(1000);
  trails_->reset({.bodies = 100, .length = 16});
  for (int step = 0; step < 5; ++step) {
    h.place(float(step));
    upload(h);
    trails_->sample(bodies_);
  }
  const auto chosen = trails_->followed_indices();
  EXPECT_EQ(chosen, expected(h.tags, 100)) << "1000 bodies, at most 100: every 10th";
  ASSERT_EQ(chosen.size(), 100u);
  EXPECT_EQ(trails_->samples(), 5);
  for (int age = 0; age < 5; ++age) {
    const auto p = trails_->positions(age);
    ASSERT_EQ(p.size(), chosen.size());
    for (std::size_t t = 0; t < p.size(); ++t) {
      ASSERT_EQ(p[t], glm::vec3(float(chosen[t]), float(4 - age), -float(chosen[t])))
          << "trail " << t << ", " << age << " samples old";
    }
  }
  for (int step = 5; step < 40; ++step) {  // 40 samples into 16 rows
    h.place(float(step));
    upload(h);
    trails_->sample(bodies_);
  }
  EXPECT_EQ(trails_->samples(), 16);
  EXPECT_EQ(trails_->positions(0)[7].y, 39.0f);
  EXPECT_EQ(trails_->positions(15)[7].y, 24.0f) << "the oldest kept sample";
  EXPECT_TRUE(trails_->positions(16).empty());
}

// The vertices in another order than the bodies' (as the CUDA backend's tree order): the trails
// choose and follow bodies by their own index through vertex_of, wherever their vertices are.
TEST_F(Trails, BodiesAreFollowedThroughVertexOfWhateverTheVertexOrder) {
  const std::size_t n = 600;
  HostVertices h(n);
  for (std::size_t i = 0; i < n; i += 2) h.tags[i] = 3;  // even bodies are halo
  trails_->reset({.bodies = 50, .length = 8});
  std::vector<std::uint32_t> vertex_of(n);
  for (int step = 0; step < 3; ++step) {
    h.place(float(step));
    // Body i's vertex at (i * 7 + step * 13) mod n: another order at every step.
    HostVertices shuffled(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t v = (i * 7 + std::size_t(step) * 13) % n;
      vertex_of[i] = std::uint32_t(v);
      std::copy_n(&h.xyzs[4 * i], 4, &shuffled.xyzs[4 * v]);
      shuffled.tags[v] = h.tags[i];
    }
    upload(shuffled);
    glNamedBufferSubData(bodies_.vertex_of(), 0, GLsizeiptr(n * sizeof(std::uint32_t)),
                         vertex_of.data());
    trails_->sample(bodies_);
  }
  const auto chosen = trails_->followed_indices();
  EXPECT_EQ(chosen, expected(h.tags, 50)) << "every 6th odd body, by the bodies' own index";
  for (int age = 0; age < 3; ++age) {
    const auto p = trails_->positions(age);
    ASSERT_EQ(p.size(), chosen.size());
    for (std::size_t t = 0; t < p.size(); ++t) {
      ASSERT_EQ(p[t], glm::vec3(float(chosen[t]), float(2 - age), -float(chosen[t]))) << t;
    }
  }
}

// Vertex buffers that do not say where each body is (trails were off when they were made) are
// not sampled: a vertex index alone may name another body at the next step.
TEST_F(Trails, VertexBuffersWithoutVertexOfAreNotSampled) {
  HostVertices h(100);
  h.place(0.0f);
  bodies_.resize(100, false);
  bodies_.upload(h.xyzs.data(), h.tags.data());
  trails_->reset({.bodies = 10, .length = 8});
  trails_->sample(bodies_);
  EXPECT_EQ(trails_->samples(), 0);
  EXPECT_FALSE(trails_->drawable(bodies_));
}

// More workgroups than the scan's single group has invocations (70,000 bodies: 274 groups), and
// a count that k does not divide: k = ceil(70000 / 333) = 211, 332 bodies followed.
TEST_F(Trails, TheChoiceIsEveryKthBodyAcrossWorkgroups) {
  HostVertices h(70000);
  h.place(0.0f);
  upload(h);
  trails_->reset({.bodies = 333, .length = 8});
  trails_->sample(bodies_);
  const auto chosen = trails_->followed_indices();
  EXPECT_EQ(chosen, expected(h.tags, 333));
  EXPECT_LE(chosen.size(), 333u);
  EXPECT_EQ(chosen.size(), 332u);
}

// Tags of every population (halo included) and three galaxies, interleaved.
TEST_F(Trails, OneGalaxysBodiesAloneAndNeverTheHalo) {
  HostVertices h(5000);
  for (std::size_t i = 0; i < h.tags.size(); ++i) {
    h.tags[i] = std::uint8_t((i % 4) | ((i / 4 % 3) << 2));
  }
  h.place(0.0f);
  upload(h);
  for (int galaxy : {1, 2, -1}) {
    for (int most : {20000, 100}) {
      trails_->reset({.bodies = most, .length = 8, .galaxy = galaxy});
      trails_->sample(bodies_);
      const auto chosen = trails_->followed_indices();
      EXPECT_EQ(chosen, expected(h.tags, most, galaxy)) << "galaxy " << galaxy << ", " << most;
      for (std::uint32_t i : chosen) {
        EXPECT_NE(h.tags[i] & 3, 3) << "a halo body";
        if (galaxy >= 0) {
          EXPECT_EQ(h.tags[i] >> 2, galaxy) << "body " << i;
        }
      }
    }
  }
  trails_->reset({.bodies = 100, .length = 8, .galaxy = 7});
  trails_->sample(bodies_);
  EXPECT_TRUE(trails_->followed_indices().empty()) << "no body of galaxy 7: no trail";
}

// The owner's policy: a sample every `every` steps, and a fresh start on a new body count, a new
// run, a setting and a step back in time.
TEST_F(Trails, ABodyCountChangeOrANewRunStartsOver) {
  app::TrailPath path;
  HostVertices h(500);
  h.place(0.0f);
  upload(h);
  const render::TrailParams p{.bodies = 50, .length = 16, .every = 3};
  for (std::uint64_t step = 0; step <= 7; ++step) {
    h.place(float(step));
    upload(h);
    EXPECT_FALSE(path.update(bodies_, p, step));
    EXPECT_FALSE(path.update(bodies_, p, std::nullopt)) << "a frame without a new step";
  }
  ASSERT_NE(path.trails(), nullptr);
  EXPECT_EQ(path.trails()->samples(), 3) << "steps 0, 3 and 6";
  EXPECT_EQ(path.trails()->positions(0)[0].y, 6.0f);
  HostVertices more(800);
  more.place(8.0f);
  upload(more);
  path.update(bodies_, p, 8);
  EXPECT_EQ(path.trails()->samples(), 1) << "another body count: the indices name other bodies";
  EXPECT_EQ(path.trails()->followed_indices(), expected(more.tags, 50));
  path.update(bodies_, p, 11);
  EXPECT_EQ(path.trails()->samples(), 2);
  path.reset();
  path.update(bodies_, p, 12);
  EXPECT_EQ(path.trails()->samples(), 1) << "a new run";
  path.update(bodies_, p, 15);
  path.update(bodies_, p, 5);
  EXPECT_EQ(path.trails()->samples(), 1) << "back in time";
  render::TrailParams longer = p;
  longer.length = 32;
  path.update(bodies_, longer, std::nullopt);
  EXPECT_EQ(path.trails()->samples(), 0) << "a setting changed";
  render::TrailParams off = p;
  off.bodies = 0;
  path.update(bodies_, off, 20);
  EXPECT_EQ(path.trails(), nullptr);
}

// The app's wiring: trails sampled from the drawn step of the running simulation (the bodies
// at the followed indices, in the run's own order), started over when the body count changes
// through the panel's path.
TEST(AppTrails, TrailsFollowTheRunsBodiesAndABodyCountChangeStartsThemOver) {
  app::Options o = test_support::small_options(1200);
  o.trails = 40;
  std::string why;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions every_step;  // a sample at each drawn step, through the trails' action
  render::TrailParams p = a->features().trails.params();
  p.every = 1;
  every_step.trails.set = p;
  a->apply(every_step);
  for (int k = 0; k < 4; ++k) ASSERT_TRUE(a->frame());
  const render::Trails* t = a->features().trails.drawn();
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->samples(), 4) << "a sample at each drawn step since the setting changed";
  const HostBodies b = a->run().session().simulation().download();
  const auto chosen = t->followed_indices();
  ASSERT_FALSE(chosen.empty());
  EXPECT_LE(chosen.size(), 40u);
  const auto now = t->positions(0);
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    EXPECT_EQ(now[k], glm::vec3(b.x[chosen[k]], b.y[chosen[k]], b.z[chosen[k]])) << k;
    EXPECT_NE(b.population[chosen[k]], std::uint8_t(Population::Halo));
  }
  app::FeatureActions c;
  c.run_settings.bodies = 700;
  a->apply(c);
  ASSERT_TRUE(a->frame());
  t = a->features().trails.drawn();
  ASSERT_NE(t, nullptr);
  EXPECT_LE(t->samples(), 2) << "started over at the new body count";
  for (std::uint32_t i : t->followed_indices()) EXPECT_LT(i, 700u);
}

TEST(TrailsCli, TrailsTakesABodyCountUpToTheLimit) {
  const auto parse = [](std::vector<const char*> args) {
    args.insert(args.begin(), "galaxy");
    return app::parse_options(int(args.size()), args.data());
  };
  const app::ParseResult r = parse({"--trails", "10000"});
  EXPECT_FALSE(r.exit_code);
  EXPECT_EQ(r.options.trails, 10000);
  EXPECT_EQ(parse({}).options.trails, 0) << "no trails unless asked";
  EXPECT_EQ(parse({"--trails", "70000"}).exit_code, 2) << "above kMaxTrailBodies";
  EXPECT_EQ(parse({"--trails", "-1"}).exit_code, 2);
}

// The CUDA backend sorts its bodies along the Morton curve at every step and writes the vertices
// (through CUDA-GL interop) in that order, which the splat draws fastest; vertex_of must say
// where each body's vertex is, or a trail would jump from body to body. Skips without a CUDA
// device.
TEST(AppTrails, OnTheGpuVertexOfFindsEachBodysVertex) {
  std::string why;
  if (!cuda_available(&why)) GTEST_SKIP() << "no CUDA device: " << why;
  app::Options o = test_support::small_options(100000);
  o.backend = Backend::Cuda;
  o.trails = 1000;
  auto a = test_support::make_app(o, why);
  if (!a) GTEST_SKIP() << why;
  app::FeatureActions every_step;  // a sample at each drawn step, through the trails' action
  render::TrailParams p = a->features().trails.params();
  p.every = 1;
  every_step.trails.set = p;
  a->apply(every_step);
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(a->frame());
  const HostBodies b = a->run().session().simulation().download();  // the user's order
  const std::size_t n = b.size();
  ASSERT_EQ(a->screen().vertices().count(), n);
  ASSERT_TRUE(a->screen().vertices().has_vertex_of());
  std::vector<float> gl(4 * n);
  glGetNamedBufferSubData(a->screen().vertices().xyzs(), 0, GLsizeiptr(gl.size() * sizeof(float)),
                          gl.data());
  std::vector<std::uint32_t> vertex_of(n);
  glGetNamedBufferSubData(a->screen().vertices().vertex_of(), 0, GLsizeiptr(n * sizeof(std::uint32_t)),
                          vertex_of.data());
  std::size_t differ = 0, moved = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t v = vertex_of[i];
    ASSERT_LT(v, n);
    differ += gl[4 * v] != b.x[i] || gl[4 * v + 1] != b.y[i] || gl[4 * v + 2] != b.z[i];
    moved += v != i;
  }
  EXPECT_EQ(differ, 0u) << "vertex vertex_of[i] is body i";
  EXPECT_GT(moved, n / 2) << "the vertices are in the tree's order, not the bodies' own";
  const render::Trails* t = a->features().trails.drawn();
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->samples(), 3);
  const auto chosen = t->followed_indices();
  const auto now = t->positions(0);
  ASSERT_EQ(now.size(), chosen.size());
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    ASSERT_EQ(now[k], glm::vec3(b.x[chosen[k]], b.y[chosen[k]], b.z[chosen[k]])) << k;
  }
}

}  // namespace
}  // namespace galaxy
