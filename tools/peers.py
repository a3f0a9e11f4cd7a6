#!/usr/bin/env python3
"""Tessera FA2 (and FA1) against its peers, in one process, on the same tensors.

For each shape B,H,N,D (causal or not) this runs, on the same random fp16
q, k, v:
  - Tessera FA2 through the PyTorch bridge (tools/tessera_torch.py), every
    manifest whose HEAD_DIM and CAUSAL match the shape, keeping the fastest;
  - Tessera FA1 likewise, when --fa1 is given;
  - PyTorch SDPA with the flash backend and with the cudnn backend;
  - a plain Triton FA2 forward kernel (below), autotuned over a few configs.
Every output is checked against an fp64 math reference (softmax(q kᵀ s) v)
on a few batch-heads, within --atol, and must be finite everywhere. Times are
medians of CUDA-event-timed launches after warm-up (inout tensors are reset
outside the timed region), TFLOP/s = 4·B·H·N²·D / time, halved when causal.
The sweep picks each Tessera kernel's --finalists fastest configs; then they
and every peer are timed once a round in --rounds alternating rounds (each
checked again, each round starting one job later, each timing after
--rest-ms of idle GPU), and each reports the median of its rounds (a kernel
the fastest median of its finalists), so that the GPU's clocks drifting
during the run (power, heat) fall on all of them alike, none inherits the
clocks a power-capped GPU lowered for the job before it, and a config that
the sweep timed in a slow moment is not lost to one timed in a fast one.
Prints a table with Tessera FA2's ratio to each peer and writes peers.csv,
peers.json, peers.md and peers.png under --out. Exit status 1 on any
mismatch or failed run. With --no-peers only the Tessera kernels run: a
tuning sweep whose peers.json lists every config (test/gpu/run_all.sh uses
it for its tables). See docs/pytorch.md.

Watchdog: the GPU work runs in a worker process (tessera_torch.Supervisor)
that takes one job (a config or peer at a shape) at a time, each with a
deadline of --timeout seconds (the Triton peer, which autotunes on its first
call, TRITON_TIMEOUT_FACTOR times that). A job that does not finish (a hung
kernel) is reported as TIMEOUT, the worker is killed, and a fresh worker
takes the next job; normally one worker runs them all. --timeout 0 runs
everything in this process with blocking waits.
"""

import argparse
import contextlib
import csv
import dataclasses
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tessera_torch as tt  # noqa: E402  (puts python/ on sys.path)
from tessera.testing import attention_reference  # noqa: E402

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None
try:  # SDPA restricted to one backend (PyTorch 2.x).
    from torch.nn.attention import SDPBackend, sdpa_kernel
except ImportError:
    SDPBackend = sdpa_kernel = None
try:
    import triton
    import triton.language as tl
except ImportError:
    triton = None

DEFAULT_SHAPES = ["1,32,2048,64", "4,32,2048,64", "4,32,2048,64,causal", "16,32,2048,64",
                  "8,16,2048,128", "2,16,8192,128", "2,16,8192,128,causal",
                  "1,16,16384,128"]
# (BLOCK_M, BLOCK_N, num_warps, num_stages) of the Triton FA2 autotuning.
TRITON_CONFIGS = [(128, 64, 4, 3), (128, 64, 8, 3), (128, 128, 8, 3), (128, 128, 8, 2),
                  (128, 32, 4, 4), (64, 64, 4, 3), (64, 32, 4, 4)]
# The Triton job compiles every config above on its first call per key.
TRITON_TIMEOUT_FACTOR = 5


# ----------------------------------------------------------------------------
# The plain Triton FA2 forward kernel
# ----------------------------------------------------------------------------

