// SPDX-License-Identifier: MIT
// HDF5 files written for the tests through the HDF5 C library directly, as another program
// would (GADGET-2 and GADGET-4 layouts, SWIFT's groups): nothing of galaxy's writer is used.
#pragma once

#include <hdf5.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace galaxy::test_support {

class H5Writer {
 public:
  explicit H5Writer(const std::filesystem::path& p)
      : file_(H5Fcreate(p.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT)) {
    if (file_ < 0) throw std::runtime_error("cannot create " + p.string());
  }
  ~H5Writer() { H5Fclose(file_); }
  H5Writer(const H5Writer&) = delete;
  H5Writer& operator=(const H5Writer&) = delete;

  // Creates group `path` (its parents must exist).
  void group(const std::string& path) {
    H5Gclose(H5Gcreate2(file_, path.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
  }
  // Attribute `name` of the group at `path`: `v` as an array of `type` (native type), or a
  // scalar when `scalar`.
  template <class T>
  void attr(const std::string& path, const std::string& name, hid_t type,
            const std::vector<T>& v, bool scalar = false) {
    const hid_t obj = H5Oopen(file_, path.c_str(), H5P_DEFAULT);
    const hsize_t n = v.size();
    const hid_t space = scalar ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, &n, nullptr);
    const hid_t a = H5Acreate2(obj, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(a, type, v.data());
    H5Aclose(a);
    H5Sclose(space);
    H5Oclose(obj);
  }
  void attr(const std::string& path, const std::string& name, double v) {
    attr(path, name, H5T_NATIVE_DOUBLE, std::vector<double>{v}, true);
  }
  // Dataset `path` of `rows` x `width` values (width 1: one-dimensional), stored as `file_type`
  // and given as `mem_type`.
  template <class T>
  void dataset(const std::string& path, const std::vector<T>& v, hsize_t width,
               hid_t file_type, hid_t mem_type) {
    const hsize_t dims[2] = {v.size() / width, width};
    const hid_t space = H5Screate_simple(width == 1 ? 1 : 2, dims, nullptr);
    const hid_t d = H5Dcreate2(file_, path.c_str(), file_type, space, H5P_DEFAULT, H5P_DEFAULT,
                               H5P_DEFAULT);
    H5Dwrite(d, mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
    H5Dclose(d);
    H5Sclose(space);
  }
  void doubles(const std::string& path, const std::vector<double>& v, hsize_t width) {
    dataset(path, v, width, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE);
  }

 private:
  hid_t file_;
};

}  // namespace galaxy::test_support
