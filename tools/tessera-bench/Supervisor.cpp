//===- Supervisor.cpp - Run jobs in a child process with a deadline -------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Supervisor.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace tessera {
namespace bench {

using runtime::Status;

//===----------------------------------------------------------------------===//
// The worker's side
//===----------------------------------------------------------------------===//

void WorkerChannel::send(const std::string &line) {
  std::string text = line + "\n";
  const char *data = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t written = ::write(fd_, data, left);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return; // The supervisor is gone; it will not read us anyway.
    data += written;
    left -= static_cast<size_t>(written);
  }
}

void WorkerChannel::note(const std::string &text) { send("note " + text); }

void WorkerChannel::begin(size_t job) { send("begin " + std::to_string(job)); }

void WorkerChannel::finish(size_t job, const std::string &payload) {
  std::string line = payload;
  std::replace(line.begin(), line.end(), '\n', ' ');
  send("end " + std::to_string(job) + " " + line);
}

void WorkerChannel::abort(const std::string &message) {
  std::string line = message;
  std::replace(line.begin(), line.end(), '\n', ' ');
  send("abort " + line);
}

//===----------------------------------------------------------------------===//
// The supervisor's side
//===----------------------------------------------------------------------===//

namespace {

/// How long a killed worker may take to go away before we stop waiting for
/// it (the driver tears its context down, which kills the hung kernel).
constexpr double kReapSeconds = 30;

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string pending; ///< Bytes read after the last full line.
};

runtime::Expected<Worker> spawn(size_t first, const WorkerMain &main) {
  int fds[2];
  if (::pipe(fds) != 0)
    return Status::error(std::string("creating a pipe for a worker: ") +
                         std::strerror(errno));
  // Buffered output would be written twice (by us and by the child).
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    int error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return Status::error(std::string("forking a worker: ") +
                         std::strerror(error));
  }
  if (pid == 0) {
    ::close(fds[0]);
#ifdef __linux__
    // A worker must not outlive its supervisor (e.g. killed by a step's
    // timeout) and keep a hung kernel on the GPU.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (::getppid() != parent)
      ::_exit(1);
    WorkerChannel channel(fds[1]);
    int status = 70;
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
    try {
      status = main(first, channel);
    } catch (...) {
      channel.abort("internal error: a C++ exception escaped the worker");
    }
#else
    status = main(first, channel);
#endif
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    ::_exit(status);
  }
  ::close(fds[1]);
  ::fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  Worker worker;
  worker.pid = pid;
  worker.fd = fds[0];
  return worker;
}

enum class ReadResult { Line, EndOfFile, Timeout };

