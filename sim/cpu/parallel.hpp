// SPDX-License-Identifier: MIT
// The CPU backend's thread pool: parallel loops whose tasks are taken from a shared counter, so a
// thread that the machine takes away (a busy neighbour, the render thread) costs the loop only
// the task it holds, and waiting threads sleep (a few microseconds of spinning, then a futex)
// instead of spinning through their time slice as OpenMP's default wait policy does.
#pragma once

#include <cstddef>
#include <functional>

namespace galaxy::cpu {

// Calls task(t, thread) for every t in [0, tasks) on the pool's threads and the calling one;
// `thread` is in [0, cpu_threads()) and no two concurrent calls share it (per-thread scratch).
// Returns when every task has finished. Not reentrant: a task must not call parallel_tasks.
// An exception from a task is rethrown here (the first one; the other tasks still run).
void parallel_tasks(int tasks, const std::function<void(int task, int thread)>& task);

// Splits [0, n) into chunks of about `grain` (at least one chunk a thread when n allows) and calls
// body(begin, end, thread) for each.
void parallel_for(std::size_t n, std::size_t grain,
                  const std::function<void(std::size_t begin, std::size_t end, int thread)>& body);

}  // namespace galaxy::cpu
