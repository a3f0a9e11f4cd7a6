"""Checks tools/tessera_torch.py's watchdog without torch or a GPU (run by
test/Runtime/tessera-torch-watchdog.test): poll_until against a fake clock,
and the Supervisor against jobs that hang, crash, raise, or report a hung GPU.

usage: python3 watchdog_check.py TOOLS_DIR
"""
import os
import sys
import time

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else os.environ["TESSERA_TOOLS"])
import tessera_torch as tt  # noqa: E402


class FakeClock:
    def __init__(self):
        self.time, self.sleeps = 100.0, []

    def now(self):
        return self.time

    def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.time += seconds


def check_poll():
    clock = FakeClock()
    calls = []
    assert tt.poll_until(lambda: calls.append(1) or len(calls) == 3, 5, clock.now, clock.sleep)
    assert clock.sleeps == [0.0, 0.0], clock.sleeps
    clock = FakeClock()
    assert not tt.poll_until(lambda: False, 2.5, clock.now, clock.sleep)
    assert abs(clock.time - 102.5) < 1e-9 and max(clock.sleeps) <= 1e-3, clock.time
    clock = FakeClock()
    assert tt.poll_until(lambda: clock.time >= 101, 1, clock.now, clock.sleep)
    print("poll_until: ok")


def handler(job):
    """Runs in the worker."""
    if job == "hang":
        time.sleep(3600)
    if job == "crash":
        os._exit(7)
    if job == "raise":
        raise ValueError("bad job")
    if job == "gpu-hung":  # What tt.wait does when its deadline passes.
        tt._mark_hung("fake kernel did not finish in 0.1 s")
        raise tt.KernelTimeout("fake kernel did not finish in 0.1 s")
    return {"job": job, "pid": os.getpid()}


def init():
    return {"pid": os.getpid()}


def check_supervisor():
    jobs = [1, "hang", 2, "crash", "raise", 3, "gpu-hung", 4]
    started = time.monotonic()
    pids = set()
    with tt.Supervisor(handler, timeout=1.0, init=init) as supervisor:
        for job in jobs:
            outcome = supervisor.run(job, label=f"job {job}")
            if outcome.status == "done":
                pids.add(outcome.value["pid"])
                assert outcome.value["pid"] == supervisor.info["pid"]
            print(f"{job}: {outcome.status}: {outcome.message}")
        workers = supervisor.workers_started
    # A fresh worker after the hang, the crash and the hung GPU; not after
    # the exception.
    print(f"workers started: {workers}, distinct pids of done jobs: {len(pids)}")
    assert time.monotonic() - started < 60


def check_in_process():
    with tt.runner(handler, timeout=0) as run:
        print("in process:", run.run(5).status, run.run("raise").message)


if __name__ == "__main__":
    check_poll()
    check_supervisor()
    check_in_process()
