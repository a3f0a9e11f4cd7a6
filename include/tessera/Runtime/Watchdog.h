//===- Watchdog.h - Waits with a deadline for kernels that hang -*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A kernel that never finishes (a deadlocked barrier, an mbarrier waited on
/// with the wrong parity) cannot be cancelled inside its CUDA context: the
/// context stays busy until the process exits. So the runtime's waits
/// (`synchronize`, `Module::time`) can be given a deadline: with
/// `setWaitTimeout(seconds)` they poll (cuStreamQuery / cuEventQuery, with a
/// back-off of at most 1 ms) instead of blocking, and one that runs out
/// returns an error instead of hanging. From then on the process's GPU is
/// "hung": launches, copies and waits fail at once with the first timeout's
/// message, and frees and unloads are skipped (they would block). The caller
/// reports the error and exits; tools that run many kernels run each in a
/// child process (tessera-bench, tools/peers.py), so that one hung kernel
/// costs one child, not the run.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_WATCHDOG_H
#define TESSERA_RUNTIME_WATCHDOG_H

#include <functional>
#include <string>

namespace tessera {
namespace runtime {

/// A monotonic clock in seconds and a sleep; tests pass fake ones.
struct WaitClock {
  std::function<double()> now;
  std::function<void(double seconds)> sleep;

  /// std::chrono::steady_clock and std::this_thread::sleep_for.
  static const WaitClock &steady();
};

/// Calls `done` until it returns true, sleeping between calls (no sleep for
/// the first few, then 10 us doubling up to 1 ms), for at most
/// `timeoutSeconds` (<= 0: no limit). Returns false when the time ran out.
/// `done` is called once more at the deadline, so work that finished while
/// the caller slept is not reported as a timeout.
bool pollUntil(const std::function<bool()> &done, double timeoutSeconds,
               const WaitClock &clock = WaitClock::steady());

/// Sets the deadline of the runtime's waits for the GPU, in seconds; 0 (the
/// default) blocks as long as the GPU takes. Process-wide. Negative or NaN
/// values are treated as 0.
void setWaitTimeout(double seconds);
double waitTimeout();

/// True once a wait ran out of time in this process: a kernel may still be
/// running, so the GPU cannot be used again until the process exits.
bool gpuHung();
/// The message of the wait that ran out first ("" when none has).
std::string gpuHungReason();

} // namespace runtime
} // namespace tessera

#endif // TESSERA_RUNTIME_WATCHDOG_H
