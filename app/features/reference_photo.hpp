// SPDX-License-Identifier: MIT
// The reference image (--reference, the Rendering section's "reference image"): a photograph of
// an observed system drawn behind the bodies, fixed on the screen while the camera turns, to
// match the run to (render/reference_image.hpp draws it). It owns the image's file, opacity,
// scale, rotation and offset, draws their rows and hands them to the presenter each frame; the
// presenter reports what reading the file said.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "features/feature_context.hpp"
#include "reference_image.hpp"
#include "run/status_line.hpp"

namespace galaxy::app {

class ReferencePhoto {
 public:
  // What its rows ask: the image as they changed it (its file read again where `reads` grew).
  struct Action {
    std::optional<render::ReferenceImage> set;
  };

  ReferencePhoto() = default;
  // --reference PATH and --reference-opacity (the struct's default where not given).
  ReferencePhoto(const std::string& path, std::optional<float> opacity);

  // The features' protocol (features/features.hpp, kSlotted): its rows at its slot, its action
  // applied with the targets.
  static constexpr PanelSlot kSlot = PanelSlot::Rendering;
  void rows(Action& a, const FeatureView& v) const { section(a, v.shown.status); }
  void apply(const Action& a, const FeatureTargets&, std::vector<Report>&) { apply(a); }

  // Its rows (a tree node inside Rendering); what they changed goes into `a`; `st`: the error of
  // a file that could not be read, shown beside them.
  void section(Action& a, const StatusText& st) const;
  void apply(const Action& a) {
    if (a.set) image_ = *a.set;
  }

  // What the presenter draws (Presenter::Frame::reference).
  const render::ReferenceImage& image() const { return image_; }

 private:
  render::ReferenceImage image_;
};

}  // namespace galaxy::app
