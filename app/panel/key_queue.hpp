// SPDX-License-Identifier: MIT
// Key events from GLFW's callbacks, handed to ImGui one frame at a time. GLFW reports every press
// and release, but ImGui 1.86 only looks at which keys are down when a frame starts: below about
// 10 fps a press shorter than a frame (Enter, Esc, Backspace) came and went unseen. The queue
// holds a key's release (or its next press) back to the next frame, so every press is down for
// at least one frame: ImGui 1.87's "input trickling", for 1.86.
#pragma once

#include <deque>
#include <vector>

namespace galaxy::app {

struct KeyEvent {
  int key = 0, scancode = 0, action = 0, mods = 0;  // as GLFW's key callback gives them
};

class KeyQueue {
 public:
  void push(const KeyEvent& e) { pending_.push_back(e); }
  // The events for this frame, in order: all pending ones up to (not including) the second event
  // of any one key; the rest wait for the next frame.
  std::vector<KeyEvent> take_frame() {
    std::vector<KeyEvent> out;
    while (!pending_.empty()) {
      const KeyEvent& e = pending_.front();
      bool seen = false;
      for (const KeyEvent& o : out) seen = seen || o.key == e.key;
      if (seen) break;
      out.push_back(e);
      pending_.pop_front();
    }
    return out;
  }
  std::size_t pending() const { return pending_.size(); }

 private:
  std::deque<KeyEvent> pending_;
};

}  // namespace galaxy::app
