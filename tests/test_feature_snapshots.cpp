// SPDX-License-Identifier: MIT
// Snapshots as a feature of their own (app/features/snapshots.hpp): a save through its action
// writes the step shown and gives a path without an extension the default format's, a load of a
// missing file is refused and keeps the run, a load of the saved file changes the run; its rows
// ask and change nothing themselves.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

#include "features/snapshots.hpp"
#include "imgui_context.hpp"
#include "run_control_fixture.hpp"

namespace galaxy {
namespace {

namespace fs = std::filesystem;

TEST(SnapshotsFeature, SavesWithTheDefaultFormatAndLoadsBack) {
  test_support::LockstepRun run(400);
  app::Snapshots snapshots;
  const fs::path plain = fs::temp_directory_path() / "galaxy_feature_snapshot";
  fs::remove(plain.string() + ".gxy");
  app::Snapshots::Action a;
  a.path = plain.string();
  a.save = true;
  app::RunControl::Applied out = snapshots.apply(a, run.control);
  EXPECT_EQ(snapshots.path(), plain.string() + ".gxy");
  ASSERT_TRUE(fs::exists(snapshots.path()));
  ASSERT_FALSE(out.reports.empty());
  EXPECT_EQ(out.reports.back().text, "saved " + snapshots.path());
  EXPECT_FALSE(out.changed) << "a save leaves the run";

  a = {};
  a.path = (fs::temp_directory_path() / "galaxy_no_such_snapshot.gxy").string();
  a.load = true;
  out = snapshots.apply(a, run.control);
  ASSERT_EQ(out.reports.size(), 1u);
  EXPECT_EQ(out.reports[0].kind, app::Report::Kind::Error);
  EXPECT_EQ(out.reports[0].place, app::Place::Load);
  EXPECT_FALSE(out.changed) << "the run stays";

  a.path = plain.string() + ".gxy";
  out = snapshots.apply(a, run.control);
  EXPECT_TRUE(out.changed);
  ASSERT_FALSE(out.reports.empty());
  EXPECT_EQ(out.reports.back().text.rfind("loaded " + *a.path, 0), 0u) << out.reports.back().text;
  EXPECT_EQ(run.control.wanted().bodies, 400u) << "the file's count, now wanted";
  EXPECT_EQ(app::Snapshots::transfer(run.control.file_job()).text, "") << "lockstep: no worker";
  fs::remove(snapshots.path());
}

TEST(SnapshotsFeature, ItsRowsAskForALoadAndChangeNothingThemselves) {
  test_support::make_imgui_context(ImVec2(400, 600));
  const app::Snapshots snapshots;
  const app::StatusText st;
  app::Snapshots::Action a;
  test_support::click_last_item([&] {
    ImGui::SetNextItemOpen(true);
    snapshots.section(a, st);  // its last item: Load
  });
  EXPECT_TRUE(a.load) << "the click asked";
  EXPECT_FALSE(a.save);
  EXPECT_FALSE(a.path) << "the path untouched";
  EXPECT_EQ(snapshots.path(), "snapshot.gxy");
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy
