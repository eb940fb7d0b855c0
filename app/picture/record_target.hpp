// SPDX-License-Identifier: MIT
// What the record button (features/recording.hpp) drives: a recording of the picture, started
// into a target and ended. The presenter is one; a test's fake is another.
#pragma once

#include <string>

#include "run/report.hpp"

namespace galaxy::app {

class RecordTarget {
 public:
  // Starts recording the picture into `target` (a video at `fps`, or a folder of PNGs), or ends
  // the recording under way; what it did, or why not.
  virtual Report toggle_recording(const std::string& target, int fps) = 0;
  virtual bool recording() const = 0;

 protected:
  ~RecordTarget() = default;
};

}  // namespace galaxy::app
