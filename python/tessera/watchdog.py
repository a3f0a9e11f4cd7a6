"""Watchdog: kernels that never finish (moved from tools/tessera_torch.py).

A kernel that never finishes (a deadlocked barrier, an mbarrier waited on
with the wrong parity) cannot be cancelled inside its CUDA context. The
watchdog runs benchmark and check jobs in a worker process with a deadline
per job (`Supervisor`, or `runner` to pick it or in-process by the timeout),
and `wait` is torch.cuda.synchronize() with a deadline:

    with tessera.watchdog.runner(check_one, timeout=60) as run:   # check_one(job) -> value
        for job in jobs:
            outcome = run.run(job, label=str(job))     # .status "done", "timeout",
            ...                                        # "crashed" or "error"

Needs neither torch nor a GPU except for `wait`.
"""

import ctypes
import dataclasses
import os
import signal
import sys
import time
import traceback

from .runtime import TesseraError, _torch


class KernelTimeout(TesseraError):
    """GPU work did not finish before its deadline (a hung kernel?)."""


# The message of the first wait that ran out of time in this process; after
# one, the GPU cannot be used again here (the kernel still runs).
_HUNG = None
# pollUntil's schedule (include/tessera/Runtime/Watchdog.h): a few polls
# without sleeping, then 10 us doubling up to 1 ms.
_SPIN_POLLS, _FIRST_SLEEP, _LONGEST_SLEEP = 16, 10e-6, 1e-3


def poll_until(done, timeout, clock=time.monotonic, sleep=time.sleep):
    """Calls done() until it returns true or `timeout` seconds pass (<= 0 or
    None: no limit); False when the time ran out. done() is called once more
    at the deadline."""
    limited = bool(timeout) and timeout > 0
    deadline = clock() + timeout if limited else 0.0
    pause, polls = _FIRST_SLEEP, 0
    while True:
        if done():
            return True
        now = clock()
        if limited and now >= deadline:
            return bool(done())
        pause_now = 0.0 if polls < _SPIN_POLLS else pause
        if polls >= _SPIN_POLLS:
            pause = min(pause * 2, _LONGEST_SLEEP)
        polls += 1
        sleep(min(pause_now, deadline - now) if limited else pause_now)


def gpu_hung():
    """The message of the wait that ran out of time in this process, or None."""
    return _HUNG


def _mark_hung(message):
    global _HUNG
    if _HUNG is None:
        _HUNG = message


def wait(timeout, stream=None, what="GPU work"):
    """torch.cuda.synchronize() with a deadline: polls an event recorded on
    `stream` (default: torch's current stream) for `timeout` seconds (<= 0 or
    None: blocks as synchronize() does), then synchronizes the device. Raises
    KernelTimeout when the time runs out; the process cannot use the GPU
    afterwards (later calls raise at once), so the caller reports and exits."""
    torch = _torch()
    if _HUNG is not None:
        raise KernelTimeout(f"{what}: the GPU cannot be used again in this process "
                            f"({_HUNG})")
    if timeout and timeout > 0:
        event = torch.cuda.Event()
        event.record(stream)
        if not poll_until(event.query, timeout):
            message = (f"{what} did not finish in {timeout:g} s (a hung kernel? it "
                       "cannot be stopped inside its CUDA context)")
            _mark_hung(message)
            raise KernelTimeout(message)
    torch.cuda.synchronize()


@dataclasses.dataclass
class Outcome:
    """What became of one job: status "done" (value is the handler's result),
    "error" (it raised; message is the exception), "timeout" (not finished
    in time; the worker was replaced) or "crashed" (the worker died)."""
    status: str
    value: object = None
    message: str = ""
    seconds: float = 0.0


