"""v39: the Triton kernels torch.compile generates for the row ops where
Tessera's lose to them (F.rms_norm / F.layer_norm / softmax, f16), with the
config autotuning chose, its registers and spills: what the looped and the
whole-row kernels are shaped like. Writes OUT/inductor/<op>_<M>x<N>_<kernel>.py.txt
(the generated kernel) and prints one line a kernel."""
import gc
import os
import sys

import torch
import torch.nn.functional as F
from torch._inductor.runtime.triton_heuristics import CachingAutotuner

out = os.path.join(sys.argv[1], "inductor")
os.makedirs(out, exist_ok=True)
OPS = {
    "rms_norm": lambda x, w, b: F.rms_norm(x, x.shape[-1:], w, 1e-6),
    "layer_norm": lambda x, w, b: F.layer_norm(x, x.shape[-1:], w, b, 1e-5),
    "softmax": lambda x, w, b: torch.softmax(x, dim=-1),
}
SHAPES = ((4096, 32768), (16384, 8192), (16384, 5000), (4096, 5000), (16384, 1024))
seen = set()
for name, fn in OPS.items():
    for m, n in SHAPES:
        torch._dynamo.reset()
        x = torch.randn(m, n, device="cuda", dtype=torch.float16)
        w = torch.randn(n, device="cuda", dtype=torch.float16)
        b = torch.randn(n, device="cuda", dtype=torch.float16)
        compiled = torch.compile(fn, dynamic=False)
        for _ in range(3):
            compiled(x, w, b)
        torch.cuda.synchronize()
        tuners = []
        for obj in gc.get_objects():
            try:
                if isinstance(obj, CachingAutotuner) and id(obj) not in seen:
                    tuners.append(obj)
            except ReferenceError:  # a dead weak proxy
                pass
        for obj in tuners:
            seen.add(id(obj))
            for launcher in obj.launchers:
                print(f"{name} {m}x{n}: {obj.fn.__name__} config {launcher.config} "
                      f"regs {getattr(launcher, 'n_regs', '?')} spills "
                      f"{getattr(launcher, 'n_spills', '?')} shared "
                      f"{getattr(launcher, 'shared', '?')}", flush=True)
            try:  # .txt: Triton source kept as a record, not run or linted here
                with open(os.path.join(out, f"{name}_{m}x{n}_{obj.fn.__name__}.py.txt"), "w") as f:
                    f.write(obj.fn.src if hasattr(obj.fn, "src") else str(obj.fn))
            except Exception as error:  # the source is a convenience
                print("source:", error)
