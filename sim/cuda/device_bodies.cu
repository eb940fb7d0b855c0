// SPDX-License-Identifier: MIT
#include <algorithm>
#include <limits>
#include <stdexcept>

#include "device_bodies.cuh"

namespace galaxy::cuda {

void DeviceBodies::Arrays::allocate(int n) {
  pos.resize(n), vel.resize(n), acc.resize(n), id.resize(n), tag.resize(n);
}

void DeviceBodies::Arrays::swap(Arrays& o) noexcept {
  pos.swap(o.pos), vel.swap(o.vel), acc.swap(o.acc), id.swap(o.id), tag.swap(o.tag);
}

DeviceBodies::DeviceBodies(int n, int capacity) : n_(n), capacity_(std::max(n, capacity)) {
  now_.allocate(capacity_), next_.allocate(capacity_);
}

void DeviceBodies::set_size(int n) {
  if (n < 0 || n > capacity_) throw std::logic_error("DeviceBodies::set_size: past the capacity");
  n_ = n;
}

namespace {
// Every array of `src` into `dst` (both sized for n bodies), on the stream.
template <typename A>
void copy_arrays(A& dst, const A& src, int n, cudaStream_t s) {
  const auto copy = [&](void* d, const void* from, std::size_t bytes) {
    CUDA_CHECK(cudaMemcpyAsync(d, from, bytes, cudaMemcpyDeviceToDevice, s));
  };
  const auto count = static_cast<std::size_t>(n);
  copy(dst.pos.data(), src.pos.data(), count * sizeof(float4));
  copy(dst.vel.data(), src.vel.data(), count * sizeof(float4));
  copy(dst.acc.data(), src.acc.data(), count * sizeof(float4));
  copy(dst.id.data(), src.id.data(), count * sizeof(int));
  copy(dst.tag.data(), src.tag.data(), count);
}
}  // namespace

DeviceBodies::Saved::Saved() = default;
DeviceBodies::Saved::~Saved() = default;
DeviceBodies::Saved::Saved(Saved&&) noexcept = default;
DeviceBodies::Saved& DeviceBodies::Saved::operator=(Saved&&) noexcept = default;

std::size_t DeviceBodies::Saved::bytes() const {
  return a_ ? a_->pos.bytes() + a_->vel.bytes() + a_->acc.bytes() + a_->id.bytes() + a_->tag.bytes()
            : 0;
}

void DeviceBodies::save(Saved& k, cudaStream_t s, int room) const {
  if (!k.a_ || k.a_->pos.size() < static_cast<std::size_t>(n_)) {
    auto a = std::make_unique<Arrays>();
    a->allocate(std::max(n_, room));  // throws on out-of-memory, leaving `k` as it was
    k.a_ = std::move(a);
  }
  k.n_ = n_;
  copy_arrays(*k.a_, now_, n_, s);
}

void DeviceBodies::load(const Saved& k, cudaStream_t s) {
  if (k.n_ != n_ || !k.a_) throw std::invalid_argument("DeviceBodies::load: body count differs");
  copy_arrays(now_, *k.a_, n_, s);
}

void DeviceBodies::reserve(int capacity, cudaStream_t s) {
  if (capacity <= capacity_) return;
  Arrays now, next;
  now.allocate(capacity), next.allocate(capacity);
  copy_arrays(now, now_, n_, s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  now_.swap(now), next_.swap(next);
  capacity_ = capacity;
}

void DeviceBodies::upload(const HostBodies& b, cudaStream_t s,
                          const std::vector<std::uint64_t>* ids) {
  const int n = n_;
  std::vector<float4> pos(n), vel(n), acc(n);
  std::vector<int> id(n);
  std::vector<std::uint8_t> tag(n);
  for (int i = 0; i < n; ++i) {
    if (ids && (*ids)[i] > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
      throw std::invalid_argument("a run over GPU ranks holds at most 2^31 - 1 bodies");
    }
    pos[i] = make_float4(b.x[i], b.y[i], b.z[i], b.m[i]);
    vel[i] = make_float4(b.vx[i], b.vy[i], b.vz[i], 0.0f);
    acc[i] = make_float4(b.ax[i], b.ay[i], b.az[i], b.pot[i]);
    id[i] = ids ? static_cast<int>((*ids)[i]) : i;
    const std::uint8_t pop = i < static_cast<int>(b.population.size()) ? b.population[i] : 0;
    const std::uint8_t gal = i < static_cast<int>(b.galaxy.size()) ? b.galaxy[i] : 0;
    tag[i] = body_tag(pop, gal);
  }
  now_.pos.upload(pos.data(), n, s);
  now_.vel.upload(vel.data(), n, s);
  now_.acc.upload(acc.data(), n, s);
  now_.id.upload(id.data(), n, s);
  now_.tag.upload(tag.data(), n, s);
}

namespace {
template <typename T>
std::vector<T> download_array(const T* p, int n, cudaStream_t s) {
  std::vector<T> v(n);
  CUDA_CHECK(cudaMemcpyAsync(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  return v;
}
}  // namespace

void DeviceBodies::download(const ConstBodiesView& v, HostBodies& b, cudaStream_t s,
                            std::vector<std::uint64_t>* ids) const {
  const int n = v.n;
  b.resize(n);
  if (ids) ids->resize(static_cast<std::size_t>(n));
  if (n == 0) return;
  const auto pos = download_array(v.pos, n, s), vel = download_array(v.vel, n, s),
             acc = download_array(v.acc, n, s);
  const auto id = download_array(v.id, n, s);
  const auto tag = download_array(v.tag, n, s);
  for (int k = 0; k < n; ++k) {
    const int i = ids ? k : id[k];
    if (ids) (*ids)[k] = static_cast<std::uint64_t>(id[k]);
    b.x[i] = pos[k].x, b.y[i] = pos[k].y, b.z[i] = pos[k].z, b.m[i] = pos[k].w;
    b.vx[i] = vel[k].x, b.vy[i] = vel[k].y, b.vz[i] = vel[k].z;
    b.ax[i] = acc[k].x, b.ay[i] = acc[k].y, b.az[i] = acc[k].z, b.pot[i] = acc[k].w;
    b.population[i] = tag[k] & 3u;
    b.galaxy[i] = tag[k] >> 2;
  }
}

std::vector<int> DeviceBodies::ids(cudaStream_t s) const { return download_array(now_.id.data(), n_, s); }

void DeviceBodies::upload_accelerations(const HostBodies& b, cudaStream_t s) {
  const std::vector<int> id = ids(s);
  std::vector<float4> acc(n_);
  for (int k = 0; k < n_; ++k) {
    const int i = id[k];
    acc[k] = make_float4(b.ax[i], b.ay[i], b.az[i], b.pot[i]);
  }
  now_.acc.upload(acc.data(), n_, s);
}

}  // namespace galaxy::cuda
