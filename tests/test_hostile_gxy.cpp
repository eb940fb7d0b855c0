// SPDX-License-Identifier: MIT
// Issue 45, hostile .gxy files: header values and stored fields that passed a loose check and
// broke the run (a denormal time step, a NaN acceleration, a step count that wraps, units whose
// speed unit is infinite). Each is refused naming the file and the field, with exit status 1,
// before a step is taken; the loads run the program as a user would (hostile_support.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>

#include "hostile_support.hpp"
#include "io/gxy.hpp"
#include "snapshot_files.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;
using test_support::Bytes;

void expect_refused(const fs::path& file, const std::string& problem) {
  const CommandResult r = test_support::run_command(
      "timeout -s KILL 120 " + test_support::galaxy_command() +
      " --headless --backend cpu --steps 1 --threads 1 --load '" + file.string() + "'");
  EXPECT_EQ(r.status, 1) << "a92d789 ran it: " << r.output;
  EXPECT_NE(r.output.find(file.string()), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(problem), std::string::npos) << r.output;
}

constexpr std::size_t kBodies = 200, kStepsAt = 32, kDtAt = 44, kUnitsAt = 64, kArraysAt = 80;

// A good .gxy of kBodies bodies with `edit` applied to its bytes and the checksum made right.
template <class Edit>
fs::path edited_gxy(const std::string& name, Edit&& edit) {
  const fs::path f = temp("galaxy_hio_" + name);
  io::save_gxy(f, test_support::sample_state(kBodies));
  Bytes b = test_support::read_bytes(f);
  edit(b);
  test_support::fix_crc(b);
  test_support::write_bytes(f, b);
  return f;
}

template <class T>
void put_at(Bytes& b, std::size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);  // the format is little-endian, as this host
}

// A denormal step passes "> 0" and advances nothing: the clock stood still (a92d789 ran it).
TEST(HostileGxy, AGxyTimeStepThatIsDenormalIsRefusedAsOnTheCommandLine) {
  const fs::path f = edited_gxy("denormal_dt.gxy", [](Bytes& b) { put_at(b, kDtAt, 1e-40f); });
  expect_refused(f, "dt must be at least");
  const CommandResult r = run("--headless --backend cpu --steps 1 --dt 1e-40");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--dt"), std::string::npos) << r.output;
}

TEST(HostileGxy, AGxyAccelerationOrPotentialThatIsNaNIsRefused) {
  const std::size_t ax = kArraysAt + 7 * kBodies * 4, pot = kArraysAt + 10 * kBodies * 4;
  const fs::path a = edited_gxy("nan_ax.gxy", [&](Bytes& b) {
    put_at(b, ax + 3 * 4, std::numeric_limits<float>::quiet_NaN());
  });
  expect_refused(a, "body 3: ax is NaN");
  const fs::path p = edited_gxy("inf_pot.gxy", [&](Bytes& b) {
    put_at(b, pot + 7 * 4, std::numeric_limits<float>::infinity());
  });
  expect_refused(p, "body 7: pot is infinite");
}

TEST(HostileGxy, AGxyStepCountThatWouldWrapIsRefused) {
  const fs::path f = edited_gxy("steps.gxy", [](Bytes& b) {
    put_at(b, kStepsAt, std::numeric_limits<std::uint64_t>::max());
  });
  expect_refused(f, "would wrap its step counter");
}

// Each unit finite and positive, the speed unit sqrt(G M / L) infinite: a92d789 loaded it and
// multiplied every velocity by it.
TEST(HostileGxy, AGxyWhoseDerivedSpeedUnitIsInfiniteIsRefused) {
  const fs::path f = edited_gxy("units.gxy", [](Bytes& b) {
    put_at(b, kUnitsAt, 1e-300);
    put_at(b, kUnitsAt + 8, 1e300);
  });
  expect_refused(f, "invalid units");
}

}  // namespace
}  // namespace galaxy
