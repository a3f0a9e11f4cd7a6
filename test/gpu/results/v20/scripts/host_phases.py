"""Host time of each phase of flash_attn_func forward + backward (no profiler)."""
import os, sys, time, collections
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops, kernel as tk
from tessera.ops import flash_attn as fa
acc = collections.defaultdict(float)
def timed(name, fn):
    def wrapper(*a, **k):
        t = time.perf_counter(); r = fn(*a, **k); acc[name] += time.perf_counter() - t; return r
    return wrapper
fa._bwd_checked = timed("_bwd_checked", fa._bwd_checked)
fa._fwd_checked = timed("_fwd_checked", fa._fwd_checked)
fa._launch = timed("_launch", fa._launch)
tk.Kernel._launch_again = timed("Kernel._launch_again", tk.Kernel._launch_again)
tk.Kernel._signature = timed("Kernel._signature", tk.Kernel._signature)
b, h, n, d = 1, 32, 2048, 64
base = [torch.randn((b, h, n, d), device="cuda", dtype=torch.float16) for _ in range(4)]
q, k, v, do = (x.transpose(1, 2) for x in base)
for x in (q, k, v): x.requires_grad_()
def step():
    t0 = time.perf_counter(); out = ops.flash_attn_func(q, k, v); t1 = time.perf_counter()
    torch.autograd.grad(out, (q, k, v), do); t2 = time.perf_counter()
    acc["fwd call"] += t1 - t0; acc["grad call"] += t2 - t1
for _ in range(5): step()
torch.cuda.synchronize(); acc.clear()
N = 100
t = time.perf_counter()
for _ in range(N): step()
total = time.perf_counter() - t
torch.cuda.synchronize()
print(f"per step host {total / N * 1e6:.0f} us")
for key, value in sorted(acc.items(), key=lambda kv: -kv[1]):
    print(f"  {key:24s} {value / N * 1e6:8.1f} us/step")
# GPU time of the step alone (events, synced): kernels only
s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
torch.cuda.synchronize(); s.record()
for _ in range(20): step()
e.record(); torch.cuda.synchronize(); print(f"events over 20 steps: {s.elapsed_time(e) / 20 * 1e3:.0f} us/step")
from torch.profiler import profile, ProfilerActivity
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    for _ in range(10): step()
    torch.cuda.synchronize()
print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=12))
# raw launch cost through a BoundLaunch
kern = fa.get_kernel(torch.float16, 64, False, -1, -1, q.device, "fa2_bwd", False, "fa2_bwd_preprocess")
delta = torch.empty((b, h, n), device="cuda", dtype=torch.float32)
out = ops.flash_attn_func(q, k, v).detach()
bound = kern.bind(Out=out.transpose(1, 2), dO=do.transpose(1, 2), Delta=delta)
torch.cuda.synchronize(); t = time.perf_counter()
for _ in range(200): bound()
print(f"BoundLaunch: {(time.perf_counter() - t) / 200 * 1e6:.1f} us")
torch.cuda.synchronize(); t = time.perf_counter()
for _ in range(200): kern(Out=out.transpose(1, 2), dO=do.transpose(1, 2), Delta=delta)
print(f"Kernel call (remembered): {(time.perf_counter() - t) / 200 * 1e6:.1f} us")
torch.cuda.synchronize()
x = torch.empty(1, device="cuda")
t = time.perf_counter()
for _ in range(200): x.add_(1)
print(f"torch x.add_(1): {(time.perf_counter() - t) / 200 * 1e6:.1f} us")
