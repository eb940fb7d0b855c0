// SPDX-License-Identifier: MIT
// Issue 44: the snapshot formats are described once, a row each (sim/io/formats.hpp), and
// everything that chooses or names a format reads the rows: the lookups by extension, the
// unknown-extension errors, the --save and --load help, the panel's tooltips, the README, the
// fuzz targets' seed folders, and a save and load of each format through the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "io/formats.hpp"
#include "panel/panel_parts.hpp"
#include "panel_driver.hpp"
#include "run_command.hpp"
#include "snapshot_files.hpp"

namespace galaxy {
namespace {

using namespace test_support;

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Whether `text` names the extension `e` as a word: ".tipsy" is not found inside ".tipsy-le".
bool names(const std::string& text, const std::string& e) {
  for (auto at = text.find(e); at != std::string::npos; at = text.find(e, at + 1)) {
    const std::size_t end = at + e.size();
    const bool ends = end == text.size() ||
                      !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '-');
    if (ends) return true;
  }
  return false;
}

// Expects `text` to name every extension of the rows (those that save, where `savable`).
void expect_every_extension(const std::string& text, bool savable, const std::string& where) {
  for (const io::Format& f : io::formats()) {
    if (savable && !f.save) continue;
    for (const std::string& e : f.extensions) {
      EXPECT_TRUE(names(text, e)) << where << " does not name " << e << " (" << f.name << "):\n"
                                  << text;
    }
  }
}

TEST(Formats, NamesAndExtensionsAreUniqueAndWellFormed) {
  std::set<std::string> extensions, rows;
  int any_name = 0;
  for (const io::Format& f : io::formats()) {
    EXPECT_TRUE(rows.insert(f.name).second) << "two rows are called " << f.name;
    EXPECT_FALSE(f.extensions.empty()) << f.name;
    EXPECT_NE(f.load, nullptr) << f.name << " has no loader";
    any_name += f.any_name;
    for (const std::string& e : f.extensions) {
      EXPECT_TRUE(extensions.insert(e).second) << e << " is claimed by two rows";
      EXPECT_TRUE(e.size() > 1 && e[0] == '.') << e;
      EXPECT_EQ(io::lower_extension("x" + e), e) << e << " is not lower case";
    }
  }
  EXPECT_LE(any_name, 1) << "one row at most reads the files no extension claims";
  EXPECT_GE(io::formats().size(), 5u) << ".gxy, Tipsy both ways, CSV, HDF5";
  EXPECT_NE(io::formats().front().save, nullptr) << "the default of a save can be saved";
}

TEST(Formats, EachExtensionFindsItsRowInAnyCase) {
  const fs::path d = temp_dir();
  for (const io::Format& f : io::formats()) {
    for (const std::string& e : f.extensions) {
      SCOPED_TRACE(e);
      EXPECT_EQ(io::format_of_name(d / ("x" + e)), &f);
      EXPECT_EQ(io::format_of_name(d / ("X" + upper(e))), &f);
      // A file not there: its name alone decides, on a save and on a load.
      if (f.save) {
        EXPECT_EQ(&io::format_to_save(d / ("state" + e)), &f);
      }
      EXPECT_EQ(&io::format_to_load(d / ("state" + e)), &f);
      EXPECT_EQ(io::is_gxy_path(d / ("state" + e)), f.read_by_run);
    }
  }
  EXPECT_EQ(io::format_of_name(d / "x.vtk"), nullptr);
  EXPECT_EQ(io::format_of_name(d / "x"), nullptr);
  EXPECT_TRUE(io::format_to_load(d / "x.00128").any_name) << "Tipsy files go by many names";
  EXPECT_EQ(io::with_default_format("run"), "run" + io::default_extension());
  EXPECT_EQ(io::default_extension(), ".gxy");
}

TEST(Formats, UnknownExtensionsNameTheProblemAndTheKnownOnes) {
  const fs::path d = temp_dir();
  const fs::path f = d / "x.VTK";
  const io::Snapshot s = sample_state(50);
  // The words of the message before the table, kept: tests and users match them.
  const std::string known = "unknown snapshot format '.vtk' (use " + io::extension_list(true) + ")";
  EXPECT_EQ(io::extension_list(true), ".gxy, .tipsy, .std, .tipsy-le, .csv, .hdf5 or .h5");
  expect_error([&] { io::save_snapshot(f, s); }, f, known);
  expect_error([&] { io::check_save_path(f); }, f, known);
  EXPECT_FALSE(fs::exists(f));
}

// A row galaxy reads but does not write, in a table of its own: the save refuses it saying so,
// the --save list leaves it out and the --load list names it.
io::Snapshot load_nothing(const fs::path& p, const io::LoadOptions&) {
  throw std::runtime_error(p.string() + ": not read in this test");
}

TEST(Formats, AReadOnlyRowIsRefusedOnASaveAndListedForALoad) {
  std::vector<io::Format> table(io::formats().begin(), io::formats().end());
  table.push_back(
      {.name = "vtk", .extensions = {".vtk", ".vtu"}, .loads = "VTK points", .load = load_nothing});
  const fs::path f = "x.vtu";
  expect_error([&] { io::format_to_save(f, table); }, f,
               "vtk files are read, not written (use .gxy, .tipsy, .std, .tipsy-le, .csv, .hdf5 "
               "or .h5)");
  EXPECT_EQ(&io::format_to_load(f, table), &table.back());
  EXPECT_FALSE(names(io::save_formats_help(table), ".vtk"));
  const std::string load = io::load_formats_help(table);
  EXPECT_NE(load.find(".vtk/.vtu (VTK points)"), std::string::npos) << load;
  EXPECT_TRUE(names(io::extension_list(false, table), ".vtu"));
  EXPECT_FALSE(names(io::extension_list(true, table), ".vtu"));
}

TEST(Formats, HelpListsAreMadeFromTheRows) {
  const std::string save = io::save_formats_help();
  EXPECT_EQ(save.rfind(".gxy (the default", 0), 0u) << save;
  EXPECT_NE(save.find(".hdf5/.h5 (GADGET-4 layout with units)"), std::string::npos) << save;
  expect_every_extension(save, true, "the --save list");
  const std::string load = io::load_formats_help();
  EXPECT_NE(load.find(".tipsy/.std/.tipsy-le (Tipsy, either byte order)"), std::string::npos)
      << "neighbours read alike share an item: " << load;
  EXPECT_NE(load.find("GADGET, AREPO or SWIFT"), std::string::npos) << load;
  expect_every_extension(load, false, "the --load list");
  const std::string wrapped = io::wrap_lines(load, 40);
  std::size_t longest = 0, start = 0;
  for (std::size_t at = wrapped.find('\n'); at != std::string::npos;
       start = at + 1, at = wrapped.find('\n', start)) {
    longest = std::max(longest, at - start);
  }
  EXPECT_LE(longest, 40u) << wrapped;
  std::string joined = wrapped;
  std::replace(joined.begin(), joined.end(), '\n', ' ');
  EXPECT_EQ(joined, load) << "wrapping only turns spaces into line breaks";
}

// One option's entry in `galaxy --help`: its line and the lines that continue it.
std::string help_entry(const std::string& help, const std::string& option) {
  const std::size_t at = help.find("  " + option + " ");
  if (at == std::string::npos) return {};
  std::size_t end = at;
  while ((end = help.find('\n', end + 1)) != std::string::npos) {
    if (help.compare(end + 1, 3, "  -") == 0 || help.compare(end + 1, 1, "\n") == 0) break;
  }
  return help.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

TEST(Formats, CliHelpNamesEveryRow) {
  const CommandResult r = run_command(galaxy_command() + " --help");
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string save = help_entry(r.output, "--save");
  const std::string load = help_entry(r.output, "--load");
  ASSERT_FALSE(save.empty()) << r.output;
  ASSERT_FALSE(load.empty()) << r.output;
  expect_every_extension(save, true, "--save's help");
  expect_every_extension(load, false, "--load's help");
  EXPECT_EQ(load.find("--save"), std::string::npos) << "the entry ends where the next begins";
}

// The panel's Snapshot section drawn open in a window of its own, each frame's text read back
// through ImGui's log, tooltips included. A log ends with the first window that ends (ImGui's
// End calls LogFinish), which hands a log to the clipboard what it caught: that is read here.
class FormatsPanel : public PanelDriver {
 protected:
  std::string frame_text(ImVec2 mouse) {
    std::string text;
    ImGuiIO& io = ImGui::GetIO();
    io.ClipboardUserData = &text;
    io.SetClipboardTextFn = [](void* to, const char* logged) {
      *static_cast<std::string*>(to) += logged;
    };
    io.MousePos = mouse;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(kWidth, kHeight));
    ImGui::Begin("formats");
    ImGui::LogToClipboard(0);  // 0: the log opens no section of its own
    ImGui::SetNextItemOpen(true);
    app::Snapshots::Action asked;
    f.snapshots.section(asked, st.status);
    ImGui::End();
    ImGui::EndFrame();
    return text;
  }
  static constexpr float kWidth = 600, kHeight = 200;
};

// The part of `text` from `head` to the end of `tail`; "" where either is missing.
std::string between(const std::string& text, const std::string& head, const std::string& tail) {
  const std::size_t a = text.find(head);
  const std::size_t b = a == std::string::npos ? a : text.find(tail, a);
  return b == std::string::npos ? std::string() : text.substr(a, b + tail.size() - a);
}

TEST_F(FormatsPanel, SnapshotTooltipsNameEveryRow) {
  std::string path_tip, load_tip;
  for (float y = 1.0f; y < kHeight && (path_tip.empty() || load_tip.empty()); y += 4.0f) {
    for (float x = 1.0f; x < kWidth; x += 8.0f) {
      const std::string text = frame_text(ImVec2(x, y));
      if (path_tip.empty()) path_tip = between(text, "the file:", "has no extension");
      if (load_tip.empty()) load_tip = between(text, "start from the snapshot", "keeps the run");
    }
  }
  ASSERT_FALSE(path_tip.empty()) << "no tooltip of the snapshot path was found";
  ASSERT_FALSE(load_tip.empty()) << "no tooltip of Load was found";
  expect_every_extension(path_tip, true, "the path's tooltip");
  expect_every_extension(load_tip, false, "Load's tooltip");
}

TEST(Formats, ReadmeNamesEveryExtension) {
  std::ifstream in(GALAXY_README);
  const std::string readme(std::istreambuf_iterator<char>(in), {});
  ASSERT_GT(readme.size(), 1000u) << GALAXY_README;
  expect_every_extension(readme, false, "README.md");
}

// The fuzz targets are the seed folders fuzz/corpus/<name>/ (fuzz/CMakeLists.txt builds one per
// folder); each must be a row's `fuzz`, and each row's `fuzz` must have its seeds.
TEST(Formats, FuzzTargetsAreTheRowsSeedFolders) {
  const fs::path corpus = fs::path(GALAXY_README).parent_path() / "fuzz" / "corpus";
  std::set<std::string> folders, targets;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    if (!entry.is_directory()) continue;
    folders.insert(entry.path().filename().string());
    EXPECT_NE(fs::directory_iterator(entry.path()), fs::directory_iterator())
        << entry.path() << " has no seeds";
  }
  for (const io::Format& f : io::formats()) {
    if (f.fuzz.empty()) continue;
    targets.insert(f.fuzz);
    for (const io::Format& g : io::formats()) {
      if (g.fuzz == f.fuzz) {
        EXPECT_EQ(g.load, f.load) << f.name << " and " << g.name << " share a target";
      }
    }
  }
  EXPECT_EQ(folders, targets) << "a seed folder without its row, or a fuzzed row without seeds";
  EXPECT_EQ(targets, (std::set<std::string>{"csv", "gxy", "tipsy"}));
}

