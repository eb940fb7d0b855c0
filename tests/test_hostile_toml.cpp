// SPDX-License-Identifier: MIT
// Issue 45, hostile TOML files (encounters and camera paths, through io/toml_reader.*): bounded
// before toml11 parses them (size and nesting, whose recursion crashed the process), and numbers
// out of range refused with the file, the line and the key rather than clamped.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "hostile_support.hpp"
#include "io/encounter_file.hpp"
#include "picture/camera_path_file.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

const std::string kKey = "[[key]]\ntime = 0\ntarget = [0, 0, 0]\ndistance = 30\nyaw = 10\npitch = 20\n";

// The message a load throws, or "" where it loads.
template <class Load>
std::string refusal(Load load) {
  try {
    load();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

std::string encounter_refusal(const fs::path& p) {
  return refusal([&] { io::load_encounter(p); });
}

std::string camera_refusal(const fs::path& p) {
  return refusal([&] { app::load_camera_path(p); });
}

// On a92d789 each of these killed the process (status 139: toml11 parses nesting by recursion).
TEST(HostileToml, DeeplyNestedFilesAreRefusedNotACrash) {
  const std::string arrays(100000, '['), closes(100000, ']');
  std::string tables;
  for (int i = 0; i < 100000; ++i) tables += "{a=";
  tables += "1" + std::string(100000, '}');
  const std::pair<std::string, std::string> cases[] = {
      {"--headless --steps 1 --bodies 100 --encounter ", "v = " + arrays + closes + "\n"},
      {"--headless --steps 1 --bodies 100 --encounter ", "v = " + tables + "\n"},
      {"--headless --frames 1 --bodies 100 --camera-path ", "v = " + arrays + closes + "\n"}};
  int k = 0;
  for (const auto& [args, text] : cases) {
    const fs::path p = temp("galaxy_deep" + std::to_string(k++) + ".toml");
    write_file(p, text);
    const CommandResult r = run(args + p.string());
    EXPECT_TRUE(r.status == 1 || r.status == 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(p.string() + ":1: nested more than 64 levels deep"), std::string::npos)
        << r.output;
    fs::remove(p);
  }
}

TEST(HostileToml, ShallowNestingStillLoads) {
  const fs::path p = temp("galaxy_nested_ok.toml");
  write_file(p, "name = \"a.b [x] {y}\"  # [[ {{ in a comment\ndescription = '''\n[[[\n'''\n"
                "[[galaxy]]\nmodel = \"plummer\"\nposition = [0, 0.5, 1.5]\n[[galaxy]]\n"
                "[galaxy.disk]\ntoomre_q = 1.5\n");
  EXPECT_EQ(encounter_refusal(p), "");
  fs::remove(p);
}

// On a92d789 toml11 read past the end of its buffer on bytes like these inside a literal string
// (AddressSanitizer: heap-buffer-overflow, found by fuzz/fuzz_toml.cpp); now refused first.
TEST(HostileToml, BytesThatAreNotUtf8AreRefusedWithTheLine) {
  const std::pair<std::string, std::string> cases[] = {
      {"name = 'l" + std::string(60, '\xff') + "mt'\n", ":1: byte 0xff is not UTF-8 text"},
      {"name = \"ok\"\ndescription = \"\xc0\xaf\"\n", ":2: byte 0xc0 is not UTF-8"},  // overlong
      {"name = \"\xed\xa0\x80\"\n", ":1: byte 0xed is not UTF-8"},  // a surrogate
      {"name = \"\xe2\x82\"\n", ":1: byte 0xe2 is not UTF-8"}};       // cut short
  for (const auto& [text, says] : cases) {
    const fs::path p = temp("galaxy_utf8.toml");
    write_file(p, text);
    EXPECT_NE(encounter_refusal(p).find(p.string() + says), std::string::npos)
        << encounter_refusal(p);
    fs::remove(p);
  }
  const fs::path ok = temp("galaxy_utf8_ok.toml");
  write_file(ok, "name = \"M\xc3\xa9lange \xe2\x98\x85 \xf0\x9f\x8c\x8c\"\n[[galaxy]]\n");
  EXPECT_EQ(encounter_refusal(ok), "");
  fs::remove(ok);
}

// On a92d789 both loaded: toml11 reads the whole file, however large.
TEST(HostileToml, AFileOverOneMiBIsRefused) {
  const std::string padding = std::string(1100000, '#') + "\n";
  const fs::path e = temp("galaxy_big_encounter.toml"), c = temp("galaxy_big_path.toml");
  write_file(e, padding + "[[galaxy]]\n");
  write_file(c, padding + kKey);
  for (const std::string& why : {encounter_refusal(e), camera_refusal(c)}) {
    EXPECT_NE(why.find(": larger than 1 MiB"), std::string::npos) << why;
  }
  EXPECT_NE(encounter_refusal(e).find(e.string()), std::string::npos);
  fs::remove(e), fs::remove(c);
}

// On a92d789 each loaded: toml11 clamps 99999999999999999999 to 2^63 - 1 and 1e400 to the
// largest double, reads 1e-320 as a denormal, and the camera kept 1e-50 as a float 0 and a yaw of
// 1e300 degrees as an infinite angle.
TEST(HostileToml, NumbersOutOfRangeAreRefusedWithFileLineAndKey) {
  const std::string g = "[[galaxy]]\nmodel = \"plummer\"\n";
  const std::pair<std::string, std::string> encounters[] = {
      {g + "mass = 99999999999999999999\n", ":3: galaxy[1].mass: 99999999999999999999 is beyond "
                                            "a 64-bit integer's range"},
      {g + "mass = -0x8000000000000001\n", ""},  // not TOML (a sign on hex): toml11 says so
      {g + "scale = 1e400\n", ":3: galaxy[1].scale: 1e400 is beyond a double's range"},
      {g + "scale = 1e-320\n", ":3: galaxy[1].scale: 1e-320 is too close to 0 for a double"},
      {g + "position = [0, -1_000e400, 0]\n", ":3: galaxy[1].position: -1000e400 is beyond"}};
  for (const auto& [text, says] : encounters) {
    const fs::path p = temp("galaxy_range.toml");
    write_file(p, text);
    const std::string why = encounter_refusal(p);
    EXPECT_NE(why, "") << text;
    EXPECT_NE(why.find(p.string() + says), std::string::npos) << text << why;
    fs::remove(p);
  }
  const std::string head = "[[key]]\ntime = 0\ntarget = [0, 0, 0]\n";
  const std::pair<std::string, std::string> paths[] = {
      {head + "distance = 1e-50\nyaw = 10\npitch = 20\n",
       ":4: key[1].distance: 1e-50 is too close to 0 for a float"},
      {head + "distance = 3\nyaw = 1e300\npitch = 20\n",
       ":5: key[1].yaw: must be -1e6 to 1e6 degrees"},
      {"[[key]]\ntime = 0\ntarget = [0, 1e39, 0]\ndistance = 3\nyaw = 1\npitch = 2\n",
       ":3: key[1].target: 1e+39 is too large for a float"},
      {"[[key]]\ntime = 99999999999999999999\n", ":2: key[1].time: 99999999999999999999 is beyond"}};
  for (const auto& [text, says] : paths) {
    const fs::path p = temp("galaxy_range_path.toml");
    write_file(p, text);
    const std::string why = camera_refusal(p);
    EXPECT_NE(why.find(p.string() + says), std::string::npos) << text << why;
    fs::remove(p);
  }
}

}  // namespace
}  // namespace galaxy
