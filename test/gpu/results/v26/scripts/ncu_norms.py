"""v26 call 2: Tessera's row kernels against Inductor's (torch.compile) on the
same tensors, one launch each profiled by ncu (cudaProfilerStart/Stop around
it, so neither compilation nor Inductor's autotuning is profiled)."""
import os
import sys

sys.path.insert(0, os.path.join(os.environ["TREE"], "test", "gpu"))
import torch  # noqa: E402
import check_membound as cm  # noqa: E402
from tessera.testing import raise_recompile_limits  # noqa: E402

raise_recompile_limits(256)
CASES = [("layer_norm", 16384, 8192), ("layer_norm", 16384, 1024),
         ("rms_norm", 16384, 8192), ("rms_norm", 16384, 1024),
         ("layer_norm", 4096, 4096)]
for op, tokens, hidden in CASES:
    g = torch.Generator(device="cuda").manual_seed(tokens + hidden)
    inputs, ours, eager, _, nbytes = cm.make_case(op, "f16", tokens, hidden, g)
    compiled = torch.compile(eager, dynamic=False)
    for _ in range(5):
        ours(*inputs)
        compiled(*inputs)
    torch.cuda.synchronize()
    print(f"== {op} {tokens}x{hidden}: {nbytes} bytes", flush=True)
    torch.cuda.profiler.start()
    ours(*inputs)
    compiled(*inputs)
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()
