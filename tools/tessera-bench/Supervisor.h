//===- Supervisor.h - Run jobs in a child process with a deadline -*- C++ -*-=//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// tessera-bench's watchdog. A hung kernel cannot be cancelled inside its
/// CUDA context, so the GPU work runs in a forked worker process that reports
/// over a pipe, one line per message, as it takes the jobs (configs) in
/// order. The supervisor gives each job a deadline; when one passes it kills
/// the worker, reports the job as timed out and forks a fresh worker for the
/// next job. A worker that dies (a crash) costs its job likewise. Normally one
/// worker runs every job: the cost is one fork and one CUDA initialisation
/// per run, not per job.
///
/// The supervisor must not have initialised CUDA before forking (a forked
/// child cannot use its parent's CUDA state); tessera-bench touches the GPU
/// only in workers.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_SUPERVISOR_H
#define TESSERA_TOOLS_BENCH_SUPERVISOR_H

#include "tessera/Runtime/Status.h"

#include <cstddef>
#include <functional>
#include <string>

namespace tessera {
namespace bench {

/// The worker's end of the pipe. Every message is one line.
class WorkerChannel {
public:
  explicit WorkerChannel(int fd) : fd_(fd) {}

  /// A line for the supervisor's `onNote` (e.g. which device the worker has).
  void note(const std::string &text);
  /// Job `job` starts now: its deadline runs from here.
  void begin(size_t job);
  /// Job `job` is done; `payload` goes to `onOutcome` (newlines become
  /// spaces).
  void finish(size_t job, const std::string &payload);
  /// Ends the whole run with `message` (e.g. there is no GPU).
  void abort(const std::string &message);

private:
  void send(const std::string &line);
  int fd_;
};

/// What became of one job.
struct JobOutcome {
  enum class Kind {
    Finished, ///< The worker sent `payload`.
    TimedOut, ///< Not finished before its deadline; the worker was killed.
    Crashed,  ///< The worker died while the job ran (`detail` says how).
  };
  Kind kind = Kind::Finished;
  std::string payload;
  std::string detail;
  double seconds = 0; ///< From the job's start (or the worker's) to the end.
};

struct SuperviseOptions {
  /// Seconds each job may take, from its `begin` (the first job of a worker
  /// also gets them for the worker's start-up). Must be positive.
  double timeoutSeconds = 60;
};

/// Runs in the forked worker: takes jobs `first`, `first + 1`, ... in order,
/// reporting through `channel`, and returns the worker's exit status (a
/// worker may stop early, e.g. when its GPU is hung: the supervisor then
/// forks another for the next job).
using WorkerMain = std::function<int(size_t first, WorkerChannel &channel)>;

/// Runs jobs 0 .. `count` - 1 under `worker`, calling `onNote` for each note
/// and `onOutcome` once per job, in job order. Returns an error with the
/// worker's message when a worker aborts (the remaining jobs get no outcome)
/// or when no worker can be forked.
runtime::Status
supervise(size_t count, const SuperviseOptions &options,
          const WorkerMain &worker,
          const std::function<void(const std::string &)> &onNote,
          const std::function<void(size_t, const JobOutcome &)> &onOutcome);

/// "exited with status 3", "killed by signal 11 (Segmentation fault)".
std::string describeExit(int waitStatus);

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_SUPERVISOR_H
