// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "io/csv.hpp"
#include "scenarios/plummer.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir() {
  const fs::path d = fs::temp_directory_path() /
                     ("galaxy_csv_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                      "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::create_directories(d);
  return d;
}

TEST(Csv, RoundTripIsExact) {
  HostBodies b = make_plummer(300, 2);
  for (std::size_t i = 0; i < b.size(); ++i) b.ax[i] = 0.001f * i - 0.1f;
  const fs::path f = temp_dir() / "state.csv";
  io::save_csv(f, b);
  std::ifstream in(f);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header, "x,y,z,vx,vy,vz,m,ax,ay,az");
  const HostBodies r = io::load_csv(f);
  EXPECT_EQ(r.x, b.x);
  EXPECT_EQ(r.vz, b.vz);
  EXPECT_EQ(r.m, b.m);
  EXPECT_EQ(r.ax, b.ax);
  fs::remove_all(f.parent_path());
}

TEST(Csv, FailedSaveKeepsTheOlderFile) {
  const fs::path d = temp_dir();
  const fs::path f = d / "keep.csv";
  io::save_csv(f, make_plummer(10, 1));
  const auto before = fs::file_size(f);
  EXPECT_THROW(io::save_csv(d / "missing-folder" / "x.csv", make_plummer(10, 1)), std::runtime_error);
  fs::permissions(d, fs::perms::owner_read | fs::perms::owner_exec);
  if (::geteuid() != 0) {  // root ignores folder permissions
    EXPECT_THROW(io::save_csv(f, make_plummer(20, 1)), std::runtime_error);
    EXPECT_EQ(fs::file_size(f), before);
  }
  fs::permissions(d, fs::perms::owner_all);
  EXPECT_EQ(io::load_csv(f).size(), 10u);
  fs::remove_all(d);
}

TEST(Csv, BadInputNamesFileAndLine) {
  const fs::path d = temp_dir();
  const fs::path f = d / "bad.csv";
  {
    std::ofstream out(f);
    out << "x,y,z,vx,vy,vz,m,ax,ay,az\n0,0,0,0,0,0,1,0,0,0\n0,0,zz,0,0,0,1,0,0,0\n";
  }
  try {
    io::load_csv(f);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.csv: line 3"), std::string::npos) << e.what();
  }
  {
    std::ofstream out(f);
    out << "x,y,z,vx,vy,vz,m,ax,ay,az\n0,nan,0,0,0,0,1,0,0,0\n";
  }
  EXPECT_THROW(io::load_csv(f), std::runtime_error);
  fs::remove_all(d);
}

}  // namespace
}  // namespace galaxy
