// SPDX-License-Identifier: MIT
#include "arrays.hpp"

#include <fmt/format.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "py_run.hpp"

namespace nb = nanobind;

namespace galaxy::python {

namespace {

// The host arrays by the names Python reads them ("x", "vx", "m", "population" ...).
template <typename T>
std::vector<T>* host_array(HostBodies& b, const std::string& name);
template <>
std::vector<float>* host_array(HostBodies& b, const std::string& name) {
  if (name == "x") return &b.x;
  if (name == "y") return &b.y;
  if (name == "z") return &b.z;
  if (name == "vx") return &b.vx;
  if (name == "vy") return &b.vy;
  if (name == "vz") return &b.vz;
  if (name == "ax") return &b.ax;
  if (name == "ay") return &b.ay;
  if (name == "az") return &b.az;
  if (name == "m") return &b.m;
  if (name == "pot") return &b.pot;
  return nullptr;
}
template <>
std::vector<std::uint8_t>* host_array(HostBodies& b, const std::string& name) {
  if (name == "population") return &b.population;
  if (name == "galaxy") return &b.galaxy;
  return nullptr;
}

HostBodies& host_bodies(PyRun& r, const char* what) {
  Simulation& sim = r.simulation();
  HostBodies* b = sim.arrays() ? sim.arrays()->host_bodies() : nullptr;
  if (!b) {
    throw std::runtime_error(fmt::format(
        "{} is a view of a host backend's arrays; the {} backend keeps its bodies on the device "
        "(read the copies: positions, velocities, ...)", what, r.backend()));
  }
  return *b;
}

// A view of the array `name` of the host backend's bodies, kept alive by the Simulation `owner`.
template <typename T>
nb::object view(PyRun& r, const std::string& name, bool writable) {
  std::vector<T>* a = host_array<T>(host_bodies(r, "a view"), name);
  if (!a) throw std::invalid_argument(fmt::format("no body array named '{}'", name));
  nb::handle owner = nb::find(&r);
  if (writable) return nb::cast(nb::ndarray<nb::numpy, T, nb::ndim<1>>(a->data(), {a->size()}, owner));
  return nb::cast(nb::ndarray<nb::numpy, const T, nb::ndim<1>>(a->data(), {a->size()}, owner));
}

// A new (N, k) array owning its memory, filled row by row from k arrays.
template <typename T>
nb::object rows(const std::vector<const std::vector<T>*>& columns) {
  const std::size_t n = columns[0]->size(), k = columns.size();
  T* data = new T[n * k];
  for (std::size_t j = 0; j < k; ++j) {
    const std::vector<T>& c = *columns[j];
    for (std::size_t i = 0; i < n; ++i) data[i * k + j] = c[i];
  }
  nb::capsule free(data, [](void* p) noexcept { delete[] static_cast<T*>(p); });
  if (k == 1) return nb::cast(nb::ndarray<nb::numpy, T, nb::ndim<1>>(data, {n}, free));
  return nb::cast(nb::ndarray<nb::numpy, T, nb::ndim<2>>(data, {n, k}, free));
}

nb::object copies(PyRun& r, const std::string& what) {
  const HostBodies b = r.download();
  if (what == "positions") return rows<float>({&b.x, &b.y, &b.z});
  if (what == "velocities") return rows<float>({&b.vx, &b.vy, &b.vz});
  if (what == "accelerations") return rows<float>({&b.ax, &b.ay, &b.az});
  if (what == "masses") return rows<float>({&b.m});
  if (what == "potentials") return rows<float>({&b.pot});
  if (what == "population") return rows<std::uint8_t>({&b.population});
  if (what == "galaxy") return rows<std::uint8_t>({&b.galaxy});
  throw std::invalid_argument(fmt::format("no body array named '{}'", what));
}

DevicePositions device_positions(PyRun& r) {
  Simulation& sim = r.simulation();
  const DevicePositions d = sim.arrays() ? sim.arrays()->device_positions() : DevicePositions{};
  if (!d.xyzm) {
    throw std::runtime_error(fmt::format(
        "positions_device is the CUDA backend's; this run is on the {} backend (its positions "
        "are host views: x, y, z)", r.backend()));
  }
  return d;
}

}  // namespace

void bind_arrays(nb::class_<PyRun>& cls) {
  cls.def("view_float", &view<float>, nb::arg("name"), nb::arg("writable") = false)
      .def("view_u8", &view<std::uint8_t>, nb::arg("name"), nb::arg("writable") = false)
      .def("host_pointer",
           [](PyRun& r, const std::string& name) {
             HostBodies& b = host_bodies(r, "host_pointer");
             if (auto* f = host_array<float>(b, name)) return reinterpret_cast<std::uintptr_t>(f->data());
             if (auto* u = host_array<std::uint8_t>(b, name)) return reinterpret_cast<std::uintptr_t>(u->data());
             throw std::invalid_argument(fmt::format("no body array named '{}'", name));
           })
      .def("copies", &copies, nb::arg("what"))
      .def("positions_device",
           [](PyRun& r) {
             const DevicePositions d = device_positions(r);
             const std::size_t shape[2] = {d.n, 3};
             const std::int64_t strides[2] = {4, 1};  // float4 rows: x, y, z and the mass
             return nb::ndarray<const float, nb::ndim<2>, nb::device::cuda>(
                 const_cast<float*>(d.xyzm), 2, shape, nb::find(&r), strides,
                 nb::dtype<float>(), nb::device::cuda::value, d.device);
           })
      .def("ids_device", [](PyRun& r) {
        const DevicePositions d = device_positions(r);
        const std::size_t shape[1] = {d.n};
        return nb::ndarray<const int, nb::ndim<1>, nb::device::cuda>(
            const_cast<int*>(d.id), 1, shape, nb::find(&r), nullptr, nb::dtype<int>(),
            nb::device::cuda::value, d.device);
      });
}

}  // namespace galaxy::python
