// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

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

// Every value and the colours' tags come back: a CSV round trip keeps which galaxy and
// population each body is (before, it kept x..az only, and a saved encounter came back white).
TEST(Csv, RoundTripIsExactAndKeepsTheTags) {
  HostBodies b = make_plummer(300, 2);
  for (std::size_t i = 0; i < b.size(); ++i) {
    b.ax[i] = 0.001f * i - 0.1f;
    b.pot[i] = -0.5f - 0.002f * i;
    b.population[i] = static_cast<std::uint8_t>(i % 4);
    b.galaxy[i] = static_cast<std::uint8_t>(i % 3);
  }
  const fs::path f = temp_dir() / "state.csv";
  io::save_csv(f, b);
  std::ifstream in(f);
  std::string header, first;
  std::getline(in, header);
  std::getline(in, first);
  EXPECT_EQ(header, "x,y,z,vx,vy,vz,m,ax,ay,az,pot,population,galaxy");
  EXPECT_NE(first.find(",star,0"), std::string::npos) << "populations by name: " << first;
  const HostBodies r = io::load_csv(f).bodies;
  EXPECT_EQ(r.x, b.x);
  EXPECT_EQ(r.vz, b.vz);
  EXPECT_EQ(r.m, b.m);
  EXPECT_EQ(r.ax, b.ax);
  EXPECT_EQ(r.pot, b.pot);
  EXPECT_EQ(r.population, b.population);
  EXPECT_EQ(r.galaxy, b.galaxy);
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
  EXPECT_EQ(io::load_csv(f).bodies.size(), 10u);
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


// --- Columns by name ------------------------------------------------------------------------

void write(const fs::path& f, const std::string& text) {
  std::ofstream out(f, std::ios::binary);
  out << text;
}

// What load_csv says of `text`: the bodies, or the message it refused them with.
struct Outcome {
  HostBodies bodies;
  std::vector<std::string> warnings;
  std::string error;
};
Outcome load_text(const std::string& text) {
  const fs::path d = temp_dir();
  const fs::path f = d / "t.csv";
  write(f, text);
  Outcome o;
  try {
    io::Snapshot s = io::load_csv(f);
    o.bodies = std::move(s.bodies);
    o.warnings = std::move(s.warnings);
  } catch (const std::runtime_error& e) {
    o.error = e.what();
  }
  fs::remove_all(d);
  return o;
}

TEST(Csv, SevenColumnsLoadWithAccelerationsAndTagsDefaulted) {
  const Outcome o = load_text("x,y,z,vx,vy,vz,m\n1,2,3,4,5,6,7\n-1,-2,-3,-4,-5,-6,0.5\n");
  ASSERT_TRUE(o.error.empty()) << o.error;
  ASSERT_EQ(o.bodies.size(), 2u);
  EXPECT_EQ(o.bodies.z[0], 3.0f);
  EXPECT_EQ(o.bodies.vy[1], -5.0f);
  EXPECT_EQ(o.bodies.m[1], 0.5f);
  EXPECT_EQ(o.bodies.ax[0], 0.0f);
  EXPECT_EQ(o.bodies.pot[1], 0.0f);
  EXPECT_EQ(o.bodies.population[0], static_cast<std::uint8_t>(Population::Star));
  EXPECT_EQ(o.bodies.galaxy[1], 0);
  EXPECT_TRUE(o.warnings.empty());
}

TEST(Csv, ReorderedAliasedColumnsWithCaseAndSpacesLoad) {
  // Mass first, velocities before positions, pynbody/SPH names, odd case, spaces, quotes.
  const Outcome o = load_text(
      "Mass, VEL_X ,vel_y,\"vel_z\",  Pos_X,py,position_z,Acc_X,ID,population,galaxy\n"
      "2, 0.1, 0.2, 0.3, 10, 20, 30, 0.5, 17, halo, 3\n"
      "+1,-0.1,-0.2,-0.3,-10,-20,-30,-0.5,18,1,0\n");
  ASSERT_TRUE(o.error.empty()) << o.error;
  ASSERT_EQ(o.bodies.size(), 2u);
  EXPECT_EQ(o.bodies.m[0], 2.0f);
  EXPECT_EQ(o.bodies.vx[0], 0.1f);
  EXPECT_EQ(o.bodies.vz[0], 0.3f);
  EXPECT_EQ(o.bodies.x[0], 10.0f);
  EXPECT_EQ(o.bodies.y[0], 20.0f);
  EXPECT_EQ(o.bodies.z[1], -30.0f);
  EXPECT_EQ(o.bodies.ax[1], -0.5f);
  EXPECT_EQ(o.bodies.ay[1], 0.0f);
  EXPECT_EQ(o.bodies.population[0], static_cast<std::uint8_t>(Population::Halo));
  EXPECT_EQ(o.bodies.population[1], static_cast<std::uint8_t>(Population::Disk));
  EXPECT_EQ(o.bodies.galaxy[0], 3);
  EXPECT_EQ(o.bodies.m[1], 1.0f);
}

TEST(Csv, CrlfBomCommentsAndBlankLinesLoad) {
  const std::string text =
      "\xEF\xBB\xBF# written by a spreadsheet\r\n"
      "  # another comment\r\n"
      "\r\n"
      "px,py,pz,vx,vy,vz,mass\r\n"
      "1,2,3,0,0,0,1\r\n"
      "# a comment between rows\r\n"
      "\r\n"
      "4,5,6,0,0,0,2\r\n";
  const Outcome o = load_text(text);
  ASSERT_TRUE(o.error.empty()) << o.error;
  ASSERT_EQ(o.bodies.size(), 2u);
  EXPECT_EQ(o.bodies.x[1], 4.0f);
  EXPECT_EQ(o.bodies.m[1], 2.0f);
}

TEST(Csv, UnknownColumnsAreIgnoredWithAWarning) {
  const Outcome o = load_text("x,y,z,vx,vy,vz,m,rho,temp\n1,2,3,0,0,0,1,0.5,1e4\n");
  ASSERT_TRUE(o.error.empty()) << o.error;
  EXPECT_EQ(o.bodies.size(), 1u);
  ASSERT_EQ(o.warnings.size(), 1u);
  EXPECT_NE(o.warnings[0].find("'rho', 'temp'"), std::string::npos) << o.warnings[0];
}

TEST(Csv, BadRowsAreRefusedNamingTheLineAndColumn) {
  const std::string header = "# comment\nx,y,z,vx,vy,vz,m\n";
  const struct {
    std::string rows, expect;
  } cases[] = {
      {"1,2,3,0,0,0,1\n1,2,3,0,0\n", "t.csv: line 4, column 6 (vz): missing value"},
      {"1,2,3,0,0,0,1\n1,2,,0,0,0,1\n", "line 4, column 3 (z): empty value"},
      {"1,2,abc,0,0,0,1\n", "line 3, column 3 (z): 'abc' is not a number"},
      {"1,2,3,0,0,0,1x\n", "line 3, column 7 (m): '1x' is not a number"},
      {"1,2,3,0,0,0,inf\n", "line 3, column 7 (m): 'inf' is not finite"},
      {"1,2,3,nan,0,0,1\n", "line 3, column 4 (vx): 'nan' is not finite"},
      {"1,2,3,0,0,0,-1\n", "line 3, column 7 (m): a mass is negative"},
      {"1,2,3,0,0,0,1,9\n", "line 3: more values than the header's 7 columns"},
      {"", "no bodies"},
  };
  for (const auto& c : cases) {
    const Outcome o = load_text(header + c.rows);
    EXPECT_NE(o.error.find(c.expect), std::string::npos) << "rows: " << c.rows << "\ngot: "
                                                         << o.error;
  }
}

TEST(Csv, BadHeadersSayWhatIsMissing) {
  Outcome o = load_text("x,y,z,vx,vy,m\n1,2,3,4,5,6\n");
  EXPECT_NE(o.error.find("line 1: "), std::string::npos) << o.error;
  EXPECT_NE(o.error.find("without the column vz (or vel_z"), std::string::npos) << o.error;
  o = load_text("x,pos_x,y,z,vx,vy,vz,m\n");
  EXPECT_NE(o.error.find("columns 1 ('x') and 2 ('pos_x') both name the field x"),
            std::string::npos)
      << o.error;
  o = load_text("1,2,3,4,5,6,7\n");
  EXPECT_NE(o.error.find("found numbers"), std::string::npos) << o.error;
  o = load_text("# only a comment\n\n");
  EXPECT_NE(o.error.find("the file is empty"), std::string::npos) << o.error;
  o = load_text("x,y,z,vx,vy,vz,m,population\n1,2,3,0,0,0,1,7\n");
  EXPECT_NE(o.error.find("line 2, column 8 (population): '7' is not a population"),
            std::string::npos)
      << o.error;
}

TEST(Csv, ProgressCoversTheFileAndRowsSplitAcrossChunksLoad) {
  // More than one read chunk (1 MiB) of rows, so that lines cross chunk boundaries.
  HostBodies b = make_plummer(40000, 3);
  const fs::path f = temp_dir() / "big.csv";
  std::vector<std::pair<std::uint64_t, std::uint64_t>> saved, loaded;
  io::save_csv(f, b, [&](std::uint64_t d, std::uint64_t t) { saved.emplace_back(d, t); });
  ASSERT_GT(fs::file_size(f), std::uintmax_t(2) << 20);
  const io::Snapshot s =
      io::load_csv(f, [&](std::uint64_t d, std::uint64_t t) { loaded.emplace_back(d, t); });
  EXPECT_EQ(s.bodies.x, b.x);
  EXPECT_EQ(s.bodies.vz, b.vz);
  for (const auto* calls : {&saved, &loaded}) {
    ASSERT_GE(calls->size(), 2u);
    EXPECT_EQ(calls->front().first, 0u);
    for (std::size_t k = 1; k < calls->size(); ++k) {
      EXPECT_GE((*calls)[k].first, (*calls)[k - 1].first);
      EXPECT_EQ((*calls)[k].second, calls->front().second);
    }
    EXPECT_EQ(calls->back().first, calls->back().second);
  }
  EXPECT_EQ(loaded.back().second, fs::file_size(f));
  fs::remove_all(f.parent_path());
}

}  // namespace
}  // namespace galaxy
