// SPDX-License-Identifier: MIT
// Encounter files (sim/io/encounter_file.hpp): every preset round-trips exactly; physical values
// convert through [units]; bad files are refused naming the file, the line and the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io/encounter_file.hpp"
#include "scenarios/presets.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

fs::path write(const std::string& name, const std::string& text) {
  const fs::path p = fs::temp_directory_path() / ("galaxy_test_" + name + ".toml");
  std::ofstream(p) << text;
  return p;
}

TEST(EncounterFile, EveryPresetRoundTripsExactly) {
  for (const Encounter& e : encounter_presets()) {
    SCOPED_TRACE(e.name);
    const fs::path p = fs::temp_directory_path() / ("galaxy_test_rt_" + e.name + ".toml");
    io::save_encounter(p, e);
    EXPECT_TRUE(io::load_encounter(p) == e);
    fs::remove(p);
  }
}

TEST(EncounterFile, PhysicalValuesConvertThroughTheUnits) {
  const fs::path p = write("physical", R"(
name = "pair"
[units]
length_kpc = 3.5
mass_msun = 1.0e11
[orbit]
pericentre_kpc = 7.0
time_to_pericentre_myr = 500.0
[[galaxy]]
mass_msun = 2.0e11
scale_kpc = 1.75
[[galaxy]]
model = "plummer"
mass = 0.5
)");
  const Encounter e = io::load_encounter(p);
  ASSERT_EQ(e.galaxies.size(), 2u);
  EXPECT_DOUBLE_EQ(e.orbit->pericentre, 2.0);
  EXPECT_DOUBLE_EQ(e.orbit->eccentricity, 1.0);  // parabolic unless told
  EXPECT_NEAR(e.orbit->time_to_pericentre, 500.0 / e.units.time_myr(), 1e-12);
  EXPECT_DOUBLE_EQ(e.galaxies[0].mass, 2.0);
  EXPECT_DOUBLE_EQ(e.galaxies[0].scale, 0.5);
  EXPECT_EQ(e.galaxies[1].model, GalaxyModel::Plummer);
  fs::remove(p);
}

// Each bad file: the words its message must hold (the file, the line, the key and the problem).
TEST(EncounterFile, BadFilesNameTheFileTheLineAndTheKey) {
  struct Case {
    const char* name;
    const char* text;
    std::string words;
  };
  const Case cases[] = {
      {"syntax", "[orbit\npericentre = 1\n", "not valid TOML"},
      {"pericentre", "[orbit]\neccentricity = 1\npericentre = 0\n[[galaxy]]\n[[galaxy]]\n",
       ":3: orbit.pericentre: must be above 0"},
      {"eccentricity", "[orbit]\neccentricity = -1\n[[galaxy]]\n[[galaxy]]\n",
       ":2: orbit.eccentricity: must be 0 or more"},
      {"mass", "[[galaxy]]\nmass = -2\n", ":2: galaxy[1].mass: must be above 0"},
      {"type", "[[galaxy]]\nmass = \"heavy\"\n", ":2: galaxy[1].mass: must be a number"},
      {"unknown", "[[galaxy]]\nmas = 2\n", ":2: galaxy[1].mas: unknown key"},
      {"model", "[[galaxy]]\nmodel = \"spiral\"\n", "galaxy[1].model: 'spiral': not disk"},
      {"units", "[[galaxy]]\nmass_msun = 1e11\n", "galaxy[1].mass_msun: a physical value needs [units]"},
      {"none", "name = \"empty\"\n", "galaxy: no galaxies"},
      {"three", "[orbit]\n[[galaxy]]\n[[galaxy]]\n[[galaxy]]\n", "an orbit places two galaxies, not 3"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const fs::path p = write(c.name, c.text);
    try {
      io::load_encounter(p);
      ADD_FAILURE() << "accepted";
    } catch (const std::runtime_error& x) {
      const std::string m = x.what();
      EXPECT_NE(m.find(p.string()), std::string::npos) << m;
      EXPECT_NE(m.find(c.words), std::string::npos) << m;
    }
    fs::remove(p);
  }
  EXPECT_THROW(io::load_encounter("/nonexistent/pair.toml"), std::runtime_error);
}

}  // namespace
}  // namespace galaxy
