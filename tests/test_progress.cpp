// SPDX-License-Identifier: MIT
// Big snapshots: loads and saves report their bytes (monotone, ending at the total), read in
// chunks straight into the bodies' arrays with the same bits as ever, keep the host's peak memory
// near the file's size, a file too big for memory is refused from its header before a body is
// read, and the window loads on a worker while the run goes on (HostileApp: drives OpenGL).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "headless_app.hpp"
#include "io/gxy.hpp"
#include "io/snapshot.hpp"
#include "io/tipsy.hpp"
#include "run/session.hpp"
#include "run_command.hpp"
#include "scenarios/plummer.hpp"
#include "snapshot_files.hpp"
#include "text/progress_line.hpp"

namespace galaxy {
namespace {

io::LoadOptions with_progress(io::Progress p) {
  io::LoadOptions o;
  o.progress = std::move(p);
  return o;
}

using namespace test_support;
using Calls = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

// More bodies than one 4 MiB chunk of a float array holds (1,048,576), so every array of a .gxy
// file is read in two pieces: 50.6 MB. Values of every kind of float: normal, subnormal, -0; the
// tags of three populations and two galaxies, all stars, so that Tipsy keeps them and the order.
HostBodies big_bodies(std::size_t n = 1'100'000) {
  HostBodies b;
  b.resize(n);
  std::uint32_t r = 12345;
  auto next = [&] { return r = r * 1664525u + 1013904223u; };
  for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx, &HostBodies::vy,
                 &HostBodies::vz, &HostBodies::ax, &HostBodies::ay, &HostBodies::az,
                 &HostBodies::pot}) {
    for (float& v : b.*m) v = float(int(next() >> 8) - (1 << 23)) * 1e-6f;
  }
  for (std::size_t i = 0; i < n; ++i) {
    b.m[i] = float(next() >> 8) * 1e-12f;
    b.population[i] = static_cast<std::uint8_t>(i % 3);  // stars of every kind: Tipsy keeps order
    b.galaxy[i] = static_cast<std::uint8_t>(i / 3 % 2);  // the galaxies a Tipsy star record tags
  }
  b.x[7] = 1e-40f;  // subnormal
  b.vy[9] = -0.0f;
  return b;
}

void expect_monotone_to_the_end(const Calls& calls, std::uint64_t total, const char* what) {
  ASSERT_GE(calls.size(), 2u) << what;
  EXPECT_EQ(calls.front().first, 0u) << what;
  for (std::size_t k = 0; k < calls.size(); ++k) {
    EXPECT_EQ(calls[k].second, total) << what << " call " << k;
    if (k) {
      EXPECT_GE(calls[k].first, calls[k - 1].first) << what << " call " << k;
    }
  }
  EXPECT_EQ(calls.back().first, total) << what;
}

io::Progress recorder(Calls& calls) {
  return [&calls](std::uint64_t done, std::uint64_t total) { calls.emplace_back(done, total); };
}

TEST(Progress, ChunkedLoadsGiveTheSameBitsAndReportEveryByte) {
  const fs::path d = temp_dir();
  const io::Snapshot s{big_bodies(), 2.5, 40, SimParams{}, {}, {}};
  for (const char* name : {"big.gxy", "big.tipsy"}) {
    const fs::path f = d / name;
    Calls saved, loaded;
    io::save_snapshot(f, s, recorder(saved));
    const io::Snapshot r = io::load_snapshot(f, with_progress(recorder(loaded)));
    expect_monotone_to_the_end(saved, fs::file_size(f), name);
    expect_monotone_to_the_end(loaded, fs::file_size(f), name);
    EXPECT_EQ(io::snapshot_body_count(f), s.bodies.size()) << name;
    if (std::string(name) == "big.gxy") {
      expect_bit_exact(r.bodies, s.bodies);
    } else {  // Tipsy keeps positions, velocities, masses, potentials and the tags of stars
      for (auto m : {&HostBodies::x, &HostBodies::y, &HostBodies::z, &HostBodies::vx,
                     &HostBodies::vy, &HostBodies::vz, &HostBodies::m, &HostBodies::pot}) {
        EXPECT_TRUE(same_bits(r.bodies.*m, s.bodies.*m)) << name;
      }
      EXPECT_EQ(r.bodies.population, s.bodies.population);
      EXPECT_EQ(r.bodies.galaxy, s.bodies.galaxy);
    }
    fs::remove(f);
  }
  fs::remove_all(d);
}

