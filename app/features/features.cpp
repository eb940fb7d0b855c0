// SPDX-License-Identifier: MIT
#include "features/features.hpp"

namespace galaxy::app {

void feature_rows(const Features& f, PanelSlot at, FeatureActions& a) {
  switch (at) {
    case PanelSlot::BesideThreeViews:
      f.ruler.section(a.ruler);
      return;
    case PanelSlot::ViewTools:
      f.recording.section(a.recording);
      return;
  }
}

}  // namespace galaxy::app