/// Reads one line from the worker before `deadline` (in now() seconds).
ReadResult readLine(Worker &worker, double deadline, std::string &line) {
  for (;;) {
    size_t newline = worker.pending.find('\n');
    if (newline != std::string::npos) {
      line = worker.pending.substr(0, newline);
      worker.pending.erase(0, newline + 1);
      return ReadResult::Line;
    }
    double left = deadline - now();
    if (left <= 0)
      return ReadResult::Timeout;
    struct pollfd request = {worker.fd, POLLIN, 0};
    int milliseconds =
        static_cast<int>(std::ceil(std::min(left, 3600.0) * 1000));
    int ready = ::poll(&request, 1, milliseconds);
    if (ready < 0 && errno != EINTR)
      return ReadResult::EndOfFile;
    if (ready <= 0)
      continue;
    char chunk[65536];
    ssize_t count = ::read(worker.fd, chunk, sizeof(chunk));
    if (count < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (count <= 0)
      return ReadResult::EndOfFile;
    worker.pending.append(chunk, static_cast<size_t>(count));
  }
}

/// Closes the pipe and waits for the worker (killing it first if asked),
/// for at most kReapSeconds. Returns its wait status (0 if it never went).
int reap(Worker &worker, bool kill) {
  if (kill)
    ::kill(worker.pid, SIGKILL);
  ::close(worker.fd);
  worker.fd = -1;
  int status = 0;
  double deadline = now() + kReapSeconds;
  for (;;) {
    pid_t done = ::waitpid(worker.pid, &status, WNOHANG);
    if (done == worker.pid || (done < 0 && errno != EINTR))
      return status;
    if (now() > deadline) {
      std::cerr << "tessera-bench: warning: worker " << worker.pid
                << " did not exit " << kReapSeconds
                << " s after SIGKILL; going on without it\n";
      return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

/// Splits "end 3 payload" into the job number and the rest.
bool parseJob(const std::string &text, size_t &job, std::string &rest) {
  char *end = nullptr;
  errno = 0;
  unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str() || errno == ERANGE)
    return false;
  job = static_cast<size_t>(value);
  rest = *end == ' ' ? std::string(end + 1) : std::string(end);
  return true;
}

} // namespace

std::string describeExit(int waitStatus) {
  if (WIFEXITED(waitStatus))
    return "exited with status " + std::to_string(WEXITSTATUS(waitStatus));
  if (WIFSIGNALED(waitStatus)) {
    int signal = WTERMSIG(waitStatus);
    const char *name = ::strsignal(signal);
    return "killed by signal " + std::to_string(signal) +
           (name ? std::string(" (") + name + ")" : std::string());
  }
  return "ended with wait status " + std::to_string(waitStatus);
}

Status
supervise(size_t count, const SuperviseOptions &options,
          const WorkerMain &worker,
          const std::function<void(const std::string &)> &onNote,
          const std::function<void(size_t, const JobOutcome &)> &onOutcome) {
  if (!(options.timeoutSeconds > 0))
    return Status::error("supervise: the timeout must be positive");
  size_t next = 0; // The first job without an outcome.
  while (next < count) {
    runtime::Expected<Worker> spawned = spawn(next, worker);
    if (!spawned.ok())
      return spawned.status();
    Worker child = spawned.take();
    double started = now();
    bool running = false;     // A job has begun and not finished.
    bool finishedAny = false; // This worker finished a job.
    for (;;) {
      std::string line;
      double deadline = started + options.timeoutSeconds;
      ReadResult read = readLine(child, deadline, line);
      if (read == ReadResult::Timeout) {
        reap(child, /*kill=*/true);
        if (next < count) {
          JobOutcome outcome;
          outcome.kind = JobOutcome::Kind::TimedOut;
          outcome.seconds = now() - started;
          onOutcome(next++, outcome);
        }
        break;
      }
      if (read == ReadResult::EndOfFile) {
        int status = reap(child, /*kill=*/false);
        // A worker that stops between jobs after finishing some (e.g. its
        // GPU is hung) is replaced; one that dies in a job, or before any,
        // costs that job.
        if (next < count && (running || !finishedAny)) {
          JobOutcome outcome;
          outcome.kind = JobOutcome::Kind::Crashed;
          outcome.detail = "the worker process " + describeExit(status);
          outcome.seconds = now() - started;
          onOutcome(next++, outcome);
        }
        break;
      }
      size_t space = line.find(' ');
      std::string type = line.substr(0, space);
      std::string text = space == std::string::npos ? "" : line.substr(space + 1);
      size_t job = 0;
      std::string rest;
      if (type == "note") {
        onNote(text);
      } else if (type == "abort") {
        reap(child, /*kill=*/true);
        return Status::error(text.empty() ? "a worker gave up" : text);
      } else if (type == "begin" && parseJob(text, job, rest) && job == next) {
        running = true;
        started = now();
      } else if (type == "end" && parseJob(text, job, rest) && job == next) {
        JobOutcome outcome;
        outcome.payload = rest;
        outcome.seconds = now() - started;
        onOutcome(next++, outcome);
        running = false;
        finishedAny = true;
        started = now(); // The gap to the next begin counts for that job.
      }
      // Anything else (a stray line) is ignored.
    }
  }
  return Status::success();
}

} // namespace bench
} // namespace tessera
