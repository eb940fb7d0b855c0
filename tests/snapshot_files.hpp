// SPDX-License-Identifier: MIT
// What the snapshot tests (test_snapshots.cpp, test_gxy.cpp) share: a fresh folder per test, files
// as bytes, a state with every array distinct, bit-exact comparison, the error a bad file gives.
#pragma once

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/run_spec_options.hpp"
#include "cpu/cpu_simulation.hpp"
#include "io/snapshot.hpp"
#include "run/session.hpp"
#include "scenarios/disk_galaxy.hpp"

namespace galaxy::test_support {

namespace fs = std::filesystem;
using Bytes = std::vector<unsigned char>;

inline fs::path temp_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path d = fs::temp_directory_path() /
                     (std::string("galaxy_snap_") + info->test_suite_name() + "_" + info->name());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

inline Bytes read_bytes(const fs::path& f) {
  std::ifstream in(f, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

inline void write_bytes(const fs::path& f, const Bytes& b) {
  std::ofstream out(f, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

// A state with every array distinct: two galaxies after a few steps, so accelerations and
// potentials are the solver's and the tags take all values.
inline io::Snapshot sample_state(std::size_t n = 1500) {
  CpuSimulation sim(Solver::BarnesHut, {0.6f, 0.01f, 0.04f});
  sim.reset(make_galaxy_collision(n, 11));
  for (int k = 0; k < 3; ++k) sim.step();
  HostBodies b = sim.download();
  b.population[0] = static_cast<std::uint8_t>(Population::Star);  // the fourth population too
  return {b, sim.time(), sim.steps_taken(), sim.params(), {}, {}};
}

inline bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

inline void expect_bit_exact(const HostBodies& a, const HostBodies& b) {
  ASSERT_EQ(a.size(), b.size());
  for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
                 &HostBodies::vz, &HostBodies::m, &HostBodies::ax, &HostBodies::ay, &HostBodies::az,
                 &HostBodies::pot}) {
    EXPECT_TRUE(same_bits(a.*m, b.*m));
  }
  EXPECT_EQ(a.population, b.population);
  EXPECT_EQ(a.galaxy, b.galaxy);
}

// Expects `f` to throw std::runtime_error whose message names `file` and contains `problem`.
template <class F>
void expect_error(F&& f, const fs::path& file, const std::string& problem) {
  try {
    f();
    ADD_FAILURE() << "no error for " << file << " (expected '" << problem << "')";
  } catch (const std::runtime_error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(file.string()), std::string::npos) << msg;
    EXPECT_NE(msg.find(problem), std::string::npos) << msg;
  }
}

// Rewrites the trailing CRC so that a deliberately bad value gets past the checksum.
inline void fix_crc(Bytes& b) {
  const auto c = static_cast<std::uint32_t>(crc32_z(0, b.data(), b.size() - 4));
  for (int k = 0; k < 4; ++k) b[b.size() - 4 + k] = static_cast<unsigned char>(c >> (8 * k));
}

// A CPU session of 500 Plummer bodies three steps on, and its bodies then: the run a failed load
// must leave as it was (expect_kept).
struct SteppedSession {
  static app::Options options() {
    app::Options o;
    o.backend = Backend::Cpu;
    o.scenario = "plummer";
    o.bodies = 500;
    return o;
  }
  SteppedSession() : session(app::run_spec(options())) {
    for (int k = 0; k < 3; ++k) session.simulation().step();
    before = session.simulation().download();
  }
  void expect_kept() {
    EXPECT_EQ(session.simulation().steps_taken(), 3u);
    expect_bit_exact(before, session.simulation().download());
  }
  app::Session session;
  HostBodies before;
};

}  // namespace galaxy::test_support
