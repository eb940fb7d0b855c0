// SPDX-License-Identifier: MIT
// What the HDF5 reader and writer share: owned identifiers, the library's own reason for a
// failure, and attributes read and written as numbers.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace galaxy::io::h5 {

// An HDF5 identifier closed by `close` when it goes (H5Fclose, H5Gclose, H5Dclose, ...).
class Id {
 public:
  using Close = herr_t (*)(hid_t);
  Id() = default;
  Id(hid_t id, Close close) : id_(id), close_(close) {}
  Id(Id&& o) noexcept : id_(std::exchange(o.id_, H5I_INVALID_HID)), close_(o.close_) {}
  Id& operator=(Id&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, H5I_INVALID_HID);
      close_ = o.close_;
    }
    return *this;
  }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
  ~Id() { reset(); }

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now and says whether the close succeeded (a file's last writes happen here).
  bool close() {
    const herr_t r = id_ >= 0 ? close_(id_) : 0;
    id_ = H5I_INVALID_HID;
    return r >= 0;
  }

 private:
  void reset() {
    if (id_ >= 0) close_(id_);
    id_ = H5I_INVALID_HID;
  }
  hid_t id_ = H5I_INVALID_HID;
  Close close_ = nullptr;
};

// Stops the library printing its error stack to stderr on this thread: galaxy reports errors in
// its own words (with reason() below).
void quiet();

// The innermost message of the library's current error stack ("truncated file: eof = 1024,
// sblock->base_addr = 0, stored_eof = 5120"), or "" when there is none; clears the stack.
std::string reason();

// Opens group or dataset `name` under `parent` if it exists (no error otherwise).
Id open_group(hid_t parent, const char* name);
Id open_dataset(hid_t parent, const char* name);

bool has_attribute(hid_t object, const char* name);
// Attribute `name` of `object` as numbers (its every element, converted by HDF5); none when it
// is absent. Throws std::runtime_error for one that is not numeric or cannot be read, with
// `where` ("file.hdf5: Header") in front.
std::optional<std::vector<double>> doubles(hid_t object, const char* name, const std::string& where);
std::optional<std::vector<std::int64_t>> integers(hid_t object, const char* name,
                                                  const std::string& where);

// Writes attribute `name` of `object`: `values` as an array of `type` (a native type), or a
// scalar when `scalar` and there is one value. False when the library refuses.
bool write_attribute(hid_t object, const char* name, hid_t type, const void* values,
                     std::size_t count, bool scalar);
bool write_string_attribute(hid_t object, const char* name, const std::string& value);

}  // namespace galaxy::io::h5
