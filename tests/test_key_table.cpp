// SPDX-License-Identifier: MIT
// The key table (app/panel/key_table.hpp): every key does what its row says and only one row
// claims it, two presses within a frame count twice, the key help box packs the essential rows
// into its old four lines (the rest show when it is hovered, or in the sheet ? opens), --help and
// README's keys table name every key.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "imgui_context.hpp"
#include "panel/key_table.hpp"
#include "panel/panel.hpp"
#include "panel/panel_parts.hpp"
#include "run_command.hpp"

namespace galaxy {
namespace {

using app::InputActions;
using app::KeyRow;
using app::NamedKey;

// Whether a press left any trace on the frame's actions (the fields a key can set).
bool touched(const InputActions& a) {
  return a.toggle_pause || a.toggle_panel || a.fit || a.screenshot || a.toggle_octree || a.quit ||
         a.step || a.step_back || a.speed_change || a.toggle_drop || a.remove_galaxy || a.undo ||
         a.cycle_follow || a.toggle_three_view || a.toggle_dock || a.toggle_fullscreen || a.toggle_recording ||
         a.toggle_ruler || a.add_camera_key || a.toggle_camera_path || a.toggle_key_sheet ||
         a.open_designer ||
         a.view.has_value();
}

TEST(KeyTable, EveryKeyDoesSomethingAndNoKeyHasTwoRows) {
  std::set<char> typed;
  std::set<NamedKey> named;
  for (const KeyRow& r : app::key_rows()) {
    for (const char* c = r.typed; *c; ++c) {
      EXPECT_TRUE(typed.insert(*c).second) << "'" << *c << "' has two rows";
      InputActions a;
      ASSERT_TRUE(app::press_typed(a, *c));
      EXPECT_TRUE(touched(a)) << "'" << *c << "' (" << r.what << ") does nothing";
    }
    if (r.named != NamedKey::None) {
      EXPECT_TRUE(named.insert(r.named).second) << r.name << " has two rows";
      InputActions a;
      app::press_named(a, r.named);
      EXPECT_TRUE(touched(a)) << r.name << " does nothing";
    }
    EXPECT_EQ(r.press == nullptr, !*r.typed && r.named == NamedKey::None)
        << r.name << ": a row acts exactly where it has a key";
  }
  InputActions a;
  EXPECT_FALSE(app::press_typed(a, 'z'));
  EXPECT_FALSE(touched(a));
}

TEST(KeyTable, PressesWithinOneFrameCountEachAndTogglesFlipBack) {
  InputActions a;
  app::press_typed(a, '.');
  app::press_typed(a, '.');
  app::press_named(a, NamedKey::Right);
  EXPECT_EQ(a.step, 3);
  app::press_typed(a, ']');
  app::press_typed(a, ']');
  app::press_typed(a, '[');
  EXPECT_EQ(a.speed_change, 1);
  app::press_typed(a, ' ');
  app::press_typed(a, ' ');
  EXPECT_FALSE(a.toggle_pause);
  app::press_typed(a, '4');
  ASSERT_TRUE(a.view.has_value());
  EXPECT_EQ(*a.view, app::ViewDirection::Y);
}

TEST(KeyTable, TheKeyHelpBoxHoldsEveryEssentialRowInFourLines) {
  test_support::make_imgui_context(ImVec2(1280, 720));
  ImGui::NewFrame();
  const float width = app::kPanelWidth - 10.0f;
  const auto lines = app::key_help_lines(width);
  const float room = width - 2.0f * ImGui::GetStyle().WindowPadding.x;
  for (const std::string& l : lines) EXPECT_LE(ImGui::CalcTextSize(l.c_str()).x, room) << l;
  EXPECT_LE(lines.size(), 4u) << "the box would cover more of the view than it did: "
                              << ::testing::PrintToString(lines);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  for (const KeyRow& r : app::key_rows()) {
    const std::string item = std::string(r.name) + " " + r.what;
    if (r.essential) {
      EXPECT_NE(all.find(item), std::string::npos) << item;
    } else {
      EXPECT_EQ(all.find(item), std::string::npos) << item;
    }
  }
  EXPECT_NE(all.find(app::kAllKeysHint), std::string::npos) << "the box says how to see the rest";
  ImGui::EndFrame();
  ImGui::DestroyContext();
}

// Hovering the box lists every row: a tooltip as tall as the whole table.
TEST(KeyTable, HoveringTheKeyHelpListsEveryKey) {
  test_support::make_imgui_context(ImVec2(1280, 720));
  const float width = app::kPanelWidth - 10.0f;
  ImGuiWindow* tip = nullptr;
  for (int frame = 0; frame < 3; ++frame) {
    ImGui::GetIO().MousePos = ImVec2(40.0f, 700.0f);  // over the box at the bottom left
    ImGui::NewFrame();
    app::key_help(width);
    ImGui::Render();
    tip = ImGui::FindWindowByName("##Tooltip_00");
  }
  ASSERT_NE(tip, nullptr) << "no tooltip over the key help";
  EXPECT_TRUE(tip->Active || tip->WasActive);
  const float rows = float(app::key_rows().size());
  EXPECT_GE(tip->ContentSize.y, rows * ImGui::GetTextLineHeight()) << "a line for every row";
  ImGui::DestroyContext();
}

// README's "Keys" table: a row whose first cell names the key, as `k` (space as `space`), or
// the named key by its word.
TEST(KeyTable, ReadmesKeysTableNamesEveryKey) {
  std::ifstream in(GALAXY_README);
  ASSERT_TRUE(in) << GALAXY_README;
  std::string first_cells, line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0 && line.rfind("| F11", 0) != 0) continue;
    first_cells += line.substr(0, line.find('|', 1)) + "\n";
  }
  auto named_word = [](NamedKey k) {
    switch (k) {
      case NamedKey::Escape: return "`Esc`";
      case NamedKey::Right: return "Right";
      case NamedKey::Left: return "Left";
      case NamedKey::Delete: return "`Delete`";
      case NamedKey::F11: return "F11";
      case NamedKey::None: break;
    }
    return "";
  };
  for (const KeyRow& r : app::key_rows()) {
    for (const char* c = r.typed; *c; ++c) {
      const std::string word = *c == ' ' ? "`space`" : "`" + std::string(1, *c) + "`";
      const bool in_range = std::strchr("234", *c) && first_cells.find("`1` ... `5`") != std::string::npos;
      EXPECT_TRUE(in_range || first_cells.find(word) != std::string::npos) << word;
    }
    if (r.named != NamedKey::None) {
      EXPECT_NE(first_cells.find(named_word(r.named)), std::string::npos) << r.name;
    }
  }
}

}  // namespace
}  // namespace galaxy

