"""v40: does torch.compile's kernel keep its inputs in L2 across the bench's
flush? Inductor's loads carry eviction_policy='evict_last', and the flush
(cache.fill_ of 256 MiB, check_membound.kernel_ms) writes with the normal
priority, which L2 evicts first. Times Tessera's op and torch.compile's at
the 4096-token bar shapes (f16) with kernel_ms as is (A) and with a flush
that reads 256 MiB through evict_last loads before the fill (B)."""
import os
import sys

import torch
import triton
import triton.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
import check_membound as cm  # noqa: E402

FLUSH = torch.empty(cm.COPY_BYTES // 16, dtype=torch.int32, device="cuda").random_()  # 256 MiB
SINK = torch.zeros(1, dtype=torch.int32, device="cuda")


@triton.jit
def evict_last_read(src, sink, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src + offs, mask=offs < n, eviction_policy="evict_last")
    # Never true for random ints from .random_() (>= 0): keeps the loads.
    tl.store(sink + tl.zeros_like(offs), x, mask=x == -1)


def evict_flush():
    n = FLUSH.numel()
    evict_last_read[(triton.cdiv(n, 4096),)](FLUSH, SINK, n, BLOCK=4096)


def kernel_ms_b(fn, iters=25):
    """kernel_ms with the evict_last read after each fill: the GPU time of
    fn's kernels between that read and the next fill (median)."""
    from torch.profiler import ProfilerActivity, profile
    fill = torch.empty(256 << 18, dtype=torch.int32, device="cuda")
    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            fill.fill_(1)
            evict_flush()
            fn()
        torch.cuda.synchronize()
    events = sorted((e for e in prof.events() if e.device_type.name == "CUDA"),
                    key=lambda e: e.time_range.start)
    times, current = [], None
    for e in events:
        if "evict_last_read" in e.name:
            if current:
                times.append(current)
            current = 0.0
        elif "fill" in e.name.lower() or "FillFunctor" in e.name:
            if current:
                times.append(current)
            current = None
        elif current is not None:
            current += e.time_range.elapsed_us()
    if current:
        times.append(current)
    times.sort()
    return times[len(times) // 2] / 1e3


torch._dynamo.config.cache_size_limit = 256
gen = torch.Generator(device="cuda").manual_seed(0)
for op in ("rotary", "softmax", "layer_norm", "rms_norm"):
    for hidden in (1024, 4096):
        inputs, ours, eager, _, nbytes = cm.make_case(op, "f16", 4096, hidden, gen)
        compiled = torch.compile(eager, dynamic=False)
        compiled(*inputs)
        row = []
        for name, fn in (("tessera", lambda: ours(*inputs)), ("compile", lambda: compiled(*inputs))):
            a = cm.kernel_ms(fn)
            b = kernel_ms_b(fn)
            row.append(f"{name} A {nbytes / a / 1e6:.0f} B {nbytes / b / 1e6:.0f} GB/s")
        print(f"{op} 4096x{hidden}: " + "; ".join(row), flush=True)
