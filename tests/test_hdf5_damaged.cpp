// SPDX-License-Identifier: MIT
// Damaged, truncated and wrong HDF5 snapshots: each gives an error naming the file and what is
// wrong (the dataset or attribute where there is one), and a failed load keeps the running run.
#include <gtest/gtest.h>

#include <cstdint>

#include "hdf5_files.hpp"
#include "io/hdf5.hpp"
#include "io/snapshot.hpp"
#include "run/session.hpp"
#include "snapshot_files.hpp"

namespace galaxy {
namespace {

using namespace test_support;

// One dark-matter type of `n` bodies with what `edit` adds or leaves out.
template <class Edit>
void write_gadget(const fs::path& f, std::uint32_t n, Edit&& edit) {
  H5Writer w(f);
  w.group("/Header");
  w.attr("/Header", "NumPart_ThisFile", H5T_NATIVE_UINT32, std::vector<std::uint32_t>{0, n, 0, 0, 0, 0});
  w.attr("/Header", "MassTable", H5T_NATIVE_DOUBLE, std::vector<double>(6, 0));
  w.group("/PartType1");
  edit(w);
}

void good_vectors(H5Writer& w, std::size_t n) {
  w.doubles("/PartType1/Coordinates", std::vector<double>(3 * n, 1), 3);
  w.doubles("/PartType1/Velocities", std::vector<double>(3 * n, 1), 3);
}

TEST(Hdf5Damaged, WrongDatasetsAreNamed) {
  const fs::path d = temp_dir();
  struct Case {
    const char* name;
    void (*edit)(H5Writer&);
    const char* problem;
  };
  const Case cases[] = {
      {"no_masses.hdf5", [](H5Writer& w) { good_vectors(w, 4); },
       "PartType1: no Masses dataset, and Header/MassTable[1] is 0"},
      {"no_velocities.hdf5",
       [](H5Writer& w) { w.doubles("/PartType1/Coordinates", std::vector<double>(12, 1), 3); },
       "PartType1: no Velocities dataset"},
      {"short.hdf5",
       [](H5Writer& w) {
         w.doubles("/PartType1/Coordinates", std::vector<double>(9, 1), 3);
         w.doubles("/PartType1/Velocities", std::vector<double>(12, 1), 3);
       },
       "PartType1/Coordinates: has shape (3 x 3), but the header's count is 4 rows of 3"},
      {"flat.hdf5",
       [](H5Writer& w) {
         w.doubles("/PartType1/Coordinates", std::vector<double>(12, 1), 1);
         w.doubles("/PartType1/Velocities", std::vector<double>(12, 1), 3);
       },
       "PartType1/Coordinates: has shape (12), but the header's count is 4 rows of 3"},
      {"integers.hdf5",
       [](H5Writer& w) {
         w.dataset("/PartType1/Coordinates", std::vector<std::int32_t>(12, 1), 3, H5T_STD_I32LE,
                   H5T_NATIVE_INT32);
       },
       "PartType1/Coordinates: holds integers, not floating-point numbers"},
      {"nan.hdf5",
       [](H5Writer& w) {
         good_vectors(w, 4);
         w.doubles("/PartType1/Masses", {1, 1, std::nan(""), 1}, 1);
       },
       "PartType1/Masses: row 2: NaN"},
      {"huge.hdf5",
       [](H5Writer& w) {
         w.doubles("/PartType1/Coordinates", {1, 1, 1, 1, 1, 1, 1e300, 1, 1, 1, 1, 1}, 3);
         w.doubles("/PartType1/Velocities", std::vector<double>(12, 1), 3);
         w.doubles("/PartType1/Masses", std::vector<double>(4, 1), 1);
       },
       "PartType1/Coordinates: row 2: infinite (after conversion to float)"},
      {"negative.hdf5",
       [](H5Writer& w) {
         good_vectors(w, 4);
         w.doubles("/PartType1/Masses", {1, 1, 1, -2}, 1);
       },
       "PartType1/Masses: row 3: negative mass -2"},
  };
  for (const Case& c : cases) {
    const fs::path f = d / c.name;
    write_gadget(f, 4, c.edit);
    expect_error([&] { io::load_snapshot(f); }, f, c.problem);
  }
  const fs::path group = d / "no_group.hdf5";
  {
    H5Writer w(group);
    w.group("/Header");
    w.attr("/Header", "NumPart_ThisFile", H5T_NATIVE_INT32, std::vector<std::int32_t>{0, 0, 0, 0, 5, 0});
  }
  expect_error([&] { io::load_snapshot(group); }, group,
               "no group PartType4, though Header/NumPart_ThisFile[4] is 5");
  const fs::path other = d / "not_a_snapshot.h5";
  { H5Writer w(other); w.group("/data"); }
  expect_error([&] { io::load_snapshot(other); }, other, "not a GADGET, AREPO or SWIFT snapshot");
  fs::remove_all(d);
}

TEST(Hdf5Damaged, SetsWithAMissingOrForeignFile) {
  const fs::path d = temp_dir();
  auto member = [&](const std::string& name, std::uint32_t files, std::uint32_t total,
                    std::uint32_t n = 2) {
    write_gadget(d / name, n, [&](H5Writer& w) {
      good_vectors(w, n);
      w.doubles("/PartType1/Masses", std::vector<double>(n, 1), 1);
      w.attr("/Header", "NumFilesPerSnapshot", H5T_NATIVE_UINT32, std::vector<std::uint32_t>{files}, true);
      w.attr("/Header", "NumPart_Total", H5T_NATIVE_UINT32, std::vector<std::uint32_t>{0, total, 0, 0, 0, 0});
    });
  };
  member("set.0.hdf5", 3, 6);
  member("set.1.hdf5", 3, 6);
  expect_error([&] { io::load_snapshot(d / "set.0.hdf5"); }, d / "set.2.hdf5", "no such file");
  member("set.2.hdf5", 3, 9, 3);  // from another snapshot: the counts disagree
  expect_error([&] { io::load_snapshot(d / "set.1.hdf5"); }, d / "set.1.hdf5",
               "Header/NumPart_Total[1] is 6, but the 3 file(s) hold 7");
  member("single.hdf5", 3, 6);
  expect_error([&] { io::load_snapshot(d / "single.hdf5"); }, d / "single.hdf5",
               "the name does not end in .N.hdf5");
  fs::remove_all(d);
}

TEST(Hdf5Damaged, TruncatedAndGarbledFilesGiveErrorsNotCrashes) {
  const fs::path d = temp_dir();
  io::Snapshot s = sample_state(400);
  s.units = kDiskGalaxyUnits;
  const fs::path good = d / "good.hdf5";
  io::save_snapshot(good, s);
  const Bytes bytes = read_bytes(good);
  for (std::size_t keep : {std::size_t(8), std::size_t(100), bytes.size() / 2, bytes.size() - 1}) {
    const fs::path f = d / ("cut" + std::to_string(keep) + ".hdf5");
    write_bytes(f, Bytes(bytes.begin(), bytes.begin() + keep));
    expect_error([&] { io::load_snapshot(f); }, f, "cannot be read as an HDF5 file");
  }
  // A corpus of files with one stretch of bytes overwritten: each loads, or fails with an error
  // naming the file (HDF5 itself checks its metadata's checksums only in part).
  int refused = 0;
  for (std::size_t at = 0; at < bytes.size(); at += bytes.size() / 61) {
    Bytes bad = bytes;
    for (std::size_t k = at; k < std::min(bad.size(), at + 16); ++k) bad[k] ^= 0x5a;
    const fs::path f = d / "garbled.hdf5";
    write_bytes(f, bad);
    try {
      io::load_snapshot(f);
    } catch (const std::runtime_error& e) {
      ++refused;
      EXPECT_NE(std::string(e.what()).find(f.string()), std::string::npos) << e.what();
    }
  }
  EXPECT_GT(refused, 0);
  fs::remove_all(d);
}

TEST(Hdf5Damaged, FailedLoadKeepsTheRunningSimulation) {
  const fs::path d = temp_dir();
  SteppedSession run;
  const fs::path bad = d / "bad.hdf5";
  write_gadget(bad, 4, [](H5Writer& w) { good_vectors(w, 4); });
  expect_error([&] { run.session.load(bad.string()); }, bad, "no Masses dataset");
  run.expect_kept();
  // A save to HDF5 and a load from it through the session keep the units.
  run.session.save((d / "run.hdf5").string());
  run.session.load((d / "run.hdf5").string());
  EXPECT_EQ(run.session.simulation().size(), 500u);
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
