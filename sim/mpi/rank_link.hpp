// SPDX-License-Identifier: MIT
// RankLink over MPI_COMM_WORLD (rank_link.cpp): MPI for the small collectives, NCCL or host
// staging for device memory. Made by every rank together (collective).
#pragma once

#include <memory>
#include <string>

#include "cuda/device_rank.hpp"

namespace galaxy::mpi {

class MpiRankLink final : public RankLink {
 public:
  MpiRankLink();
  ~MpiRankLink() override;
  MpiRankLink(const MpiRankLink&) = delete;
  MpiRankLink& operator=(const MpiRankLink&) = delete;
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void min_floats(float* v, int count) override;
  void sum_doubles(double* v, int count) override;
  void all_gather(const void* mine, std::size_t bytes, void* all) override;
  void all_to_all(const std::uint64_t* send, std::uint64_t* recv) override;
  void exchange(const void* send, const std::uint64_t* send_bytes, void* recv,
                const std::uint64_t* recv_bytes, void* stream) override;
  bool exchange_queued() const override { return nccl_ != nullptr; }
  std::string path() const override { return path_; }

 private:
  struct Nccl;
  int rank_ = 0, size_ = 1;
  std::unique_ptr<Nccl> nccl_;
  std::string path_;
};

}  // namespace galaxy::mpi
