//===- Watchdog.cpp - Waits with a deadline for kernels that hang ---------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/Watchdog.h"

#include "HangState.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

namespace tessera {
namespace runtime {

namespace {

/// Polls before the first sleep: a kernel that is about to finish costs no
/// sleep at all.
constexpr int kSpinPolls = 16;
constexpr double kFirstSleep = 10e-6;
constexpr double kLongestSleep = 1e-3;

std::atomic<double> &timeoutSetting() {
  static std::atomic<double> seconds{0.0};
  return seconds;
}

std::atomic<bool> hung{false};

std::mutex &reasonMutex() {
  static std::mutex mutex;
  return mutex;
}

std::string &reason() {
  static std::string text;
  return text;
}

} // namespace

const WaitClock &WaitClock::steady() {
  static const WaitClock clock{
      [] {
        return std::chrono::duration<double>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
      },
      [](double seconds) {
        if (seconds <= 0)
          std::this_thread::yield();
        else
          std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
      }};
  return clock;
}

bool pollUntil(const std::function<bool()> &done, double timeoutSeconds,
               const WaitClock &clock) {
  bool limited = timeoutSeconds > 0;
  double deadline = limited ? clock.now() + timeoutSeconds : 0;
  double pause = kFirstSleep;
  for (int polls = 0;; ++polls) {
    if (done())
      return true;
    double now = clock.now();
    if (limited && now >= deadline)
      return done(); // One last look: it may have finished while we slept.
    double sleep = polls < kSpinPolls ? 0 : pause;
    if (polls >= kSpinPolls)
      pause = std::min(pause * 2, kLongestSleep);
    if (limited)
      sleep = std::min(sleep, deadline - now);
    clock.sleep(sleep);
  }
}

void setWaitTimeout(double seconds) {
  timeoutSetting().store(std::isfinite(seconds) && seconds > 0 ? seconds : 0);
}

double waitTimeout() { return timeoutSetting().load(); }

bool gpuHung() { return hung.load(std::memory_order_relaxed); }

std::string gpuHungReason() {
  std::lock_guard<std::mutex> lock(reasonMutex());
  return reason();
}

Status markGpuHung(const std::string &message) {
  {
    std::lock_guard<std::mutex> lock(reasonMutex());
    if (reason().empty())
      reason() = message;
  }
  hung.store(true);
  return Status::error(message);
}

Status checkGpuNotHung(const std::string &what) {
  if (!gpuHung())
    return Status::success();
  return Status::error(what + ": the GPU cannot be used again in this " +
                       "process after an earlier timeout (" +
                       gpuHungReason() + ")");
}

} // namespace runtime
} // namespace tessera
