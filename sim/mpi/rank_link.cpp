// SPDX-License-Identifier: MIT
// The ranks' collectives for device ranks (cuda/device_rank.hpp's RankLink): small things through
// MPI; the bodies' migration and the local essential trees device to device through NCCL where
// every rank has a GPU of its own and libnccl.so.2 loads (Debian's libnccl2, the CUDA toolkit's,
// or the nvidia-nccl wheel's, found on the library path or named by GALAXY_NCCL), else through host
// memory and MPI (host staging: ranks sharing a GPU, or no NCCL), which the run reports. NCCL is
// loaded at run time so that a build without it, or a machine without it, still runs.
#include "mpi/rank_link.hpp"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#if GALAXY_HAVE_NCCL_H
#include <nccl.h>
#endif

#include "mpi/collectives.hpp"

namespace galaxy::mpi {

namespace {

void cuda_ok(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

// Whether two ranks share a GPU: each rank's host and PCI bus id, gathered.
bool gpus_shared() {
  struct Where {
    char host[MPI_MAX_PROCESSOR_NAME];
    char bus[32];
  } mine{};
  int len = 0, device = 0;
  MPI_Get_processor_name(mine.host, &len);
  cuda_ok(cudaGetDevice(&device), "cudaGetDevice");
  cuda_ok(cudaDeviceGetPCIBusId(mine.bus, sizeof mine.bus, device), "cudaDeviceGetPCIBusId");
  std::vector<Where> all(static_cast<std::size_t>(world_size()));
  MPI_Allgather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, MPI_COMM_WORLD);
  for (std::size_t a = 0; a < all.size(); ++a) {
    for (std::size_t b = a + 1; b < all.size(); ++b) {
      if (!std::strcmp(all[a].host, all[b].host) && !std::strcmp(all[a].bus, all[b].bus))
        return true;
    }
  }
  return false;
}

}  // namespace

#if GALAXY_HAVE_NCCL_H
// The NCCL functions used, from the library loaded at run time.
struct MpiRankLink::Nccl {
  void* lib = nullptr;
  ncclComm_t comm = nullptr;
  decltype(&ncclGetUniqueId) get_unique_id = nullptr;
  decltype(&ncclCommInitRank) init_rank = nullptr;
  decltype(&ncclCommAbort) abort = nullptr;
  decltype(&ncclGroupStart) group_start = nullptr;
  decltype(&ncclGroupEnd) group_end = nullptr;
  decltype(&ncclSend) send = nullptr;
  decltype(&ncclRecv) recv = nullptr;
  decltype(&ncclGetErrorString) error = nullptr;
  void check(ncclResult_t r, const char* what) const {
    if (r != ncclSuccess) throw std::runtime_error(std::string("NCCL ") + what + ": " + error(r));
  }
  // Loads the library; "" or why not.
  std::string load() {
    const char* named = std::getenv("GALAXY_NCCL");
    lib = dlopen(named ? named : "libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return std::string("libnccl.so.2 not found (") + dlerror() + ")";
    auto sym = [&](auto& f, const char* name) {
      f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(dlsym(lib, name));
      return f != nullptr;
    };
    const bool all = sym(get_unique_id, "ncclGetUniqueId") & sym(init_rank, "ncclCommInitRank") &
                     sym(abort, "ncclCommAbort") & sym(group_start, "ncclGroupStart") &
                     sym(group_end, "ncclGroupEnd") & sym(send, "ncclSend") &
                     sym(recv, "ncclRecv") & sym(error, "ncclGetErrorString");
    return all ? "" : "libnccl.so.2 lacks ncclSend or ncclRecv";
  }
};
#else
struct MpiRankLink::Nccl {};
#endif

MpiRankLink::MpiRankLink() : rank_(world_rank()), size_(world_size()) {
  std::string why;
  if (gpus_shared()) {
    why = "ranks share a GPU";
  } else {
#if GALAXY_HAVE_NCCL_H
    nccl_ = std::make_unique<Nccl>();
    why = nccl_->load();
#else
    why = "built without nccl.h";
#endif
  }
  // Every rank takes NCCL only where all can.
  int ok = why.empty() ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!ok && why.empty()) why = "another rank cannot load NCCL";
#if GALAXY_HAVE_NCCL_H
  if (ok) {
    setenv("NCCL_NVLS_ENABLE", "0", 0);  // NVLink multicast off unless asked for
    ncclUniqueId id;
    if (rank_ == 0) nccl_->check(nccl_->get_unique_id(&id), "ncclGetUniqueId");
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    nccl_->check(nccl_->init_rank(&nccl_->comm, size_, id, rank_), "ncclCommInitRank");
    path_ = "NCCL";
    return;
  }
#endif
  nccl_.reset();
  path_ = "host staging (" + why + ")";
}

// Not ncclCommDestroy: it finalizes with the other ranks, and the ranks do not end their runs
// together (rank 0's simulation goes while the others wait for its next command, which then hung
// both). No operation is in flight here: the device rank waits for every exchange it queues.
MpiRankLink::~MpiRankLink() {
#if GALAXY_HAVE_NCCL_H
  if (nccl_ && nccl_->comm) nccl_->abort(nccl_->comm);
#endif
}

void MpiRankLink::min_floats(float* v, int count) {
  MPI_Allreduce(MPI_IN_PLACE, v, count, MPI_FLOAT, MPI_MIN, MPI_COMM_WORLD);
}

void MpiRankLink::sum_doubles(double* v, int count) {
  MPI_Allreduce(MPI_IN_PLACE, v, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

void MpiRankLink::all_gather(const void* mine, std::size_t bytes, void* all) {
  MPI_Allgather(mine, static_cast<int>(bytes), MPI_BYTE, all, static_cast<int>(bytes), MPI_BYTE,
                MPI_COMM_WORLD);
}

void MpiRankLink::all_to_all(const std::uint64_t* send, std::uint64_t* recv) {
  MPI_Alltoall(send, 1, MPI_UINT64_T, recv, 1, MPI_UINT64_T, MPI_COMM_WORLD);
}

void MpiRankLink::exchange(const void* send, const std::uint64_t* send_bytes, void* recv,
                           const std::uint64_t* recv_bytes, void* stream) {
  auto s = static_cast<cudaStream_t>(stream);
  const auto k = static_cast<std::size_t>(size_);
  std::vector<std::uint64_t> send_at(k + 1, 0), recv_at(k + 1, 0);
  for (std::size_t r = 0; r < k; ++r) {
    send_at[r + 1] = send_at[r] + send_bytes[r], recv_at[r + 1] = recv_at[r] + recv_bytes[r];
  }
  const auto* from = static_cast<const unsigned char*>(send);
  auto* to = static_cast<unsigned char*>(recv);
#if GALAXY_HAVE_NCCL_H
  if (nccl_) {
    nccl_->check(nccl_->group_start(), "ncclGroupStart");
    for (std::size_t r = 0; r < k; ++r) {
      const int peer = static_cast<int>(r);
      if (send_bytes[r]) {
        nccl_->check(nccl_->send(from + send_at[r], send_bytes[r], ncclUint8, peer, nccl_->comm, s),
                     "ncclSend");
      }
      if (recv_bytes[r]) {
        nccl_->check(nccl_->recv(to + recv_at[r], recv_bytes[r], ncclUint8, peer, nccl_->comm, s),
                     "ncclRecv");
      }
    }
    nccl_->check(nccl_->group_end(), "ncclGroupEnd");
    return;  // queued on s (exchange_queued)
  }
#endif
  // Host staging: down, point to point in pieces of at most 1 GiB (MPI counts are ints), up.
  std::vector<unsigned char> out(send_at[k]), in(recv_at[k]);
  if (!out.empty())
    cuda_ok(cudaMemcpyAsync(out.data(), from, out.size(), cudaMemcpyDeviceToHost, s), "download");
  cuda_ok(cudaStreamSynchronize(s), "download");
  constexpr std::uint64_t kPiece = std::uint64_t(1) << 30;
  std::vector<MPI_Request> requests;
  for (std::size_t r = 0; r < k; ++r) {
    const int peer = static_cast<int>(r);
    for (std::uint64_t at = 0; at < recv_bytes[r]; at += kPiece) {
      requests.emplace_back();
      MPI_Irecv(in.data() + recv_at[r] + at, static_cast<int>(std::min(kPiece, recv_bytes[r] - at)),
                MPI_BYTE, peer, 7, MPI_COMM_WORLD, &requests.back());
    }
    for (std::uint64_t at = 0; at < send_bytes[r]; at += kPiece) {
      requests.emplace_back();
      MPI_Isend(out.data() + send_at[r] + at,
                static_cast<int>(std::min(kPiece, send_bytes[r] - at)), MPI_BYTE, peer, 7,
                MPI_COMM_WORLD, &requests.back());
    }
  }
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  if (!in.empty())
    cuda_ok(cudaMemcpyAsync(to, in.data(), in.size(), cudaMemcpyHostToDevice, s), "upload");
  cuda_ok(cudaStreamSynchronize(s), "upload");
}

}  // namespace galaxy::mpi
