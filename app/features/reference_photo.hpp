// SPDX-License-Identifier: MIT
// The reference image (--reference, the Rendering section's "reference image"): a photograph of
// an observed system drawn behind the bodies, fixed on the screen while the camera turns, to
// match the run to (render/reference_image.hpp draws it). It owns the image's file, opacity,
// scale, rotation and offset, draws their rows and hands them to the presenter each frame; the
// presenter reports what reading the file said.
#pragma once

#include <optional>
#include <string>

#include "reference_image.hpp"

namespace galaxy::app {

struct PanelStats;

class ReferencePhoto {
 public:
  // What its rows ask: the image as they changed it (its file read again where `reads` grew).
  struct Action {
    std::optional<render::ReferenceImage> set;
  };

  ReferencePhoto() = default;
  // --reference PATH and --reference-opacity (the struct's default where not given).
  ReferencePhoto(const std::string& path, std::optional<float> opacity);

  // Its rows (a tree node inside Rendering); what they changed goes into `a`; `st`: the error of
  // a file that could not be read, shown beside them.
  void section(Action& a, const PanelStats& st) const;
  void apply(const Action& a) {
    if (a.set) image_ = *a.set;
  }

  // What the presenter draws (Presenter::Frame::reference).
  const render::ReferenceImage& image() const { return image_; }

 private:
  render::ReferenceImage image_;
};

}  // namespace galaxy::app