TEST(Progress, ACallbackThatThrowsCancelsTheLoadAndTheSaveLeavesNoFile) {
  const fs::path d = temp_dir();
  const io::Snapshot s = sample_state(300);
  const fs::path f = d / "s.gxy";
  const auto cancel = [](std::uint64_t, std::uint64_t) { throw std::runtime_error("cancelled"); };
  EXPECT_THROW(io::save_snapshot(f, s, cancel), std::runtime_error);
  EXPECT_FALSE(fs::exists(f));
  io::save_snapshot(f, s);
  EXPECT_THROW(io::load_snapshot(f, with_progress(cancel)), std::runtime_error);
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1) << "no temporary";
  fs::remove_all(d);
}

TEST(Progress, TheTerminalLineSaysWhatHowFarAndOfHowMuch) {
  EXPECT_EQ(app::progress_text("loading", "a.gxy", 512u << 20, std::uint64_t(2) << 30),
            "loading a.gxy: 25% of 2.0 GiB");
  EXPECT_EQ(app::progress_text("saving", "b.csv", 30u << 20, 60u << 20),
            "saving b.csv: 50% of 60 MiB");
}

// The child of the test below, run in a fresh process of this program so that nothing the other
// tests allocated is counted: loads $GALAXY_PEAK_FILE and prints how far the peak resident size
// rose above the resident size before the load (an upper bound of what the load added).
std::uint64_t status_kib(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string k;
  std::uint64_t v = 0;
  std::string unit;
  while (in >> k) {
    if (k == key) {
      in >> v;
      return v;
    }
    std::getline(in, unit);
  }
  return 0;
}

TEST(ProgressChild, DISABLED_LoadAndPrintThePeak) {
  const char* f = std::getenv("GALAXY_PEAK_FILE");
  ASSERT_NE(f, nullptr);
  const std::uint64_t before = status_kib("VmRSS:");
  const io::Snapshot s = io::load_snapshot(f);
  const std::uint64_t peak = status_kib("VmHWM:");
  std::printf("bodies %zu peak growth %llu KiB\n", s.bodies.size(),
              static_cast<unsigned long long>(peak - before));
}

TEST(Progress, LoadingA50MBGxyFileRaisesThePeakByLessThan1_3TimesItsSize) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "skipped: AddressSanitizer's shadow memory and quarantine inflate the peak";
#endif
  const fs::path d = temp_dir();
  const fs::path f = d / "peak.gxy";
  io::save_snapshot(f, {big_bodies(), 0, 0, SimParams{}, {}, {}});
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const CommandResult r = run_command(
      "GALAXY_PEAK_FILE=" + f.string() + " " + self +
      " --gtest_also_run_disabled_tests --gtest_filter=ProgressChild.DISABLED_LoadAndPrintThePeak");
  ASSERT_EQ(r.status, 0) << r.output;
  unsigned long long bodies = 0, kib = 0;
  const std::size_t at = r.output.find("bodies ");
  ASSERT_NE(at, std::string::npos) << r.output;
  ASSERT_EQ(std::sscanf(r.output.c_str() + at, "bodies %llu peak growth %llu KiB", &bodies, &kib),
            2)
      << r.output;
  EXPECT_EQ(bodies, 1'100'000u);
  const double ratio = double(kib) * 1024.0 / double(fs::file_size(f));
  EXPECT_LT(ratio, 1.3) << kib << " KiB for a file of " << fs::file_size(f) << " bytes";
  EXPECT_GT(ratio, 0.9) << "the bodies themselves are the file's size: was anything measured?";
  fs::remove_all(d);
}

