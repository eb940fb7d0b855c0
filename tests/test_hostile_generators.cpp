// SPDX-License-Identifier: MIT
// Issue 45, generators (sim/scenarios/encounter.*): values that pass "finite and above 0" but
// overflow downstream are refused where they are summed or derived, and a generator that would
// make a body it cannot simulate names the galaxy, the key and the file that led there.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "hostile_support.hpp"
#include "scenarios/encounter.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;
using namespace hostile;

std::string refusal(const Encounter& e, std::size_t n) {
  try {
    make_encounter(e, n, 1);
  } catch (const std::invalid_argument& x) {
    return x.what();
  }
  return "";
}

GalaxySpec plummer() {
  GalaxySpec g;
  g.model = GalaxyModel::Plummer;
  return g;
}

// On a92d789 the shares' sum was infinite, n × share / total NaN, and its conversion to a count
// crashed the generator (status 139 from the command line).
TEST(HostileGenerators, SharesAreCheckedBeforeTheyAreSummedOrMultiplied) {
  Encounter e;
  e.galaxies = {plummer(), plummer()};
  e.galaxies[0].share = e.galaxies[1].share = 1e308;
  EXPECT_NE(refusal(e, 1000).find("the galaxies' shares add up beyond a double's range"),
            std::string::npos);
  e.galaxies[0].share = e.galaxies[1].share = 1e306;
  EXPECT_NE(refusal(e, 1000).find("galaxy 1: share = 1e+306 times 1000 bodies is beyond"),
            std::string::npos)
      << refusal(e, 1000);
  e.galaxies[0].share = 1, e.galaxies[1].share = 2;
  EXPECT_EQ(refusal(e, 1000), "");
}

// On a92d789 each ran into "body 0: x is NaN", a runaway at the first step, a Bessel function's
// error from the maths library, or (1e-60) a run without mass, none naming the file or the key.
TEST(HostileGenerators, ABodyThatCannotBeSimulatedNamesTheGalaxyTheKeyAndTheFile) {
  const std::string p = "[[galaxy]]\nmodel = \"plummer\"\n";
  const std::pair<std::string, std::string> cases[] = {
      {p + "mass = 1e300\n", "galaxy 1: mass = 1e+300 and scale = 1: body 0 gets a velocity"},
      {p + "scale = 1e300\n", "galaxy 1: scale = 1e+300: body 0 gets a position beyond"},
      {p + "mass = 1e-60\n", "galaxy 1: mass = 1e-60 over 1000 bodies: body 0 gets no mass"},
      {p + "position = [1e300, 0, 0]\n", "galaxy 1: position: body 0 gets a position beyond"},
      {"[orbit]\npericentre = 1e300\n" + p + p,
       "galaxy 1: its place on the orbit (orbit.pericentre = 1e+300)"},
      {"[[galaxy]]\nname = \"mw\"\n[galaxy.disk]\ndisk_scale_length = 1e-300\n",
       "galaxy 1 (mw): [galaxy.disk] (disk_scale_length = 1e-300): the disk model's rotation "
       "curve cannot be computed"},
      {"[[galaxy]]\n[galaxy.disk]\ntoomre_q = 1e300\n",
       "galaxy 1: [galaxy.disk] (toomre_q = 1e+300): body 0 gets a velocity beyond"}};
  for (const auto& [text, says] : cases) {
    const fs::path f = temp("galaxy_generator.toml");
    write_file(f, text);
    const CommandResult r =
        run("--headless --backend cpu --threads 1 --steps 1 --bodies 1000 --encounter " +
            f.string());
    EXPECT_EQ(r.status, 1) << text << r.output;
    EXPECT_NE(r.output.find("galaxy: " + f.string() + ": " + says), std::string::npos)
        << text << r.output;
    fs::remove(f);
  }
}

}  // namespace
}  // namespace galaxy
