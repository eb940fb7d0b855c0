// SPDX-License-Identifier: MIT
#include "features/features.hpp"

namespace galaxy::app {

void feature_rows(const Features& f, PanelSlot at, FeatureActions& a, const PanelStats& st) {
  switch (at) {
    case PanelSlot::BesideThreeViews:
      f.ruler.section(a.ruler);
      return;
    case PanelSlot::ViewTools:
      f.recording.section(a.recording);
      f.camera_path.section(a.camera_path, st);
      return;
  }
}

}  // namespace galaxy::app