// A file whose header promises more bodies than memory holds is refused from the header: a
// sparse file of that size, so nothing is read (reading it would take hours). Under a 4 GiB
// address-space limit, so that the refusal does not depend on this machine's memory, and a
// broken preflight fails fast instead of swapping.
TEST(Progress, AFileTooBigIsRefusedFromItsHeaderBeforeItsBodiesAreRead) {
  const fs::path d = temp_dir();
  const fs::path small = d / "small.gxy", big = d / "big.gxy";
  io::save_snapshot(small, sample_state(10));
  const std::uint64_t n = 10'000'000'000ull;
  {
    Bytes b = read_bytes(small);
    b.resize(80);  // the version 2 header, with the count changed below
    std::memcpy(&b[16], &n, 8);
    write_bytes(big, b);
  }
  fs::resize_file(big, 80 + 46 * n + 4);
  ASSERT_EQ(io::snapshot_body_count(big), n);
  const CommandResult r = run_command("ulimit -v 4194304; timeout 60 " + galaxy_command() +
                                      " --headless --backend cpu --steps 1 --load " + big.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find(big.string() + ": 10,000,000,000 bodies need"), std::string::npos)
      << r.output;
  fs::remove_all(d);
}

// With the simulation on its own thread, Load reads the file on a worker while the run goes on
// and the window draws; a file that fails to load leaves the run as it was, one that loads
// replaces it. The frames are pumped until the outcome arrives (each frame is real work).
TEST(HostileApp, AThreadedLoadKeepsTheRunOnFailureAndSwapsItInOnSuccess) {
  std::string why;
  app::Options o = test_support::small_options(300);
  auto a = test_support::make_app(o, why, true);
  if (!a) GTEST_SKIP() << why;
  const fs::path d = temp_dir();
  const fs::path bad = d / "bad.csv", good = d / "good.gxy";
  std::ofstream(bad) << "x,y,z,vx,vy,vz,m\n1,2,3,0,0,0,1\n1,2,oops,0,0,0,1\n";
  io::save_snapshot(good, {make_plummer(123, 5), 1.5, 7, SimParams{}, {}, {}});
  // Until the status line says something new: an error other than `before`, or "loaded".
  const auto outcome = [&](const std::string& before) {
    for (int k = 0; k < 100000 && a->status().error == before &&
                    a->status().message.rfind("loaded", 0) != 0;
         ++k) {
      EXPECT_TRUE(a->frame());
    }
  };
  app::FeatureActions load;
  load.snapshots.path = bad.string();
  load.snapshots.load = true;
  a->apply(load);
  outcome("");
  EXPECT_EQ(a->status().error_place, app::Place::Load);
  EXPECT_NE(a->status().error.find("line 3, column 3 (z): 'oops' is not a number"),
            std::string::npos)
      << a->status().error;
  EXPECT_EQ(a->run().session().simulation().size(), 300u) << "the run stays";
  EXPECT_EQ(a->run().figures().source, "collision");

  load.snapshots.path = good.string();
  a->apply(load);
  outcome(a->status().error);
  EXPECT_TRUE(a->status().error.empty()) << a->status().error;
  EXPECT_EQ(a->status().message.rfind("loaded " + good.string(), 0), 0u) << a->status().message;
  EXPECT_EQ(a->run().session().simulation().size(), 123u);
  EXPECT_EQ(a->run().control().wanted().bodies, 123u);
  EXPECT_EQ(a->run().figures().source, "snapshot " + good.string());

  // A save is written on the worker too, and says so when it is done.
  const fs::path out = d / "out.gxy";
  app::FeatureActions save;
  save.snapshots.path = out.string();
  save.snapshots.save = true;
  a->apply(save);
  for (int k = 0; k < 100000 && a->status().error.empty() &&
                  a->status().message.rfind("saved", 0) != 0;
       ++k) {
    EXPECT_TRUE(a->frame());
  }
  EXPECT_EQ(a->status().message, "saved " + out.string()) << a->status().error;
  EXPECT_EQ(io::load_snapshot(out).bodies.size(), 123u);
  a.reset();
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
