// SPDX-License-Identifier: MIT
// The window's keys and mouse gestures, one row each: what is pressed, what the help calls it and
// says it does, and what it does to the frame's InputActions. The input handler (input.cpp), the
// key help at the bottom left (its essential rows, and all of them when hovered), the key sheet
// (?), --help and the man page, and a test against README's keys table all read these rows, so a
// key is described here once.
#pragma once

#include <span>
#include <string>

#include "panel/input.hpp"

namespace galaxy::app {

// Keys ImGui knows by name rather than by a typed character.
enum class NamedKey { None, Escape, Right, Left, Delete, F11 };

struct KeyRow {
  const char* typed;  // the characters that press it, as typed (lower case); "" for none
  NamedKey named;     // or the named key that does the same
  const char* name;   // as the help box writes it: "space", ".", "1-5", "drag", "Del"
  const char* what;   // what it does, in a few words
  bool essential;     // in the key help box; every row is in its hover list
  // What a press does (ch: the typed character, 0 for the named key); null for the mouse's
  // rows, which handle_input reads itself.
  void (*press)(InputActions& a, char ch);
};

std::span<const KeyRow> key_rows();
// Every row, a line each ("  space   pause"), under a heading: --help's and the man page's.
std::string keys_text();
// What the help calls a named key ("Esc"), and a row's name with its named key (". Right").
const char* named_key_word(NamedKey k);
std::string full_name(const KeyRow& r);

// Applies a typed character (lower-cased) or a named key to `a`; false where no row has it.
bool press_typed(InputActions& a, char ch);
void press_named(InputActions& a, NamedKey k);

}  // namespace galaxy::app
