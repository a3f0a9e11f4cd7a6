"""tools/peers.py's alternating rounds, with a fake job runner (no GPU): the
order jobs run in, each one's median, a failure ending a job's rounds; then a
shape's sweep and rounds through run_shape on a fake worker pool."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
import peers  # noqa: E402

# Each job's times, one a round; "x" fails that round (a mismatch).
TIMES = {"tessera": [1.0, 3.0, 2.0], "cudnn": [2.0, 2.5, 9.0], "flash": [4.0, "x", 4.0]}
calls = []


def run(job):
    value = TIMES[job][sum(1 for c in calls if c == job)]
    calls.append(job)
    if value == "x":
        return peers.Result(job, status="mismatch", note="round 2 mismatched")
    return peers.Result(job, status="ok", ms=value, tflops=100.0 / value, note="sweep")


results = peers.alternate_rounds(run, ["tessera", "cudnn", "flash"], 3)
print("order:", " ".join(calls))
for r in results:
    print(f"{r.peer}: {r.status} ms={r.ms:g} tflops={r.tflops:g} note={r.note}")
calls.clear()
once = peers.alternate_rounds(run, ["tessera", "cudnn"], 1)
print("once:", " ".join(calls), " ".join(f"{r.peer}={r.ms:g} {r.note}" for r in once))

# run_shape with a fake worker pool: the sweep of three configs picks the
# two fastest (b, then a), then they and SDPA's two backends are timed in
# two rounds (the second starting one job later; only the rounds' jobs rest
# before their timing); a, slower in the sweep, has the faster median of the
# rounds.
# With --finalists 1 only the sweep's fastest (b) goes into the rounds; a
# finalist that fails a round fails the row.
import argparse  # noqa: E402
import dataclasses  # noqa: E402
from types import SimpleNamespace  # noqa: E402

MS = {"a.json": [2.0, 1.0, 1.2], "b.json": [1.0, 1.5, 1.1], "c.json": [3.0],
      "FLASH_ATTENTION": [3.0, 3.2], "CUDNN_ATTENTION": [1.2, 1.0]}
jobs = []
MISMATCH = set()  # (manifest, nth run) that mismatch


class Pool:
    def run(self, job, timeout=None, label=""):
        key = job.get("manifest", job.get("backend"))
        nth = sum(1 for j in jobs if j.rstrip("*") == key)
        jobs.append(key + ("*" if job["settings"]["rest_ms"] else ""))  # *: rests first
        ms = MS[key][nth]
        result = peers.Result(job["peer"], status="ok", config=label, ms=ms, tflops=10 / ms,
                              manifest=job.get("manifest", ""))
        if (key, nth) in MISMATCH:
            result = dataclasses.replace(result, status="mismatch", ms=float("nan"),
                                         note=f"{key} mismatched")
        return SimpleNamespace(status="done", value=dataclasses.asdict(result))


configs = [SimpleNamespace(causal=False, head_dim=64, config=n[0], path=Path(n), kernel="fa2")
           for n in ("a.json", "b.json", "c.json")]


def shape_rows(finalists):
    jobs.clear()
    args = argparse.Namespace(no_peers=False, no_triton=True, rounds=2, timeout=0, warmup=1,
                              iters=5, budget_ms=10, rest_ms=250, atol=0.02, seed=0, finalists=finalists)
    rows, sweep = peers.run_shape(peers.Shape(1, 1, 64, 64, False), configs, [], args, Pool())
    print("jobs:", " ".join(jobs))
    for r in rows:
        print(f"{r.peer}: {r.status} {r.ms:g} {r.manifest} | {r.note}")
    print("sweep:", " ".join(f"{r.manifest}={r.ms:g}" for r in sweep))


shape_rows(2)
shape_rows(1)
MISMATCH.add(("a.json", 2))  # a's second round
shape_rows(2)