if triton is not None:

    @triton.jit
    def _fa2_key_blocks(acc, l_i, m_i, q, K, V, base, stride_n, start, end, N, offs_m,
                        offs_n, offs_d, qk_scale, MASK: tl.constexpr,
                        CAUSAL: tl.constexpr, BLOCK_N: tl.constexpr):
        """Online softmax over key blocks [start, end); masks only if MASK."""
        for start_n in range(start, end, BLOCK_N):
            keys = start_n + offs_n
            kv_offs = base + keys[:, None] * stride_n + offs_d[None, :]
            if MASK:
                k = tl.load(K + kv_offs, mask=keys[:, None] < N, other=0.0)
                v = tl.load(V + kv_offs, mask=keys[:, None] < N, other=0.0)
            else:
                k = tl.load(K + kv_offs)
                v = tl.load(V + kv_offs)
            s = tl.dot(q, tl.trans(k)) * qk_scale  # base-2 logits
            if MASK:
                visible = keys[None, :] < N
                if CAUSAL:
                    visible = visible & (keys[None, :] <= offs_m[:, None])
                s = tl.where(visible, s, float("-inf"))
            m_new = tl.maximum(m_i, tl.max(s, 1))
            p = tl.math.exp2(s - m_new[:, None])
            alpha = tl.math.exp2(m_i - m_new)
            l_i = l_i * alpha + tl.sum(p, 1)
            acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
            m_i = m_new
        return acc, l_i, m_i

    @triton.autotune(
        configs=[triton.Config({"BLOCK_M": m, "BLOCK_N": n}, num_warps=w, num_stages=s)
                 for m, n, w, s in TRITON_CONFIGS],
        key=["BH", "N", "HEAD_DIM", "CAUSAL"])
    @triton.jit
    def _triton_fa2(Q, K, V, Out, Lse, sm_scale, BH, N, stride_bh, stride_n,
                    HEAD_DIM: tl.constexpr, CAUSAL: tl.constexpr,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
        """FA2 forward: grid (cdiv(N, BLOCK_M), BH), accumulator on chip."""
        start_m = tl.program_id(0) * BLOCK_M
        bh = tl.program_id(1).to(tl.int64)
        offs_m = start_m + tl.arange(0, BLOCK_M)
        offs_n = tl.arange(0, BLOCK_N)
        offs_d = tl.arange(0, HEAD_DIM)
        base = bh * stride_bh
        q_offs = base + offs_m[:, None] * stride_n + offs_d[None, :]
        q = tl.load(Q + q_offs, mask=offs_m[:, None] < N, other=0.0)
        qk_scale = sm_scale * 1.4426950408889634  # log2(e) folded in
        m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
        l_i = tl.zeros([BLOCK_M], tl.float32)
        acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
        # Key blocks below full_end need no mask; [full_end, end) holds the
        # diagonal and the ragged tail.
        if CAUSAL:
            full_end = tl.minimum(start_m, N) // BLOCK_N * BLOCK_N
            end = tl.minimum(start_m + BLOCK_M, N)
        else:
            full_end = N // BLOCK_N * BLOCK_N
            end = N
        acc, l_i, m_i = _fa2_key_blocks(acc, l_i, m_i, q, K, V, base, stride_n, 0,
                                        full_end, N, offs_m, offs_n, offs_d, qk_scale,
                                        False, CAUSAL, BLOCK_N)
        acc, l_i, m_i = _fa2_key_blocks(acc, l_i, m_i, q, K, V, base, stride_n,
                                        full_end, end, N, offs_m, offs_n, offs_d,
                                        qk_scale, True, CAUSAL, BLOCK_N)
        tl.store(Out + q_offs, (acc / l_i[:, None]).to(tl.float16),
                 mask=offs_m[:, None] < N)
        tl.store(Lse + bh * N + offs_m, (m_i + tl.math.log2(l_i)) * 0.6931471805599453,
                 mask=offs_m < N)


def triton_fa2(q, k, v, out, lse, causal, sm_scale):
    """Launches the Triton kernel on [B*H, N, D] views of q, k, v, out."""
    bh, n, d = q.shape
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_M"]), bh)  # noqa: E731
    _triton_fa2[grid](q, k, v, out, lse, sm_scale, bh, n, q.stride(0), q.stride(1),
                      HEAD_DIM=d, CAUSAL=causal)


def triton_config():
    """The autotuner's choice for the last key it tuned, as a label."""
    config = _triton_fa2.best_config
    return (f"{config.kwargs['BLOCK_M']}x{config.kwargs['BLOCK_N']} "
            f"w{config.num_warps} s{config.num_stages}")


# ----------------------------------------------------------------------------
# Shapes, inputs, reference, checks, timing
# ----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Shape:
    B: int
    H: int
    N: int
    D: int
    causal: bool

    @property
    def flops(self):
        return 4 * self.B * self.H * self.N ** 2 * self.D / (2 if self.causal else 1)

    def __str__(self):
        return f"{self.B},{self.H},{self.N},{self.D}" + (" causal" if self.causal else "")


def parse_shape(text):
    """"B,H,N,D" or "B,H,N,D,causal" → Shape."""
    parts = text.split(",")
    causal = len(parts) == 5 and parts[4] in ("causal", "c", "1")
    try:
        if len(parts) not in (4, 5) or (len(parts) == 5 and not causal):
            raise ValueError
        b, h, n, d = (int(p) for p in parts[:4])
        if min(b, h, n, d) < 1:
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected B,H,N,D or B,H,N,D,causal with positive sizes, got {text!r}") from None
    return Shape(b, h, n, d, causal)


def positive_int(text):
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def milliseconds(text):
    """argparse type: a finite number of milliseconds >= 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"expected milliseconds >= 0, got {text!r}")
    return value


def find_manifests(paths, kernel):
    """Manifests of `kernel` in `paths` (JSON files, or folders searched recursively)."""
    found = []
    for path in map(Path, paths):
        if path.is_dir():
            for candidate in sorted(path.rglob("*.json")):
                try:
                    manifest = tt.Manifest.load(candidate)
                except tt.TesseraError:
                    continue  # Not a manifest (e.g. a results file).
                if manifest.kernel == kernel:
                    found.append(manifest)
        else:
            found.append(tt.Manifest.load(path))
    return found


def matching(manifests, shape):
    """The manifests whose HEAD_DIM (if fixed) and CAUSAL fit `shape`."""
    return [m for m in manifests
            if m.causal == shape.causal and m.head_dim in (None, shape.D)]


def make_inputs(shape, seed):
    """Random fp16 q, k, v [B, H, N, D], uniform in [-1, 1], never zero."""
    generator = torch.Generator(device="cuda").manual_seed(seed)
    tensors = []
    for _ in range(3):
        x = torch.empty(shape.B, shape.H, shape.N, shape.D, device="cuda")
        x.uniform_(-1, 1, generator=generator)
        x = x.half()
        tensors.append(x.masked_fill_(x == 0, 2.0 ** -10))
    return tensors


def check_heads(shape):
    """The (b, h) pairs checked against the reference: first, middle, last."""
    count = shape.B * shape.H
    return [divmod(i, shape.H) for i in sorted({0, count // 2, count - 1})]


def reference(q, k, v, shape, sm_scale):
    """fp64 reference (Out, natural-log Lse) on the check_heads pairs
    (tessera.testing.attention_reference)."""
    return {(b, h): attention_reference(q[b, h], k[b, h], v[b, h], sm_scale, shape.causal)
            for b, h in check_heads(shape)}


def max_error(out, lse, refs):
    """Largest |got - ref| over the reference heads (Out, and Lse if given);
    inf when any value of out (or lse) is not finite."""
    if not torch.isfinite(out).all() or (lse is not None and not torch.isfinite(lse).all()):
        return math.inf
    error = 0.0
    for (b, h), (ref_out, ref_lse) in refs.items():
        error = max(error, (out[b, h].double() - ref_out).abs().max().item())
        if lse is not None:
            error = max(error, (lse[b, h].double() - ref_lse).abs().max().item())
    return error


def event_times(fn, setup, count):
    """`count` CUDA-event times (ms) of fn(), each after an untimed setup()."""
    pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
             for _ in range(count)]
    for start, end in pairs:
        setup()
        start.record()
        fn()
        end.record()
    tt.wait(TIMEOUT, what="the timed launches")
    return [start.elapsed_time(end) for start, end in pairs]


def median_ms(fn, setup, args):
    """Median time of fn() in ms: args.rest_ms of idle GPU, warm-up, then up
    to args.iters timed launches, fewer when one launch is slow (about
    args.budget_ms of launches in all)."""
    if args.rest_ms > 0:
        # The GPU is idle here (the check waited for it). A power-capped GPU
        # slows its clocks within ~50 ms of full load and speeds them up again
        # only after a pause: without one, whatever runs right after a
        # power-hungry peer inherits its lower clocks.
        time.sleep(args.rest_ms / 1000)
    estimate = statistics.median(event_times(fn, setup, 3))
    warmup = max(1, min(args.warmup, int(0.2 * args.budget_ms / max(estimate, 1e-3))))
    event_times(fn, setup, warmup)
    iters = max(5, min(args.iters, int(args.budget_ms / max(estimate, 1e-3))))
    return statistics.median(event_times(fn, setup, iters))


# ----------------------------------------------------------------------------
# Peers
# ----------------------------------------------------------------------------

# Seconds tt.wait gives the GPU in this process (--timeout; 0: no limit).
TIMEOUT = 0.0


@dataclasses.dataclass
class Result:
    peer: str
    status: str = "error"  # "ok", "mismatch", "error" or "timeout"
    config: str = ""
    max_err: float = math.nan
    ms: float = math.nan
    tflops: float = math.nan
    note: str = ""
    manifest: str = ""  # Tessera only: the manifest's path.


def no_setup():
    pass


def measure(peer, shape, refs, args, check, timed, setup=no_setup, config=""):
    """Runs check() once, which returns (out [B,H,N,D], lse or None), compares
    them with refs, then times timed() with an untimed setup() before each."""
    result = Result(peer, config=config)
    try:
        out, lse = check()
        tt.wait(TIMEOUT, what="the checked launch")
        result.max_err = max_error(out, lse, refs)
        if not result.max_err <= args.atol:
            result.status = "mismatch"
            result.note = f"max abs error {result.max_err:.3g} > atol {args.atol:g}"
            return result
        result.ms = median_ms(timed, setup, args)
        result.tflops = shape.flops / (result.ms * 1e-3) / 1e12
        result.status = "ok"
    except tt.KernelTimeout:
        raise  # This process's GPU is lost: the supervisor reports it.
    except Exception as error:  # Reported per peer; the others still run.
        result.note = error_note(error)
    return result


def error_note(error):
    """The first line of an exception, for tables."""
    return f"{type(error).__name__}: {error}".splitlines()[0][:300]


def tessera_config(peer, manifest, shape, q, k, v, refs, args, modules):
    """One Tessera manifest at one shape (modules caches the loaded kernels)."""
    label = f"{manifest.config} ({manifest.path.name})"
    try:
        if manifest.path not in modules:
            modules[manifest.path] = tt.load(manifest.path)
        call = tt.AttentionCall(modules[manifest.path], q, k, v, shape.causal)
    except Exception as error:
        return Result(peer, config=label, note=error_note(error),
                      manifest=str(manifest.path))

    def check():
        for name in ("Out", "Lse"):  # Poisoned: every element must be written.
            if name in call.tensors:
                call.tensors[name].fill_(math.nan)
        call()
        return call.out, call.lse

    result = measure(peer, shape, refs, args, check, call.launch, call.reinitialise, label)
    result.manifest = str(manifest.path)
    return result


def run_tessera(peer, manifests, shape, args, pool):
    """Every manifest matching the shape, each a job; returns (the fastest
    passing result, or the first failure, and all results)."""
    candidates = matching(manifests, shape)
    if not candidates:
        return Result(peer, status="skipped", note="no manifest with HEAD_DIM="
                      f"{shape.D} CAUSAL={int(shape.causal)}"), []
    results = []
    for m in candidates:
        config = f"{m.config} ({m.path.name})"
        job = {"kind": "tessera", "peer": peer, "manifest": str(m.path)}
        results.append(run_job(pool, job, shape, args, peer, f"{m.kernel} {config} {shape}",
                               config=config, manifest=str(m.path)))
    passing = finalists(results, 1)
    best = passing[0] if passing else results[0]
    if len(candidates) > 1:
        best = dataclasses.replace(best, note=(best.note + "; " if best.note else "")
                                   + f"fastest of {len(candidates)} configs")
    return best, results


def run_sdpa(peer, backend, shape, q, k, v, refs, args, sm_scale):
    """PyTorch SDPA restricted to one backend."""
    def sdpa():
        return F.scaled_dot_product_attention(q, k, v, is_causal=shape.causal,
                                              scale=sm_scale)

    with sdpa_kernel(backend):
        return measure(peer, shape, refs, args, lambda: (sdpa(), None), sdpa)


def run_triton(shape, q, k, v, refs, args, sm_scale):
    """The plain Triton FA2 (autotuned on its first call for this key)."""
    views = [t.view(-1, shape.N, shape.D) for t in (q, k, v)]
    out = torch.empty_like(views[0])
    lse = torch.empty(views[0].shape[:2], device="cuda", dtype=torch.float32)

    def run():
        triton_fa2(*views, out, lse, shape.causal, sm_scale)

    def check():
        out.fill_(math.nan)
        lse.fill_(math.nan)
        run()
        return out.view(q.shape), lse.view(q.shape[:-1])

    result = measure("Triton FA2", shape, refs, args, check, run)
    with contextlib.suppress(Exception):
        result.config = triton_config()
    return result


# ----------------------------------------------------------------------------
# Jobs: run in the worker process (or in this one with --timeout 0)
# ----------------------------------------------------------------------------

# The worker's state: the current shape's inputs and reference, loaded kernels.
_WORKER = {"key": None, "inputs": None, "modules": {}}


def worker_init():
    """Once per worker: the GPU, the runtime library; what the reports say
    about the setup."""
    torch.cuda.init()
    tt.library()
    return {"device": torch.cuda.get_device_name(), "torch": torch.__version__,
            "triton": triton.__version__ if triton else None}


def shape_inputs(shape, seed):
    """q, k, v and the reference of `shape`, made once per shape and worker."""
    if _WORKER["key"] != (shape, seed):
        _WORKER["key"] = _WORKER["inputs"] = None
        torch.cuda.empty_cache()
        q, k, v = make_inputs(shape, seed)
        refs = reference(q, k, v, shape, 1.0 / math.sqrt(shape.D))
        _WORKER["key"], _WORKER["inputs"] = (shape, seed), (q, k, v, refs)
    return _WORKER["inputs"]


def worker_job(job):
    """One job: a Tessera manifest, an SDPA backend or Triton at one shape.
    Returns the Result as a dict (plain data crosses the process boundary)."""
    global TIMEOUT
    args = argparse.Namespace(**job["settings"])
    TIMEOUT = args.timeout
    shape = Shape(**job["shape"])
    q, k, v, refs = shape_inputs(shape, args.seed)
    sm_scale = 1.0 / math.sqrt(shape.D)
    if job["kind"] == "tessera":
        result = tessera_config(job["peer"], tt.Manifest.load(job["manifest"]), shape, q, k,
                                v, refs, args, _WORKER["modules"])
    elif job["kind"] == "sdpa":
        result = run_sdpa(job["peer"], getattr(SDPBackend, job["backend"]), shape, q, k, v,
                          refs, args, sm_scale)
    else:
        result = run_triton(shape, q, k, v, refs, args, sm_scale)
    return dataclasses.asdict(result)


def run_job(pool, job, shape, args, peer, label, config="", manifest="", timeout=None,
            rest=False):
    """Runs `job` at `shape` in the pool; a Result even when it hung or crashed.
    With `rest` (the rounds) its timing starts after args.rest_ms of idle GPU;
    the sweep's configs, alike, follow each other without one."""
    settings = {key: getattr(args, key) for key in
                ("warmup", "iters", "budget_ms", "atol", "seed", "timeout")}
    settings["rest_ms"] = args.rest_ms if rest else 0
    outcome = pool.run({**job, "shape": dataclasses.asdict(shape), "settings": settings},
                       timeout=timeout, label=label)
    if outcome.status == "done":
        return Result(**outcome.value)
    status = "timeout" if outcome.status == "timeout" else "error"
    return Result(peer, status=status, config=config, note=outcome.message,
                  manifest=manifest)


def peer_jobs(args):
    """(peer, job, timeout) of every peer that is not Tessera, in the order a
    round runs them."""
    jobs = []
    if not args.no_peers:
        for peer, backend in (("SDPA flash", "FLASH_ATTENTION"),
                              ("SDPA cudnn", "CUDNN_ATTENTION")):
            jobs.append((peer, {"kind": "sdpa", "peer": peer, "backend": backend}, None))
    if not (args.no_peers or args.no_triton):
        timeout = args.timeout * TRITON_TIMEOUT_FACTOR if args.timeout > 0 else None
        jobs.append(("Triton FA2", {"kind": "triton"}, timeout))
    return jobs


def alternate_rounds(run, jobs, rounds):
    """Times every job once a round, `rounds` rounds in turn, each round
    starting one job later (A B C, B C A, C A B, ...), so that a change of
    the GPU's clocks during the run falls on all of them alike and no job
    always follows the same one; run(job) returns a Result. Each job's result
    is its first failure, or its first round's with ms the median of the
    rounds' ms (the rounds' ms in `note`, in round order)."""
    times = [[] for _ in jobs]
    failed = [None] * len(jobs)
    first = [None] * len(jobs)
    for round_ in range(rounds):
        for k in range(len(jobs)):
            i = (round_ + k) % len(jobs)
            job = jobs[i]
            if failed[i] is not None:
                continue
            result = run(job)
            if result.status != "ok":
                failed[i] = result
                continue
            first[i] = first[i] or result
            times[i].append(result.ms)
    results = []
    for i in range(len(jobs)):
        if failed[i] is not None or rounds == 1:
            results.append(failed[i] or first[i])
            continue
        ms = statistics.median(times[i])
        note = "median of " + " ".join(f"{t:.4f}" for t in times[i]) + " ms (alternating)"
        results.append(dataclasses.replace(
            first[i], ms=ms, tflops=first[i].tflops * first[i].ms / ms,
            note=(first[i].note + "; " if first[i].note else "") + note))
    return results


def finalists(tried, count):
    """The `count` fastest passing results of a kernel's sweep, fastest first."""
    return sorted((r for r in tried if r.status == "ok"), key=lambda r: r.ms)[:count]


def pick_finalist(timed, best):
    """A kernel's row from its finalists' rounds: the first failure (a
    faster sibling does not hide it), else the fastest median, with the
    sweep's note ("fastest of N configs") and how many were in the rounds."""
    failed = [r for r in timed if r.status != "ok"]
    if failed:
        return failed[0]
    chosen = min(timed, key=lambda r: r.ms)
    sweep_note = best.note + (f", {len(timed)} timed in the rounds" if len(timed) > 1 else "")
    return dataclasses.replace(chosen, note="; ".join(n for n in (sweep_note, chosen.note) if n))


def run_shape(shape, fa2, fa1, args, pool):
    """All peers at one shape: (results in peer order, Tessera sweep results).
    The sweep picks each Tessera kernel's args.finalists fastest configs; with
    peers, they and every peer are then timed in args.rounds alternating
    rounds, and a kernel's row is its finalist with the fastest median."""
    results, sweep, chosen = [], [], {}
    for peer, manifests in (("Tessera FA2", fa2), ("Tessera FA1", fa1)):
        if manifests:
            best, tried = run_tessera(peer, manifests, shape, args, pool)
            results.append(best)
            sweep += tried
            chosen[peer] = finalists(tried, args.finalists)
    others = peer_jobs(args)
    if not others:
        return results, sweep
    # The finalists go into the rounds; a kernel without one keeps its sweep's failure.
    jobs = [(r.peer, {"kind": "tessera", "peer": r.peer, "manifest": f.manifest}, None, f)
            for r in results if r.status == "ok" for f in chosen[r.peer]]
    jobs += [(peer, job, timeout, None) for peer, job, timeout in others]

    def run(entry):
        peer, job, timeout, config = entry
        if config is None:
            return run_job(pool, job, shape, args, peer, f"{peer} {shape}", timeout=timeout,
                           rest=True)
        result = run_job(pool, job, shape, args, peer, f"{peer} {config.config} {shape}",
                         config=config.config, manifest=config.manifest, timeout=timeout,
                         rest=True)
        return dataclasses.replace(result, note="") if result.status == "ok" else result

    timed = alternate_rounds(run, jobs, args.rounds)  # In the order of `jobs`.
    rows, at = [], 0
    for r in results:
        if r.status != "ok":
            rows.append(r)
            continue
        count = len(chosen[r.peer])
        rows.append(pick_finalist(timed[at:at + count], r))
        at += count
    return rows + timed[at:], sweep


# ----------------------------------------------------------------------------
# Reports
# ----------------------------------------------------------------------------

def fmt(value, pattern="{:.1f}"):
    return "–" if value is None or not math.isfinite(value) else pattern.format(value)


def ratio(result, base):
    """Tessera FA2's TFLOP/s over `result`'s, when both ran and passed."""
    if base is None or base.status != "ok" or result.status != "ok":
        return None
    return base.tflops / result.tflops


def markdown_table(rows, peers):
    """One line per shape: TFLOP/s of each peer, then Tessera FA2's ratios."""
    others = [p for p in peers if p != "Tessera FA2"]
    head = (["shape B,H,N,D", "causal"] + [f"{p} TFLOP/s" for p in peers]
            + [f"FA2 / {p}" for p in others] + ["Tessera FA2 config"])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for shape, results in rows:
        by_peer = {r.peer: r for r in results}
        fa2 = by_peer.get("Tessera FA2")
        cells = [f"{shape.B},{shape.H},{shape.N},{shape.D}", "yes" if shape.causal else "no"]
        for peer in peers:
            r = by_peer.get(peer)
            cells.append("–" if r is None or r.status == "skipped" else
                         fmt(r.tflops) if r.status == "ok" else r.status.upper())
        for peer in others:
            r = by_peer.get(peer)
            cells.append(fmt(ratio(r, fa2) if r else None, "{:.2f}×"))
        cells.append(fa2.config if fa2 and fa2.status == "ok" else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def result_record(shape, result, fa2=None):
    record = {"B": shape.B, "H": shape.H, "N": shape.N, "D": shape.D,
              "causal": int(shape.causal), **dataclasses.asdict(result)}
    record["fa2_ratio"] = ratio(result, fa2) if fa2 else None
    return record


def write_csv(path, rows):
    fields = ["B", "H", "N", "D", "causal", "peer", "config", "status", "max_err", "ms",
              "tflops", "fa2_ratio", "note", "manifest"]
    with open(path, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=fields)
        writer.writeheader()
        for shape, results in rows:
            fa2 = next((r for r in results if r.peer == "Tessera FA2"), None)
            for result in results:
                record = result_record(shape, result, fa2)
                for key, pattern in (("max_err", "{:.3g}"), ("ms", "{:.4f}"),
                                     ("tflops", "{:.1f}"), ("fa2_ratio", "{:.3f}")):
                    record[key] = "" if record[key] is None or not math.isfinite(
                        record[key]) else pattern.format(record[key])
                writer.writerow(record)


def json_safe(value):
    """NaN/inf → None, recursively (strict JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_safe(v) for v in value]
    return value


def write_json(path, rows, sweeps, meta):
    data = {**meta, "shapes": []}
    for (shape, results), sweep in zip(rows, sweeps):
        fa2 = next((r for r in results if r.peer == "Tessera FA2"), None)
        data["shapes"].append({
            "shape": dataclasses.asdict(shape),
            "results": [result_record(shape, r, fa2) for r in results],
            "tessera_sweep": [dataclasses.asdict(r) for r in sweep]})
    with open(path, "w") as file:
        json.dump(json_safe(data), file, indent=1)


def write_png(path, rows, peers, device):
    """Grouped bars: TFLOP/s of each peer per shape. Skipped without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"peers: matplotlib not installed; no {path}")
        return
    width = 0.8 / len(peers)
    fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(rows)), 4.8))
    for i, peer in enumerate(peers):
        values = []
        for _, results in rows:
            r = next((r for r in results if r.peer == peer), None)
            values.append(r.tflops if r and r.status == "ok" else 0.0)
        ax.bar([x + i * width for x in range(len(rows))], values, width, label=peer)
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(rows))])
    ax.set_xticklabels([f"{s.B},{s.H},{s.N},{s.D}" + ("\ncausal" if s.causal else "")
                        for s, _ in rows], fontsize=8)
    ax.set_ylabel("TFLOP/s (fp16 forward)")
    ax.set_title(f"Attention forward on {device}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


# ----------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------

def write_reports(args, rows, sweeps, skipped, seconds, info):
    """peers.csv, peers.json, peers.md and peers.png under args.out; returns
    the markdown table. `info`: the worker's device, torch and triton."""
    peers = list(dict.fromkeys(r.peer for _, results in rows for r in results))
    table = markdown_table(rows, peers)
    info = info or {}
    meta = {"device": info.get("device"), "torch": info.get("torch"),
            "triton": info.get("triton"), "atol": args.atol, "seed": args.seed,
            "timeout": args.timeout, "seconds": round(seconds, 1),
            "skipped_shapes": skipped}
    write_csv(args.out / "peers.csv", rows)
    write_json(args.out / "peers.json", rows, sweeps, meta)
    (args.out / "peers.md").write_text(table + "\n")
    write_png(args.out / "peers.png", rows, peers, info.get("device", "the GPU"))
    return table


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Tessera FA2/FA1 vs SDPA (flash, cudnn) and Triton FA2, same process "
                    "and tensors.")
    parser.add_argument("--fa2", nargs="+", required=True, metavar="DIR_OR_JSON",
                        help="FA2 manifests, or folders searched for manifests of "
                             "kernel 'fa2' (one or more per HEAD_DIM/CAUSAL config)")
    parser.add_argument("--fa1", nargs="+", default=[], metavar="DIR_OR_JSON",
                        help="FA1 manifests, or folders searched for kernel 'fa1'")
    parser.add_argument("--shapes", nargs="+", type=parse_shape,
                        default=[parse_shape(s) for s in DEFAULT_SHAPES],
                        metavar="B,H,N,D[,causal]",
                        help="default: PERF.md's peer table")
    parser.add_argument("--out", type=Path, default=Path("peers-out"),
                        help="folder for peers.csv/.json/.md/.png (default peers-out)")
    parser.add_argument("--warmup", type=int, default=10, help="warm-up launches (10)")
    parser.add_argument("--iters", type=int, default=100,
                        help="timed launches at most (100); fewer for slow kernels")
    parser.add_argument("--budget-ms", type=float, default=1000,
                        help="about how long to time one peer at one shape (1000 ms)")
    parser.add_argument("--atol", type=float, default=2e-2,
                        help="max abs error allowed on Out (fp16) and Lse (2e-2)")
    parser.add_argument("--seed", type=int, default=0, help="input seed (0)")
    parser.add_argument("--rounds", type=positive_int, default=3,
                        help="after the sweep picks each Tessera kernel's fastest configs, "
                             "time them and every peer this many times in alternating rounds "
                             "and report each one's median (3; 1: one time each)")
    parser.add_argument("--finalists", type=positive_int, default=2,
                        help="how many of each Tessera kernel's fastest configs in the "
                             "sweep go into the rounds, the fastest median of them its "
                             "row (2; 1: the sweep's fastest alone)")
    parser.add_argument("--rest-ms", type=milliseconds, default=250,
                        help="idle GPU time before each timing in the rounds, so that no "
                             "peer inherits the clocks a power-capped GPU lowered for the "
                             "one before it (250; 0: none)")
    parser.add_argument("--no-triton", action="store_true", help="skip the Triton peer")
    parser.add_argument("--no-peers", action="store_true",
                        help="run only the Tessera kernels (a tuning sweep)")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds one config or peer at one shape may take in the "
                             "worker process before it is reported as TIMEOUT and the "
                             "run goes on (60; 0: everything in this process, no limit)")
    return parser.parse_args(argv)


def check_environment(args):
    """Exits with a clear message when torch, a GPU or Triton is missing."""
    if torch is None:
        sys.exit("peers: error: PyTorch is not installed")
    if not torch.cuda.is_available():
        sys.exit("peers: error: no CUDA GPU visible to PyTorch")
    if sdpa_kernel is None and not args.no_peers:
        sys.exit(f"peers: error: PyTorch {torch.__version__} has no "
                 "torch.nn.attention.sdpa_kernel, which the SDPA peers need (--no-peers "
                 "runs the Tessera kernels alone)")
    if triton is None and not (args.no_triton or args.no_peers):
        sys.exit("peers: error: Triton is not installed (or pass --no-triton)")
    tt.library()  # Fails early and clearly when libtessera_runtime.so is missing.


def main(argv=None):
    args = parse_args(argv)
    try:
        fa2 = find_manifests(args.fa2, "fa2")
        fa1 = find_manifests(args.fa1, "fa1")
    except tt.TesseraError as error:
        sys.exit(f"peers: error: {error}")
    if not fa2:
        sys.exit(f"peers: error: no fa2 manifest in {' '.join(args.fa2)}")
    check_environment(args)
    global TIMEOUT
    TIMEOUT = args.timeout
    args.out.mkdir(parents=True, exist_ok=True)
    rows, sweeps, skipped = [], [], []
    started = time.time()
    with tt.runner(worker_job, args.timeout, init=worker_init) as pool:
        failed_start = pool.start()
        if failed_start is not None:
            sys.exit(f"peers: error: {failed_start.message}")
        info = pool.info or {}
        print(f"peers: {info.get('device')}, torch {info.get('torch')}, triton "
              f"{info.get('triton') or '-'}, runtime {tt.find_library()}; {len(fa2)} FA2 "
              f"and {len(fa1)} FA1 manifests; atol {args.atol:g}; "
              + (f"a worker process, {args.timeout:g} s per job" if args.timeout > 0
                 else "in this process, no timeout"), flush=True)
        for shape in args.shapes:
            if not matching(fa2, shape):
                skipped.append(str(shape))
                print(f"  {str(shape):22} skipped: no FA2 manifest with HEAD_DIM={shape.D} "
                      f"CAUSAL={int(shape.causal)}", flush=True)
                continue
            results, sweep = run_shape(shape, fa2, fa1, args, pool)
            rows.append((shape, results))
            sweeps.append(sweep)
            shown = {(r.peer, r.manifest) for r in results}
            # The row of each peer, then the configs of a sweep that failed
            # (a TIMEOUT among them) behind a faster one.
            for r in results + [r for r in sweep if r.status != "ok"
                                and (r.peer, r.manifest) not in shown]:
                print(f"  {str(shape):22} {r.peer:12} {r.status:8} {fmt(r.tflops):>7} TFLOP/s "
                      f"{fmt(r.ms, '{:.4f}'):>8} ms  err {fmt(r.max_err, '{:.2e}')}  "
                      f"{r.config}  {r.note}", flush=True)
            # After every shape, so that a run cut short still leaves its results.
            table = write_reports(args, rows, sweeps, skipped, time.time() - started,
                                  pool.info)
    print("\n" + (table if rows else "(no shape had a matching FA2 manifest)"))
    for shape in skipped:
        print(f"(skipped {shape}: no matching FA2 manifest)")
    failed = [(s, r) for s, results in rows for r in results
              if r.status in ("mismatch", "error", "timeout")]
    for shape, r in failed:
        print(f"peers: FAILED {r.peer} at {shape}: {r.status}: {r.note}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    tt.exit_now(main())
