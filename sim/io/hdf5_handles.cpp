// SPDX-License-Identifier: MIT
#include "hdf5_handles.hpp"

#include <stdexcept>

namespace galaxy::io::h5 {

namespace {

// Attributes hold a handful of values; more is a damaged or foreign file.
constexpr hssize_t kMaxAttributeValues = 1024;

herr_t innermost(unsigned n, const H5E_error2_t* e, void* out) {
  if (n == 0 && e->desc) *static_cast<std::string*>(out) = e->desc;
  return 0;
}

// Attribute `name` read as `native` into a vector of T.
template <class T>
std::optional<std::vector<T>> read_attribute(hid_t object, const char* name, hid_t native,
                                             const std::string& where) {
  if (!has_attribute(object, name)) return std::nullopt;
  auto fail = [&](const std::string& what) {
    const std::string why = reason();
    return std::runtime_error(where + ": attribute " + name + " " + what +
                              (why.empty() ? "" : " (" + why + ")"));
  };
  const Id attr(H5Aopen(object, name, H5P_DEFAULT), H5Aclose);
  if (!attr.valid()) throw fail("cannot be opened");
  const Id type(H5Aget_type(attr.get()), H5Tclose);
  const H5T_class_t cls = type.valid() ? H5Tget_class(type.get()) : H5T_NO_CLASS;
  if (cls != H5T_INTEGER && cls != H5T_FLOAT) throw fail("is not a number");
  const Id space(H5Aget_space(attr.get()), H5Sclose);
  const hssize_t n = space.valid() ? H5Sget_simple_extent_npoints(space.get()) : -1;
  if (n < 1 || n > kMaxAttributeValues) throw fail("has " + std::to_string(n) + " values");
  std::vector<T> values(static_cast<std::size_t>(n));
  if (H5Aread(attr.get(), native, values.data()) < 0) throw fail("cannot be read");
  return values;
}

}  // namespace

void quiet() {
  // Before the library's first call: HDF5 1.10 closes what is left open from an exit handler,
  // and a file whose close failed (a full disk) is left half closed, which that handler then
  // dereferences (a crash at exit, status 139, after galaxy had reported the failure). Every
  // file galaxy opens it closes itself, so the handler has nothing else to do.
  static const bool once = [] { return H5dont_atexit() >= 0; }();
  (void)once;
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

std::string reason() {
  std::string out;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost, &out);
  H5Eclear2(H5E_DEFAULT);
  // The file driver's message is a dump ("file write failed: time = ..., filename = ..., buf =
  // 0x..., error message = 'File too large', ..."): its first words and the system's reason.
  const std::string tag = "error message = '";
  const std::size_t at = out.find(tag), colon = out.find(':');
  if (at != std::string::npos && colon < at) {
    const std::size_t from = at + tag.size(), to = out.find('\'', from);
    out = out.substr(0, colon) + ": " + out.substr(from, to == std::string::npos ? to : to - from);
  }
  return out;
}

namespace {
// Object `name` under `parent` opened if it exists and is of `kind` (H5Oopen and H5Iget_type work
// alike in HDF5 1.10 to 1.14, unlike H5Oget_info).
Id open_object(hid_t parent, const char* name, H5I_type_t kind) {
  if (H5Lexists(parent, name, H5P_DEFAULT) <= 0) {
    H5Eclear2(H5E_DEFAULT);
    return {};
  }
  Id object(H5Oopen(parent, name, H5P_DEFAULT), H5Oclose);
  if (!object.valid() || H5Iget_type(object.get()) != kind) return {};
  return object;
}
}  // namespace

Id open_group(hid_t parent, const char* name) { return open_object(parent, name, H5I_GROUP); }

Id open_dataset(hid_t parent, const char* name) { return open_object(parent, name, H5I_DATASET); }

bool has_attribute(hid_t object, const char* name) { return H5Aexists(object, name) > 0; }

std::optional<std::vector<double>> doubles(hid_t object, const char* name,
                                           const std::string& where) {
  return read_attribute<double>(object, name, H5T_NATIVE_DOUBLE, where);
}

std::optional<std::vector<std::int64_t>> integers(hid_t object, const char* name,
                                                  const std::string& where) {
  return read_attribute<std::int64_t>(object, name, H5T_NATIVE_INT64, where);
}

bool write_attribute(hid_t object, const char* name, hid_t type, const void* values,
                     std::size_t count, bool scalar) {
  const hsize_t dims[1] = {count};
  const Id space(scalar && count == 1 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, dims, nullptr),
                 H5Sclose);
  const Id attr(H5Acreate2(object, name, type, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  return attr.valid() && H5Awrite(attr.get(), type, values) >= 0;
}

bool write_string_attribute(hid_t object, const char* name, const std::string& value) {
  const Id type(H5Tcopy(H5T_C_S1), H5Tclose);
  if (!type.valid() || H5Tset_size(type.get(), value.size() + 1) < 0) return false;
  const Id space(H5Screate(H5S_SCALAR), H5Sclose);
  const Id attr(H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                H5Aclose);
  return attr.valid() && H5Awrite(attr.get(), type.get(), value.c_str()) >= 0;
}

}  // namespace galaxy::io::h5