namespace galaxy {
namespace {

// On be4b4bf `--help` listed no key. Every row is there, named in full, with what it does.
TEST(KeyTable, HelpListsEveryKey) {
  const test_support::CommandResult r =
      test_support::run_command(test_support::galaxy_command() + " --help");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Keys in the window"), std::string::npos) << r.output;
  for (const KeyRow& row : app::key_rows()) {
    const std::string name = app::full_name(row);
    const std::size_t at = r.output.find("\n  " + name + " ");
    ASSERT_NE(at, std::string::npos) << name;
    const std::size_t eol = r.output.find('\n', at + 1);
    EXPECT_NE(r.output.substr(at, eol - at).find(row.what), std::string::npos) << name;
  }
}

// ? opens a sheet of every key over the middle of the view, in a larger font than the panel's.
TEST(KeyTable, TheKeySheetListsEveryKeyLegiblyInTheMiddle) {
  InputActions a;
  ASSERT_TRUE(app::press_typed(a, '?'));
  EXPECT_TRUE(a.toggle_key_sheet);
  test_support::make_imgui_context(ImVec2(1280, 720));
  bool open = true;
  for (int frame = 0; frame < 3; ++frame) {
    ImGui::NewFrame();
    open = app::key_sheet();
    ImGui::Render();
  }
  ImGuiWindow* w = ImGui::FindWindowByName("Keys (? closes)");
  ASSERT_NE(w, nullptr);
  EXPECT_TRUE(open);
  const float rows = float(app::key_rows().size());
  EXPECT_GE(w->ContentSize.y, rows * 1.3f * ImGui::GetTextLineHeight()) << "larger than the panel's";
  EXPECT_LE(w->Size.y, 720.0f) << "fits a 1280x720 view";
  EXPECT_NEAR(w->Pos.x + 0.5f * w->Size.x, 640.0f, 1.0f) << "in the middle";
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace galaxy
