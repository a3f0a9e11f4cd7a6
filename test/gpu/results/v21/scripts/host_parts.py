"""v21 call 3: where the host time of flash_attn_func forward + backward goes
at [1,32,2048,64] on the C++ launch path (and SDPA-flash's, same loop)."""
import os, sys, time
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
from tessera.ops import flash_attn as fa, _extension
from tessera.testing import host_time_us
from torch.nn.attention import SDPBackend, sdpa_kernel

def cpu_us(fn, count=2000):
    fn(); start = time.perf_counter()
    for _ in range(count):
        fn()
    return (time.perf_counter() - start) / count * 1e6

b, h, n, d = 1, 32, 2048, 64
base = [torch.randn(b, h, n, d, device="cuda", dtype=torch.float16) for _ in range(4)]
q, k, v, do = (x.transpose(1, 2) for x in base)          # check_backward's strided views
qc, kc, vc, doc = (x.transpose(1, 2).contiguous() for x in base)
for x in (q, k, v, qc, kc, vc):
    x.requires_grad_()
s4 = [x.detach().clone().requires_grad_() for x in base[:3]]

def ours(q, k, v, do):
    out = ops.flash_attn_func(q, k, v)
    torch.autograd.grad(out, (q, k, v), do)

def theirs():
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        out = torch.nn.functional.scaled_dot_product_attention(*s4)
    torch.autograd.grad(out, s4, base[3])

def theirs_plain():
    out = torch.nn.functional.scaled_dot_product_attention(*s4)
    torch.autograd.grad(out, s4, base[3])

ours(q, k, v, do); theirs(); torch.cuda.synchronize()
ours(qc, kc, vc, doc); torch.cuda.synchronize()
for count in (20, 200, 200):
    print(f"count {count}: ours contiguous {host_time_us(lambda: ours(qc, kc, vc, doc), count):.0f}, "
          f"ours strided {host_time_us(lambda: ours(q, k, v, do), count):.0f}, "
          f"SDPA-flash {host_time_us(theirs, count):.0f}, "
          f"SDPA (default backend, no context manager) {host_time_us(theirs_plain, count):.0f} us")
op = _extension.flash_attn_op()
modules = fa._module_handles(q, False, -1, -1, False, True)
slopes = fa._no_slopes(h, q.device)
out = ops.flash_attn_func(q, k, v)
out4 = torch.nn.functional.scaled_dot_product_attention(*s4)
parts = {
    "check_supported": cpu_us(lambda: fa.check_supported("flash_attn_func", q, k, v)),
    "normalize_window+_scale+_compiled_op+_module_handles+_no_slopes": cpu_us(lambda: (
        fa.normalize_window((-1, -1), False), fa._scale(None, 64), fa._compiled_op(q),
        fa._module_handles(q, False, -1, -1, False, True), fa._no_slopes(h, q.device))),
    "op forward (records the node)": host_time_us(lambda: op(q, k, v, slopes, 0.125, modules), 200),
    "flash_attn_func forward": host_time_us(lambda: ops.flash_attn_func(q, k, v), 200),
    "autograd.grad of ours (retain_graph)": host_time_us(
        lambda: torch.autograd.grad(out, (q, k, v), do, retain_graph=True), 200),
    "SDPA forward": host_time_us(lambda: torch.nn.functional.scaled_dot_product_attention(*s4), 200),
    "autograd.grad of SDPA (retain_graph)": host_time_us(
        lambda: torch.autograd.grad(out4, s4, base[3], retain_graph=True), 200),
    "torch.empty_like(q)": host_time_us(lambda: torch.empty_like(q), 200),
}
x = torch.empty(1, device="cuda")
parts["x.add_(1)"] = host_time_us(lambda: x.add_(1), 200)
for key, value in parts.items():
    print(f"  {key:70s} {value:8.1f} us")
from torch.profiler import profile, ProfilerActivity
for label, args in (("strided", (q, k, v, do)), ("contiguous", (qc, kc, vc, doc))):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for _ in range(20):
            ours(*args)
        torch.cuda.synchronize()
    print(label)
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=14))
