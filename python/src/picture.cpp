// SPDX-License-Identifier: MIT
#include "picture.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <png.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "app.hpp"
#include "body_field_table.hpp"
#include "py_run.hpp"

namespace nb = nanobind;
namespace fs = std::filesystem;

namespace galaxy::python {

namespace {

constexpr std::array<const char*, 6> kViews = {"kept", "face-on", "edge-on", "x", "y", "z"};

// A folder of its own under the system's temporary folder, removed with this object.
class TempDir {
 public:
  TempDir() {
    std::string templ = (fs::temp_directory_path() / "galaxy-python-XXXXXX").string();
    if (!mkdtemp(templ.data())) throw std::runtime_error("cannot make a temporary folder");
    path_ = templ;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Standard output goes to /dev/null while this lives (the App's "wrote" lines in a notebook).
class QuietStdout {
 public:
  QuietStdout() : saved_(dup(1)) {
    std::fflush(stdout);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 1), close(null);
  }
  ~QuietStdout() {
    std::fflush(stdout);
    if (saved_ >= 0) dup2(saved_, 1), close(saved_);
  }

 private:
  int saved_;
};

// The window's options for the run saved at `snapshot` (its backend, parameters and units).
app::Options options_for(PyRun& r, const fs::path& snapshot, const std::string& view,
                         const std::string& colour) {
  bool known = false;
  for (const char* v : kViews) known = known || view == v;
  if (!known) {
    throw std::invalid_argument(fmt::format(
        "view must be kept, face-on, edge-on, x, y or z, got '{}'", view));
  }
  if (!find_field(colour)) {
    throw std::invalid_argument(
        fmt::format("colour must be {}, got '{}'", field_cli_names(", "), colour));
  }
  app::Options o;
  o.backend = r.simulation().backend();
  o.load = snapshot.string();
  o.view = view;
  o.colour_map = colour == "speed" ? "" : colour;
  return o;
}

// The RGB rows of the PNG at `path` as a new (H, W, 3) uint8 array.
nb::object read_rgb(const fs::path& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&image, path.c_str())) {
    throw std::runtime_error(fmt::format("reading {}: {}", path.string(), image.message));
  }
  image.format = PNG_FORMAT_RGB;
  const std::size_t h = image.height, w = image.width;
  auto data = std::make_unique<std::uint8_t[]>(h * w * 3);
  if (!png_image_finish_read(&image, nullptr, data.get(), 0, nullptr)) {
    throw std::runtime_error(fmt::format("reading {}: {}", path.string(), image.message));
  }
  std::uint8_t* raw = data.release();
  nb::capsule free(raw, [](void* p) noexcept { delete[] static_cast<std::uint8_t*>(p); });
  return nb::cast(nb::ndarray<nb::numpy, std::uint8_t, nb::ndim<3>>(raw, {h, w, 3}, free));
}

nb::object render(PyRun& r, int width, int height, const std::string& view,
                  const std::string& colour) {
  if (width < 16 || height < 16 || width > 16384 || height > 16384) {
    throw std::invalid_argument(
        fmt::format("width and height must be 16 to 16384, got {} x {}", width, height));
  }
  TempDir dir;
  const fs::path snapshot = dir.path() / "state.gxy", frames = dir.path() / "frames";
  r.save(snapshot.string());
  app::Options o = options_for(r, snapshot, view, colour);
  o.headless = true;
  o.no_ui = true;
  o.width = width, o.height = height;
  o.frames = 1;
  o.record = frames.string();
  // Slow motion: the first frame's credit (1/64 of a step) takes no step, so the picture is of
  // the state as it is.
  o.speed.steps_per_frame = app::kMinStepsPerFrame;
  {
    nb::gil_scoped_release release;
    QuietStdout quiet;
    app::App window(o);
    while (window.frame()) {
    }
  }
  return read_rgb(frames / "frame_00000.png");
}

// The interactive window on the run; when it closes, the run goes on from where the window left
// it (its final --save, loaded back).
void show(PyRun& r, int width, int height) {
  TempDir dir;
  const fs::path snapshot = dir.path() / "state.gxy", after = dir.path() / "after.gxy";
  r.save(snapshot.string());
  app::Options o = options_for(r, snapshot, "kept", "speed");
  o.width = width, o.height = height;
  o.save = after.string();
  {
    nb::gil_scoped_release release;
    app::App window(o);
    while (window.frame()) {
    }
  }
  if (fs::exists(after)) r.load(after.string());
}

}  // namespace

void bind_picture(nb::class_<PyRun>& cls) {
  cls.def("render", &render, nb::arg("width"), nb::arg("height"), nb::arg("view"),
          nb::arg("colour"))
      .def("show", &show, nb::arg("width"), nb::arg("height"));
}

}  // namespace galaxy::python
