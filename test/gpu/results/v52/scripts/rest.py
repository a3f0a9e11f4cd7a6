"""v52: how long must a power-capped GPU rest before a timing so that the
timed kernel does not inherit the clocks the kernel before it lowered?
For SDPA-cudnn and one Tessera FA2 config at [8,16,2048,128]: ~300 ms of a
predecessor (cudnn: power-hungry; SDPA flash: ~half the TFLOP/s), then
REST ms idle, then peers.py's timing (median_ms with --warmup 5 --iters 50).

usage: rest.py MANIFEST"""
import statistics
import sys
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, "tools")
import peers  # noqa: E402
import tessera_torch as tt  # noqa: E402

shape = peers.Shape(8, 16, 2048, 128, False)
q, k, v = peers.make_inputs(shape, 1)
scale = shape.D ** -0.5


def sdpa(backend):
    def run():
        with sdpa_kernel(backend):
            F.scaled_dot_product_attention(q, k, v, scale=scale)
    return run


cudnn, flash = sdpa(SDPBackend.CUDNN_ATTENTION), sdpa(SDPBackend.FLASH_ATTENTION)
tessera = tt.AttentionCall(tt.load(sys.argv[1]), q, k, v, False).launch
for fn in (cudnn, flash, tessera):
    fn()
torch.cuda.synchronize()


def heat(fn, seconds=0.3):
    t = time.time()
    while time.time() - t < seconds:
        for _ in range(10):
            fn()
        torch.cuda.synchronize()


timing = peers.argparse.Namespace(warmup=5, iters=50, budget_ms=300, rest_ms=0)
print("timed, predecessor, rest ms: median ms of two repetitions")
for name, fn in (("cudnn", cudnn), ("tessera", tessera)):
    for before_name, before in (("cudnn", cudnn), ("flash", flash)):
        for rest in (0, 50, 100, 250, 500, 1000):
            if before_name == "flash" and rest not in (0, 250, 1000):
                continue
            got = []
            for _ in range(2):
                heat(before)
                time.sleep(rest / 1000)
                got.append(peers.median_ms(fn, peers.no_setup, timing))
            print(f"{name:8s} after {before_name:6s} rest {rest:5d}: "
                  + " ".join(f"{t:.4f}" for t in got), flush=True)
