// SPDX-License-Identifier: MIT
// Issue 45, hostile HDF5 files and units: values HDF5 converts or wraps before galaxy's checks
// see them, units whose derived speed is infinite, a file set that names one file twice, and a
// save whose close fails. Each is refused naming the file (and the dataset or attribute) with
// exit status 1 or 2; the loads run the program as a user would (hostile_support.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "hdf5_files.hpp"
#include "hostile_support.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;
using test_support::H5Writer;

CommandResult load_cli(const fs::path& file, const std::string& more = "") {
  return test_support::run_command("timeout -s KILL 120 " + test_support::galaxy_command() +
                                   " --headless --backend cpu --steps 1 --threads 1 " + more +
                                   " --load '" + file.string() + "'");
}

void expect_refused(const fs::path& file, const std::string& problem, const std::string& more = "") {
  const CommandResult r = load_cli(file, more);
  EXPECT_EQ(r.status, 1) << "a92d789 loaded it: " << r.output;
  EXPECT_NE(r.output.find(file.string()), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(problem), std::string::npos) << r.output;
}

// A GADGET file of `n` dark-matter bodies (type 1) with what `edit` adds.
template <class Edit>
fs::path gadget(const std::string& name, std::uint32_t n, Edit&& edit) {
  const fs::path f = temp("galaxy_h5h_" + name);
  fs::remove(f);
  H5Writer w(f);
  w.group("/Header");
  w.attr("/Header", "NumPart_ThisFile", H5T_NATIVE_UINT32,
         std::vector<std::uint32_t>{0, n, 0, 0, 0, 0});
  w.attr("/Header", "MassTable", H5T_NATIVE_DOUBLE, std::vector<double>(6, 0));
  w.group("/PartType1");
  std::vector<double> xyz(3 * n);
  for (std::size_t i = 0; i < xyz.size(); ++i) xyz[i] = 0.1 * double(i % 7) - 0.3;
  w.doubles("/PartType1/Coordinates", xyz, 3);
  w.doubles("/PartType1/Velocities", std::vector<double>(3 * n, 0.01), 3);
  w.doubles("/PartType1/Masses", std::vector<double>(n, 1.0 / n), 1);
  edit(w);
  return f;
}

// HDF5 converts -1 to 0 on a read as unsigned bytes: a92d789 checked the 0 and loaded it.
TEST(HostileHdf5, AGalaxyTagOfMinusOneIsRefusedNotClipped) {
  const fs::path f = gadget("tag.hdf5", 4, [](H5Writer& w) {
    w.dataset("/PartType1/GalaxyTag", std::vector<std::int8_t>{0, 1, -1, 2}, 1, H5T_STD_I8LE,
              H5T_NATIVE_INT8);
  });
  expect_refused(f, "PartType1/GalaxyTag: row 2: galaxy tag -1, outside 0 to 63");
  const fs::path big = gadget("tag300.hdf5", 2, [](H5Writer& w) {
    w.dataset("/PartType1/GalaxyTag", std::vector<std::int16_t>{300, 0}, 1, H5T_STD_I16LE,
              H5T_NATIVE_INT16);
  });
  expect_refused(big, "row 0: galaxy tag 300");
}

// 2^32 in the high word shifted by 32 wraps to 0: the total then matched the file's count.
TEST(HostileHdf5, AHighWordThatWouldWrapTheTotalIsRefused) {
  const fs::path f = gadget("high.hdf5", 4, [](H5Writer& w) {
    w.attr("/Header", "NumPart_Total", H5T_NATIVE_INT64, std::vector<std::int64_t>{0, 4, 0, 0, 0, 0});
    w.attr("/Header", "NumPart_Total_HighWord", H5T_NATIVE_INT64,
           std::vector<std::int64_t>{0, std::int64_t(1) << 32, 0, 0, 0, 0});
  });
  expect_refused(f, "Header: NumPart_Total_HighWord[1] is 4294967296");
}

// Each unit finite and positive, the speed unit sqrt(G M / L) infinite: a92d789 loaded the file
// with every velocity multiplied by 0, and --units alike.
TEST(HostileHdf5, UnitsWhoseDerivedSpeedIsInfiniteAreRefused) {
  const fs::path f = gadget("units.hdf5", 4, [](H5Writer& w) {
    w.attr("/Header", "UnitLength_in_cm", 1e-300);
    w.attr("/Header", "UnitMass_in_g", 1e300);
    w.attr("/Header", "UnitVelocity_in_cm_per_s", 1e5);
  });
  expect_refused(f, "the file's units");
  const fs::path plain = gadget("no_units.hdf5", 4, [](H5Writer&) {});
  const CommandResult r = load_cli(plain, "--units 1e-300cm,1e300g,km/s");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("--units"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("speed unit of inf km/s"), std::string::npos) << r.output;
}

// set.1.hdf5 a link to set.0.hdf5, whose header claims both: a92d789 loaded its bodies twice.
TEST(HostileHdf5, ASetWhoseMembersAreOneFileIsRefused) {
  const auto set = [](std::uint32_t files, std::uint32_t total) {
    return [=](H5Writer& w) {
      w.attr("/Header", "NumFilesPerSnapshot", H5T_NATIVE_UINT32, std::vector<std::uint32_t>{files},
             true);
      w.attr("/Header", "NumPart_Total", H5T_NATIVE_UINT32,
             std::vector<std::uint32_t>{0, total, 0, 0, 0, 0});
    };
  };
  const fs::path first = gadget("set.0.hdf5", 3, set(2, 6));
  const fs::path second = temp("galaxy_h5h_set.1.hdf5");
  fs::remove(second);
  fs::create_symlink(first.filename(), second);
  expect_refused(first, second.string() + ": the same file as " + first.string());
  fs::remove(second);
  fs::create_hard_link(first, second);
  expect_refused(second, "the same file as");
  fs::remove(second);
}

// Under a file-size limit the datasets' last blocks fail to reach the file on closing: a92d789
// reported it, with HDF5's dump of its internal state, and then crashed at exit (status 139).
TEST(HostileHdf5, ASaveWhoseCloseFailsIsReportedAndExitsCleanly) {
  const fs::path dir = temp("galaxy_h5h_full");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const CommandResult r = test_support::run_command(
      "cd '" + dir.string() + "' && prlimit --fsize=60000:60000 timeout -s KILL 120 " +
      test_support::galaxy_command() +
      " --headless --backend cpu --bodies 2000 --steps 1 --threads 1 --save s.h5");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("s.h5: cannot write"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("File too large"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("buf = 0x"), std::string::npos) << "HDF5's dump: " << r.output;
  EXPECT_TRUE(fs::is_empty(dir)) << "no save and no temporary left";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace galaxy
