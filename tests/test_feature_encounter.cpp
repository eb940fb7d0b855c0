// SPDX-License-Identifier: MIT
// The encounter designer as a feature of its own (app/features/encounter_designer.hpp): taking
// the running encounter is refused where the run is none, a draft started runs through
// RunControl::start_encounter and can be taken back from the run, a draft goes to its file and
// comes back, and its rows ask and change nothing themselves.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

#include "features/encounter_designer.hpp"
#include "panel/galaxies_section.hpp"
#include "panel/key_table.hpp"
#include "imgui_context.hpp"
#include "run_control_fixture.hpp"
#include "scenarios/presets.hpp"

namespace galaxy {
namespace {

TEST(EncounterDesignerFeature, StartsTakesBackSavesAndLoadsTheDraft) {
  test_support::LockstepRun run(800);
  app::EncounterDesigner designer(*find_preset("prograde"));
  app::EncounterDesigner::Action a;
  a.from_run = true;
  app::RunControl::Applied out = designer.apply(a, run.control);
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].text, "the run is not an encounter");
  EXPECT_EQ(designer.draft(), *find_preset("prograde")) << "the draft stays";

  a = {};
  a.draft = *find_preset("mice");
  a.start = true;
  EXPECT_TRUE(app::EncounterDesigner::edits_the_run(a));
  out = designer.apply(a, run.control);
  EXPECT_TRUE(out.changed);
  EXPECT_EQ(run.runner.running().bodies, 800u) << "at the current count";
  a = {};
  a.draft = *find_preset("prograde");
  designer.apply(a, run.control);
  a = {};
  a.from_run = true;
  designer.apply(a, run.control);
  EXPECT_EQ(designer.draft(), *find_preset("mice")) << "the running encounter, taken back";

  const std::string path = ::testing::TempDir() + "designer_draft.toml";
  a = {};
  a.path = path;
  a.save = true;
  out = designer.apply(a, run.control);
  EXPECT_EQ(out.reports.back().text, "saved the draft to " + path);
  a = {};
  a.draft = *find_preset("prograde");
  a.load = true;  // after the edit: the file's draft wins
  designer.apply(a, run.control);
  EXPECT_EQ(designer.draft(), *find_preset("mice"));
  a = {};
  a.path = ::testing::TempDir() + "no/such/dir/draft.toml";
  a.load = true;
  out = designer.apply(a, run.control);
  EXPECT_EQ(out.reports.back().place, app::Place::Encounter);
  EXPECT_EQ(out.reports.back().kind, app::Report::Kind::Error);
  EXPECT_EQ(designer.draft(), *find_preset("mice")) << "a failed load keeps the draft";
  a = {};
  a.show_orbit = false;
  designer.apply(a, run.control);
  EXPECT_FALSE(designer.show_orbit());
  std::filesystem::remove(path);
}

TEST(EncounterDesignerFeature, ItsRowsAskAndChangeNothingThemselves) {
  test_support::make_imgui_context(ImVec2(400, 600));
  const app::EncounterDesigner designer(*find_preset("prograde"));
  const app::StatusText st;
  app::EncounterDesigner::Action a;
  test_support::click_first_item([&] { designer.section(a, 1000, st); });  // Take the running one
  EXPECT_TRUE(a.from_run) << "the click asked";
  EXPECT_TRUE(a.preview) << "its rows drawn: the view draws the orbit";
  EXPECT_FALSE(a.draft) << "the draft untouched";
  EXPECT_FALSE(a.start || a.save || a.load);
  EXPECT_EQ(designer.draft(), *find_preset("prograde"));
  ImGui::DestroyContext();
}

// On be4b4bf the draft kept the old encounter after the run switched to another preset, and
// Start took the run's count whatever it had become. The draft follows what runs until it is
// edited, and the designer's own count is what Start runs.
TEST(EncounterDesignerFeature, TheDraftFollowsTheRunUntilEditedAndStartsAtItsOwnCount) {
  test_support::LockstepRun run(800);
  app::EncounterDesigner designer(*find_preset("prograde"));
  designer.run_changed(*find_preset("antennae"));  // the panel switched to the antennae
  EXPECT_EQ(designer.draft(), *find_preset("antennae"));
  designer.run_changed(std::nullopt);  // a plain scenario: nothing to follow
  EXPECT_EQ(designer.draft(), *find_preset("antennae"));
  app::EncounterDesigner::Action a;
  a.draft = *find_preset("mice");  // a row's edit
  designer.apply(a, run.control);
  designer.run_changed(*find_preset("m51"));
  EXPECT_EQ(designer.draft(), *find_preset("mice")) << "an edited draft stays";

  a = {};
  a.bodies = "lots";
  a.start = true;
  app::RunControl::Applied out = designer.apply(a, run.control);
  EXPECT_FALSE(out.changed) << "a count that cannot be read starts nothing";
  ASSERT_FALSE(out.reports.empty());
  EXPECT_EQ(out.reports[0].kind, app::Report::Kind::Error);
  EXPECT_NE(out.reports[0].text.find("encounter bodies"), std::string::npos) << out.reports[0].text;
  a.bodies = "1.2k";
  out = designer.apply(a, run.control);
  EXPECT_TRUE(out.changed);
  EXPECT_EQ(run.runner.running().bodies, 1200u) << "the designer's count";
  EXPECT_EQ(run.control.wanted().bodies, 1200u) << "the count field shows it too";
  EXPECT_FALSE(designer.edited()) << "the draft runs: it follows the run again";
  designer.run_changed(*find_preset("m51"));
  EXPECT_EQ(designer.draft(), *find_preset("m51"));
  a = {};
  a.bodies = "";
  designer.apply(a, run.control);
  EXPECT_EQ(designer.bodies(), 0u) << "empty: the run's count";
}

// On be4b4bf the designer was two closed levels down with no key. e opens both for the frame.
TEST(EncounterDesignerFeature, TheEKeyOpensTheDesigner) {
  app::InputActions keys;
  ASSERT_TRUE(app::press_typed(keys, 'e'));
  EXPECT_TRUE(keys.open_designer);
  test_support::make_imgui_context(ImVec2(1280, 720));
  const auto designer_drawn = [](bool open) {
    bool drawn = false;
    ImGui::NewFrame();
    ImGui::Begin("panel");
    app::galaxies_section([&](app::PanelSlot at) { drawn |= at == app::PanelSlot::DesignEncounter; },
                          open);
    ImGui::End();
    ImGui::EndFrame();
    return drawn;
  };
  EXPECT_FALSE(designer_drawn(false)) << "closed at the start";
  EXPECT_TRUE(designer_drawn(true)) << "e";
  EXPECT_TRUE(designer_drawn(false)) << "and it stays open";
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy

