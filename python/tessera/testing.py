"""tessera.testing: timing and correctness helpers.

do_bench(fn) times a GPU function the way triton.testing.do_bench does:
warm-up, then launches each timed with CUDA events, with the L2 cache
flushed before each one (flush_l2=True), and returns the median in ms.

attention_reference(q, k, v, ...) is softmax attention in fp64 (torch, or
numpy through torch; [..., N, D]) with FlashAttention's masks, returning
(Out, Lse); attention_grad_reference(q, k, v, dout, ...) its exact
gradients; and
assert_close(actual, expected, atol, rtol) compares with
|actual - expected| <= atol + rtol·|expected|, equal infinities matching and
any NaN failing, naming the worst element. The tolerances of
docs/interpreter.md (f16 storage: 2e-3; bf16: 1.6e-2) are in TOLERANCES.
"""

import math

# (atol, rtol) for attention outputs by storage dtype (docs/interpreter.md).
TOLERANCES = {"f16": (2e-3, 2e-3), "bf16": (1.6e-2, 1.6e-2), "lse": (1e-3, 1e-4)}
# Bytes written between timed launches to flush the L2 cache (H200: 60 MB).
L2_FLUSH_BYTES = 256 << 20


def _torch():
    import torch
    return torch


def do_bench(fn, warmup=25, rep=100, flush_l2=True, quantiles=None, return_mode="median",
             device=None):
    """Times `fn` (a callable launching GPU work on torch's current stream).

    warmup, rep: milliseconds spent warming up and timing (as Triton): the
    launch counts come from a first estimate, at least 1 each. Returns the
    median time per launch in ms (return_mode "min", "max", "mean", "all"
    or quantiles=[0.5, 0.2, 0.8] for others)."""
    torch = _torch()
    if not torch.cuda.is_available():
        raise RuntimeError("tessera.testing.do_bench needs a CUDA GPU (torch.cuda)")
    fn()
    torch.cuda.synchronize(device)
    cache = (torch.empty(L2_FLUSH_BYTES // 4, dtype=torch.int32, device=device or "cuda")
             if flush_l2 else None)
    # A first estimate of one launch (with the flush, as it will be timed).
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        if cache is not None:
            cache.zero_()
        fn()
    end.record()
    torch.cuda.synchronize(device)
    estimate = max(start.elapsed_time(end) / 5, 1e-3)
    n_warmup = max(1, int(warmup / estimate))
    n_repeat = max(1, int(rep / estimate))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    for _ in range(n_warmup):
        fn()
    for i in range(n_repeat):
        if cache is not None:
            cache.zero_()
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize(device)
    times = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
    if quantiles is not None:
        result = [_quantile(times, q) for q in quantiles]
        return result[0] if len(result) == 1 else result
    if return_mode == "all":
        return times
    if return_mode == "mean":
        return sum(times) / len(times)
    if return_mode == "min":
        return times[0]
    if return_mode == "max":
        return times[-1]
    return _quantile(times, 0.5)


def gpu_check_parser(doc, name):
    """The command line every test/gpu/check_*.py takes (the script adds its
    own options): --out (default $OUT, else build/gpu/NAME), --no-bench, and
    --precompile TARGET, which fills the compile cache where tessera-compile
    is, so that a GPU host without it only loads cubins."""
    import argparse
    import os
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", default=os.environ.get("OUT", f"build/gpu/{name}"))
    parser.add_argument("--no-bench", action="store_true")
    parser.add_argument("--precompile", metavar="TARGET")
    return parser


def start_checks(doc, name, precompile):
    """The start of a test/gpu/check_*.py without options of its own: parses
    gpu_check_parser's command line; with --precompile runs
    precompile(target) and exits 0; without a GPU exits 1; else prints the
    GPU and returns the arguments."""
    import sys
    args = gpu_check_parser(doc, name).parse_args()
    if args.precompile:
        precompile(args.precompile)
        sys.exit(0)
    if not gpu_available():
        sys.exit(1)
    torch = _torch()
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__}\n")
    return args


def gpu_available():
    """Whether torch sees a CUDA GPU; prints why not otherwise."""
    if _torch().cuda.is_available():
        return True
    print("no GPU: torch.cuda is not available")
    return False


def raise_recompile_limits(limit, accumulated=None):
    """Raises torch.compile's (dynamo's) recompile limits, for checks that
    compile one function at many shapes (the names differ across torch
    versions; those a version lacks are skipped)."""
    config = __import__("torch._dynamo", fromlist=["config"]).config
    values = {"recompile_limit": limit, "cache_size_limit": limit}
    if accumulated:
        values.update(accumulated_recompile_limit=accumulated,
                      accumulated_cache_size_limit=accumulated)
    for name, value in values.items():
        if hasattr(config, name):
            setattr(config, name, value)


def host_time_us(fn, count=20):
    """Host time of one call of `fn` in µs: `count` calls queued without a
    synchronization (a call's GPU work is asynchronous), then one wait outside
    the timing. Above the GPU time (do_bench), the launches -- Python,
    argument packing -- bound the call, not the kernels."""
    import time
    torch = _torch()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(count):
        fn()
    elapsed = time.perf_counter() - start
    torch.cuda.synchronize()
    return elapsed / count * 1e6


def record_check(row, label, checks):
    """Runs checks() (assertions, e.g. assert_close); sets row["result"] to
    "ok" or "FAIL" (with row["error"], the assertion's first line), prints
    "label: result"; returns whether it passed."""
    try:
        checks()
        row["result"] = "ok"
    except AssertionError as error:
        row["result"] = "FAIL"
        row["error"] = str(error).splitlines()[0]
    print(f"{label}: {row['result']}" + (f" ({row['error']})" if "error" in row else ""),
          flush=True)
    return row["result"] == "ok"


def finish_checks(args, rows, what, csv_name, ok, bench=None, first=("kind",)):
    """The end of a test/gpu/check_*.py: prints how many of the rows with a
    "result" passed (`what` names them), runs bench(rows) unless --no-bench,
    writes args.out/csv_name; returns the exit status (1 unless `ok`)."""
    import os
    checks = [r for r in rows if "result" in r]
    failed = sum(r["result"] == "FAIL" for r in checks)
    print(f"\n{len(checks) - failed} of {len(checks)} {what} checks passed")
    if bench is not None and not args.no_bench:
        bench(rows)
    os.makedirs(args.out, exist_ok=True)
    write_rows(os.path.join(args.out, csv_name), rows, first=first)
    print(f"\nwrote {args.out}/{csv_name}")
    return 0 if ok else 1


def write_rows(path, rows, first=("kind", "dtype")):
    """Writes dicts as a CSV whose columns are every key, `first` leading."""
    import csv
    fields = sorted({k for r in rows for k in r}, key=lambda k: (k not in first, k))
    with open(path, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def _quantile(sorted_values, q):
    position = q * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)


def _module_of(array):
    if type(array).__module__.startswith("torch"):
        return "torch"
    return "numpy"


def attention_visible(n, m, causal=False, window_size=(-1, -1), query_positions=None,
                      device=None):
    """[n, m] torch bools: query i (at position query_positions[i], default i)
    sees key j, as attention_reference masks (causal: j <= p; window_size
    (left, right): p - left <= j <= p + right, -1 leaving a side open)."""
    torch = _torch()
    left, right = window_size
    i = (torch.arange(n, device=device) if query_positions is None
         else torch.as_tensor(query_positions, device=device).long())[:, None]
    j = torch.arange(m, device=device)[None, :]
    visible = torch.ones(n, m, dtype=torch.bool, device=device)
    if causal:
        visible &= j <= i
    if left >= 0:
        visible &= j >= i - left
    if right >= 0:
        visible &= j <= i + right
    return visible


def attention_reference(q, k, v, softmax_scale=None, causal=False, window_size=(-1, -1),
                        alibi_slopes=None, visible=None, query_positions=None):
    """fp64 softmax attention of queries q [..., H, M, D] over keys and values
    k, v [..., H, N, D] (torch tensors, or numpy arrays: then the result is
    numpy too; any float dtype); returns (Out [..., H, M, D], Lse [..., H, M])
    in float64, computed with torch on q's device.

    Query i sits at position p = query_positions[i] (default i) and sees key j
    when j <= p (causal) and p - left <= j <= p + right (window_size, -1 =
    open); `visible` (bools, [M, N] or broadcasting to [..., H, M, N])
    replaces that mask. alibi_slopes ([H]) adds -slope·|p - j| to the scaled
    score. A query that sees no key gets Out 0 and Lse -inf. k and v may have
    fewer heads HK dividing H (GQA/MQA: query head h reads head h // (H / HK);
    through attention_grad_reference their gradients sum over each group).
    This is the one Python reference: tools/peers.py and test/gpu use it too."""
    if _module_of(q) == "numpy":
        try:
            torch = _torch()
        except ImportError as error:
            raise ImportError("tessera.testing.attention_reference needs torch "
                              "(python3-torch)") from error
        as_torch = [None if x is None else torch.from_numpy(_as_float64_numpy(x))
                    for x in (q, k, v, alibi_slopes, query_positions)]
        if visible is not None:
            import numpy as np
            visible = torch.from_numpy(np.asarray(visible, dtype=bool))
        out, lse = attention_reference(as_torch[0], as_torch[1], as_torch[2], softmax_scale,
                                       causal, window_size, as_torch[3], visible, as_torch[4])
        return out.numpy(), lse.numpy()
    torch = _torch()
    if q.dim() >= 3 and k.shape[-3] != q.shape[-3]:
        group = q.shape[-3] // k.shape[-3]
        if k.shape[-3] * group != q.shape[-3]:
            raise ValueError(f"attention_reference: k's {k.shape[-3]} heads do not divide "
                             f"q's {q.shape[-3]}")
        k, v = (x.repeat_interleave(group, dim=-3) for x in (k, v))
    n, m, d = q.shape[-2], k.shape[-2], q.shape[-1]
    scale = 1.0 / math.sqrt(d) if softmax_scale is None else softmax_scale
    device = q.device
    s = torch.matmul(q.double(), k.double().transpose(-1, -2)) * scale
    i = (torch.arange(n, device=device) if query_positions is None
         else torch.as_tensor(query_positions, device=device).long())[:, None]
    j = torch.arange(m, device=device)[None, :]
    if alibi_slopes is not None:
        slopes = torch.as_tensor(alibi_slopes, device=device).double()
        s = s - slopes[:, None, None] * (i - j).abs().double()
    if visible is None:
        visible = attention_visible(n, m, causal, window_size, query_positions, device)
    else:
        visible = torch.as_tensor(visible, device=device).bool()
    s = s.masked_fill(~visible, float("-inf"))
    lse = torch.logsumexp(s, dim=-1)
    p = torch.exp(s - lse[..., None].masked_fill(torch.isinf(lse[..., None]), 0))
    return torch.matmul(p.masked_fill(~visible, 0), v.double()), lse


def attention_grad_reference(q, k, v, dout, softmax_scale=None, causal=False,
                             window_size=(-1, -1), alibi_slopes=None):
    """(dQ, dK, dV) in fp64 of sum(attention_reference(q, k, v, ...)[0] * dout):
    the exact gradients, by torch's autograd through the fp64 reference
    (analytic differentiation, not finite differences). Inputs as
    attention_reference's ([..., N, D], numpy or torch); torch tensors stay
    on their device, numpy arrays come back as numpy."""
    torch = _torch()
    as_numpy = _module_of(q) != "torch"
    leaves = [(torch.from_numpy(_as_float64_numpy(x)) if as_numpy else x.detach().double())
              .requires_grad_() for x in (q, k, v)]
    grad = torch.from_numpy(_as_float64_numpy(dout)) if as_numpy else dout.double()
    slopes = alibi_slopes
    if slopes is not None and _module_of(slopes) != "torch":
        slopes = torch.from_numpy(_as_float64_numpy(slopes))
    with torch.enable_grad():
        out, _ = attention_reference(*leaves, softmax_scale, causal, window_size, slopes)
        grads = torch.autograd.grad(out, leaves, grad)
    return tuple(g.numpy() if as_numpy else g for g in grads)


def max_error(actual, expected):
    """max |actual - expected| over finite pairs (NaN if any NaN), as a float."""
    a, e = _as_float64_numpy(actual), _as_float64_numpy(expected)
    import numpy as np
    same_inf = np.isinf(a) & np.isinf(e) & (np.sign(a) == np.sign(e))
    diff = np.where(same_inf, 0.0, np.abs(a - e))
    return float(np.max(diff)) if diff.size else 0.0


def _as_float64_numpy(x):
    import numpy as np
    if _module_of(x) == "torch":
        return x.detach().double().cpu().numpy()
    return np.asarray(x, dtype=np.float64)


def assert_close(actual, expected, atol, rtol=0.0, name="output"):
    """Raises AssertionError unless every element has
    |actual - expected| <= atol + rtol·|expected| (equal infinities match;
    a NaN in `actual` never does). The message gives the worst element."""
    import numpy as np
    a, e = _as_float64_numpy(actual), _as_float64_numpy(expected)
    if a.shape != e.shape:
        raise AssertionError(f"{name}: shape {a.shape}, expected {e.shape}")
    same_inf = np.isinf(a) & np.isinf(e) & (np.sign(a) == np.sign(e))
    with np.errstate(invalid="ignore"):
        diff = np.where(same_inf, 0.0, np.abs(a - e))
        bad = ~(diff <= atol + rtol * np.abs(np.where(same_inf, 0.0, e)))
    if bad.any():
        index = np.unravel_index(np.argmax(np.where(np.isnan(diff), np.inf, diff)), a.shape)
        raise AssertionError(
            f"{name}: {int(bad.sum())} of {a.size} elements differ by more than "
            f"{atol} + {rtol}·|ref| (NaN: {int(np.isnan(a).sum())}); worst at "
            f"{tuple(int(i) for i in index)}: {a[index]!r} vs {e[index]!r}")


def finite_or_masked(x):
    """True when `x` has no NaN (an unwritten or broken output)."""
    import numpy as np
    return not np.isnan(_as_float64_numpy(x)).any()


__all__ = ["do_bench", "host_time_us", "write_rows", "attention_reference",
           "attention_grad_reference",
           "attention_visible", "assert_close", "max_error", "TOLERANCES"]