def _die_with_parent():
    """A worker must not outlive its supervisor and keep a hung kernel."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


def _worker_main(conn, handler, init):
    """The worker process: init() once, then handler(job) per job received."""
    _die_with_parent()
    try:
        info = init() if init else None
    except BaseException:  # noqa: B902 -- reported to the supervisor
        conn.send(("error", traceback.format_exc()))
        return
    conn.send(("ready", info))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            kind, value = "done", handler(job)
        except KernelTimeout as error:
            kind, value = "timeout", str(error)
        except BaseException:  # noqa: B902 -- reported to the supervisor
            kind, value = "error", traceback.format_exc()
        sys.stdout.flush()
        hung = _HUNG is not None
        conn.send((kind, value, hung))
        if hung:
            sys.stderr.flush()
            os._exit(3)  # The GPU is lost here; the supervisor starts another.


def _exit_text(exitcode):
    if exitcode is None:
        return "did not exit"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = "?"
        return f"was killed by signal {-exitcode} ({name})"
    return f"exited with status {exitcode}"


def _last_line(text):
    lines = [line for line in str(text).strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


class Supervisor:
    """Runs jobs one at a time in a worker process (multiprocessing, spawn),
    each with a deadline. handler(job) runs in the worker and returns a
    picklable value (plain data: a dict, not a class of a script); init(),
    if given, runs once per worker first (import torch, open the GPU) and its
    result is `info`. A job that does not finish in time gets a "timeout"
    outcome and the worker is killed; the next job gets a fresh worker, as
    does the one after a crash. Normally one worker runs every job.
    handler and init must be module-level functions."""

    def __init__(self, handler, timeout, init=None, startup_timeout=None):
        if not timeout or timeout <= 0:
            raise ValueError("Supervisor needs a positive timeout (use InProcess)")
        self.handler, self.init, self.timeout = handler, init, timeout
        self.startup_timeout = startup_timeout or max(timeout, 300)
        self.info = None
        self.workers_started = 0
        self._process = self._conn = None

    def start(self):
        """Starts the worker now (run() does when there is none); None when it
        is ready, else the failed Outcome."""
        return self._start() if self._process is None else None

    def _start(self):
        """Starts a worker; None when it is ready, else the failed Outcome."""
        import multiprocessing
        context = multiprocessing.get_context("spawn")
        conn, child_conn = context.Pipe()
        process = context.Process(target=_worker_main, args=(child_conn, self.handler,
                                                             self.init), daemon=True)
        started = time.monotonic()
        process.start()
        child_conn.close()
        self.workers_started += 1
        self._process, self._conn = process, conn
        if not conn.poll(self.startup_timeout):
            self._kill()
            return Outcome("timeout", message=f"the worker did not start in "
                           f"{self.startup_timeout:g} s", seconds=time.monotonic() - started)
        try:
            kind, payload = conn.recv()
        except (EOFError, OSError):
            return self._crashed(started, "while starting")
        if kind != "ready":
            self._kill()
            return Outcome("error", message="the worker failed to start: "
                           + _last_line(payload), seconds=time.monotonic() - started)
        self.info = payload
        return None

    def _kill(self):
        if self._process is not None:
            self._process.kill()
            self._process.join(30)
            self._conn.close()
        self._process = self._conn = None

    def _crashed(self, started, when):
        self._process.join(30)
        text = _exit_text(self._process.exitcode)
        self._kill()
        return Outcome("crashed", message=f"the worker process {text} {when}",
                       seconds=time.monotonic() - started)

    def run(self, job, timeout=None, label=None):
        """Runs one job; `timeout` (default: the supervisor's) in seconds,
        `label` names the job in messages ("TIMEOUT: <label> did not finish
        in N s")."""
        timeout = self.timeout if timeout is None else timeout
        label = label if label is not None else str(job)
        if self._process is None:
            failed = self._start()
            if failed is not None:
                failed.message = f"{label}: {failed.message}"
                return failed
        started = time.monotonic()
        try:
            self._conn.send(job)
        except (BrokenPipeError, OSError):
            return self._crashed(started, f"before running {label}")
        if not self._conn.poll(timeout):
            self._kill()
            return Outcome("timeout", message=f"TIMEOUT: {label} did not finish in "
                           f"{timeout:g} s (the worker was killed)",
                           seconds=time.monotonic() - started)
        try:
            kind, value, hung = self._conn.recv()
        except (EOFError, OSError):
            return self._crashed(started, f"while running {label}")
        seconds = time.monotonic() - started
        if hung:  # The worker exits by itself; the next job gets a new one.
            self._process.join(30)
            self._kill()
        if kind == "timeout":
            return Outcome("timeout", message=f"TIMEOUT: {label} did not finish in "
                           f"{timeout:g} s ({value})", seconds=seconds)
        if kind == "error":
            return Outcome("error", message=_last_line(value), value=value,
                           seconds=seconds)
        return Outcome("done", value=value, seconds=seconds)

    def close(self):
        """Stops the worker."""
        if self._process is not None:
            try:
                self._conn.close()
            except OSError:
                pass
            self._process.join(5)
        self._kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class InProcess:
    """Supervisor's interface without a worker: jobs run in this process (no
    deadline beyond what `wait` enforces). For --timeout 0 and for running
    under compute-sanitizer."""

    def __init__(self, handler, init=None):
        self.handler = handler
        self.info = init() if init else None
        self.workers_started = 0

    def start(self):
        return None

    def run(self, job, timeout=None, label=None):
        label = label if label is not None else str(job)
        started = time.monotonic()
        try:
            value = self.handler(job)
        except KernelTimeout as error:
            return Outcome("timeout", message=f"TIMEOUT: {label}: {error}",
                           seconds=time.monotonic() - started)
        except Exception as error:  # Reported like a worker's error.
            return Outcome("error", message=_last_line(f"{type(error).__name__}: {error}"),
                           value=traceback.format_exc(), seconds=time.monotonic() - started)
        return Outcome("done", value=value, seconds=time.monotonic() - started)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def runner(handler, timeout, init=None):
    """A Supervisor with `timeout` seconds per job, or InProcess when the
    timeout is 0 (or None)."""
    if timeout and timeout > 0:
        return Supervisor(handler, timeout, init)
    return InProcess(handler, init)


def exit_now(status):
    """Exits at once (os._exit after flushing) when the GPU is hung here: the
    normal exit would wait for the hung kernel. Else sys.exit(status)."""
    if _HUNG is not None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)
