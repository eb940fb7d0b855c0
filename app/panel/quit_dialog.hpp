// SPDX-License-Identifier: MIT
// The quit question: a small modal in the middle of the view while the ending asks
// (Ending::asking), drawn with the panel hidden too. Enter (or its Quit button) answers Quit; Esc
// (or Stay) answers Stay and the run goes on. Ending::answer applies the answer.
#pragma once

namespace galaxy::app {

enum class QuitAnswer { None, Quit, Stay };

// Nothing (None) unless `asking`; the answer of the frame it was given in.
QuitAnswer quit_dialog(bool asking);

}  // namespace galaxy::app
