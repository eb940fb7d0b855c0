// SPDX-License-Identifier: MIT
#include "panel/key_table.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace galaxy::app {

namespace {
using A = InputActions;
constexpr NamedKey kNone = NamedKey::None;

// Keys typed faster than the frames come count each press: counts add up, toggles flip back.
constexpr KeyRow kRows[] = {
    {" ", kNone, "space", "pause", true, [](A& a, char) { a.toggle_pause = !a.toggle_pause; }},
    {".", NamedKey::Right, ".", "step", true, [](A& a, char) { ++a.step; }},
    {",", NamedKey::Left, ",", "back", true, [](A& a, char) { ++a.step_back; }},
    {"[]", kNone, "[ ]", "speed", true,
     [](A& a, char ch) { a.speed_change += ch == ']' ? 1 : -1; }},
    {"h", kNone, "h", "panel", true, [](A& a, char) { a.toggle_panel = !a.toggle_panel; }},
    {"c", kNone, "c", "fit", true, [](A& a, char) { a.fit = true; }},
    {"b", kNone, "b", "octree", false, [](A& a, char) { a.toggle_octree = !a.toggle_octree; }},
    {"p", kNone, "p", "screenshot", false, [](A& a, char) { a.screenshot = true; }},
    {"q", NamedKey::Escape, "q", "quit", true, [](A& a, char) { a.quit = true; }},
    {"", kNone, "drag", "orbit", true, nullptr},
    {"", kNone, "shift", "pan", true, nullptr},
    {"", kNone, "wheel", "zoom", true, nullptr},
    {"", kNone, "click", "walk", true, nullptr},
    {"g", kNone, "g", "drop", true, [](A& a, char) { a.toggle_drop = !a.toggle_drop; }},
    {"", NamedKey::Delete, "Del", "remove", true, [](A& a, char) { a.remove_galaxy = true; }},
    {"u", kNone, "u", "undo", true, [](A& a, char) { ++a.undo; }},
    {"f", kNone, "f", "follow", false, [](A& a, char) { a.cycle_follow = true; }},
    {"12345", kNone, "1-5", "face-on, edge-on, x, y, z", false,
     [](A& a, char ch) { a.view = static_cast<ViewDirection>(ch - '0'); }},  // FaceOn is 1
    {"v", kNone, "v", "three views", false, [](A& a, char) { a.toggle_three_view = true; }},
    {"d", kNone, "d", "dock the panel", false, [](A& a, char) { a.toggle_dock = !a.toggle_dock; }},
    {"", NamedKey::F11, "F11", "full screen", false,
     [](A& a, char) { a.toggle_fullscreen = true; }},
    {"r", kNone, "r", "record", false, [](A& a, char) { a.toggle_recording = true; }},
    {"m", kNone, "m", "ruler", false, [](A& a, char) { a.toggle_ruler = true; }},
    {"i", kNone, "i", "camera path key", false, [](A& a, char) { a.add_camera_key = true; }},
    {"l", kNone, "l", "play the path", false,
     [](A& a, char) { a.toggle_camera_path = !a.toggle_camera_path; }},
    {"e", kNone, "e", "encounter designer", false, [](A& a, char) { a.open_designer = true; }},
    {"?", kNone, "?", "every key", false,
     [](A& a, char) { a.toggle_key_sheet = !a.toggle_key_sheet; }},
};
}  // namespace

std::span<const KeyRow> key_rows() {
  return kRows;
}

std::string keys_text() {
  std::size_t column = 0;
  for (const KeyRow& r : kRows) column = std::max(column, full_name(r).size());
  std::string text = "Keys in the window (? shows them there too):\n";
  for (const KeyRow& r : kRows) {
    const std::string name = full_name(r);
    text += "  " + name + std::string(column + 2 - name.size(), ' ') + r.what + "\n";
  }
  return text;
}

const char* named_key_word(NamedKey k) {
  switch (k) {
    case NamedKey::Escape: return "Esc";
    case NamedKey::Right: return "Right";
    case NamedKey::Left: return "Left";
    case NamedKey::Delete: return "Del";
    case NamedKey::F11: return "F11";
    case NamedKey::None: break;
  }
  return "";
}

std::string full_name(const KeyRow& r) {
  if (!*r.typed || r.named == NamedKey::None) return r.name;
  return std::string(r.name) + " " + named_key_word(r.named);
}

bool press_typed(InputActions& a, char ch) {
  if (ch == '\0') return false;  // strchr would find every row's terminator
  for (const KeyRow& r : kRows) {
    if (r.press && std::strchr(r.typed, ch)) {
      r.press(a, ch);
      return true;
    }
  }
  return false;
}

void press_named(InputActions& a, NamedKey k) {
  if (k == NamedKey::None) return;
  for (const KeyRow& r : kRows) {
    if (r.named == k && r.press) r.press(a, '\0');
  }
}

}  // namespace galaxy::app
