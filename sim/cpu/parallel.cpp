// SPDX-License-Identifier: MIT
// The pool behind parallel_tasks (parallel.hpp) and the thread count of threads.hpp.
//
// A loop is a job: its tasks are handed out by one atomic counter, the calling thread works too,
// and the caller waits only for the workers that joined the job, not for every worker to wake:
// on a busy machine a worker that gets no core for a while simply misses the job. Waiting
// threads spin for about kSpin pauses (a few microseconds: back-to-back stages then hand over
// without a system call) and then sleep in std::atomic::wait (a futex on Linux).
#include "cpu/parallel.hpp"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "threads.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GALAXY_PAUSE() _mm_pause()
#else
#define GALAXY_PAUSE() std::this_thread::yield()
#endif

namespace galaxy {
namespace cpu {
namespace {

constexpr int kSpin = 1000;  // pauses before sleeping (about 10 to 40 us)

int hardware_threads() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

using Task = std::function<void(int, int)>;

class Pool {
 public:
  Pool() = default;
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool() { stop_workers(); }

  int threads() const { return threads_; }

  void resize(int n) {
    n = std::max(1, n);
    if (n == threads_) return;
    stop_workers();
    threads_ = n;
    // The generation the workers start from is read here, not by them: a stop (or a job)
    // published before a new thread first runs must still wake it.
    const unsigned start = gen_.load();
    for (int t = 1; t < n; ++t) workers_.emplace_back([this, t, start] { worker(t, start); });
  }

  void run(int tasks, const Task& fn) {
    bool idle = false;
    // A second caller (another thread, or a task) while a job runs gets a serial loop.
    if (threads_ == 1 || tasks <= 1 || !busy_.compare_exchange_strong(idle, true)) {
      for (int t = 0; t < tasks; ++t) fn(t, 0);
      return;
    }
    fn_ = &fn;
    tasks_ = tasks;
    error_ = nullptr;
    next_.store(0);
    open_.store(true);
    gen_.fetch_add(1);
    gen_.notify_all();
    work(0);
    open_.store(false);
    for (int k = 0; k < kSpin && active_.load() != 0; ++k) GALAXY_PAUSE();
    for (int a = active_.load(); a != 0; a = active_.load()) active_.wait(a);
    std::exception_ptr error = error_;
    busy_.store(false);
    if (error) std::rethrow_exception(error);
  }

 private:
  void work(int thread) {
    for (int t = next_.fetch_add(1); t < tasks_; t = next_.fetch_add(1)) {
      try {
        (*fn_)(t, thread);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex_);
        if (!error_) error_ = std::current_exception();
      }
    }
  }

  void worker(int thread, unsigned seen) {
    for (;;) {
      for (int k = 0; k < kSpin && gen_.load() == seen; ++k) GALAXY_PAUSE();
      gen_.wait(seen);
      seen = gen_.load();
      if (stop_.load()) return;
      // Join, then look: a job closed before we joined is not ours to touch (its caller may
      // have returned), and the caller waits for every thread that joined an open job.
      active_.fetch_add(1);
      if (open_.load()) work(thread);
      if (active_.fetch_sub(1) == 1) active_.notify_all();
    }
  }

  void stop_workers() {
    stop_.store(true);
    gen_.fetch_add(1);
    gen_.notify_all();
    for (std::thread& w : workers_) w.join();
    workers_.clear();
    stop_.store(false);
    threads_ = 1;
  }

  int threads_ = 1;
  std::vector<std::thread> workers_;
  std::atomic<unsigned> gen_{0};
  std::atomic<bool> stop_{false}, open_{false}, busy_{false};
  std::atomic<int> active_{0}, next_{0};
  const Task* fn_ = nullptr;  // the open job (written before open_ is set)
  int tasks_ = 0;
  std::exception_ptr error_;
  std::mutex error_mutex_;
};

int requested_threads = 0;  // set_cpu_threads(); 0: automatic

Pool& pool() {
  static Pool p;
  const int want = requested_threads > 0 ? requested_threads : hardware_threads();
  if (p.threads() != want) p.resize(want);
  return p;
}

}  // namespace

void parallel_tasks(int tasks, const Task& task) {
  if (tasks <= 0) return;
  pool().run(tasks, task);
}

void parallel_for(std::size_t n, std::size_t grain,
                  const std::function<void(std::size_t, std::size_t, int)>& body) {
  if (n == 0) return;
  grain = std::max<std::size_t>(1, grain);
  const std::size_t threads = static_cast<std::size_t>(cpu_threads());
  const std::size_t chunks = std::max(std::min(threads, n), (n + grain - 1) / grain);
  parallel_tasks(static_cast<int>(chunks), [&](int t, int thread) {
    const std::size_t begin = n * std::size_t(t) / chunks, end = n * std::size_t(t + 1) / chunks;
    if (begin < end) body(begin, end, thread);
  });
}

}  // namespace cpu

void set_cpu_threads(int n) { cpu::requested_threads = std::max(0, n); }
int cpu_threads() { return cpu::pool().threads(); }

}  // namespace galaxy