// The bodies of `b` as sorted rows: Tipsy writes them grouped by type, so order may change.
std::vector<std::vector<float>> rows_of(const HostBodies& b) {
  std::vector<std::vector<float>> rows;
  for (std::size_t i = 0; i < b.size(); ++i) {
    rows.push_back({b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i], b.m[i]});
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

TEST(Formats, EachSavableRowSavesAndLoadsTheBodies) {
  const fs::path d = temp_dir();
  const io::Snapshot s = sample_state(300);
  const auto want = rows_of(s.bodies);
  int saved = 0;
  for (const io::Format& f : io::formats()) {
    if (!f.save) continue;
    for (const std::string& e : f.extensions) {
      SCOPED_TRACE(e);
      const fs::path p = d / ("state" + e);
      io::save_snapshot(p, s);
      ++saved;
      EXPECT_EQ(&io::format_to_load(p), &f) << "the file is read as it was written";
      const io::Snapshot back = io::load_snapshot(p);
      EXPECT_EQ(rows_of(back.bodies), want) << f.name;
      if (f.body_count) {
        EXPECT_EQ(io::snapshot_body_count(p), s.bodies.size());
      }
    }
  }
  EXPECT_EQ(saved, 7) << "every savable extension";
  // The .gxy row is the one that keeps everything bit for bit.
  expect_bit_exact(io::load_snapshot(d / "state.gxy").bodies, s.bodies);
}

}  // namespace
}  // namespace galaxy
