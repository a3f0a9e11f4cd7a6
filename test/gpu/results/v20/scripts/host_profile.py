"""Where the host time of tessera.ops.flash_attn_func forward+backward goes."""
import cProfile, io, os, pstats, sys, time
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
import torch
from tessera import ops
from tessera.testing import host_time_us

def rand(shape):
    return torch.randn(shape, device="cuda", dtype=torch.float16)

for (b, h, n, d) in [(1, 32, 2048, 64), (1, 2, 128, 64)]:
    base = [rand((b, h, n, d)) for _ in range(4)]
    q, k, v, do = (x.transpose(1, 2) for x in base)
    for x in (q, k, v):
        x.requires_grad_()
    def ours():
        out = ops.flash_attn_func(q, k, v)
        torch.autograd.grad(out, (q, k, v), do)
    def fwd():
        with torch.no_grad():
            ops.flash_attn_func(q, k, v)
    def fwd_grad():
        ops.flash_attn_func(q, k, v)
    out = ops.flash_attn_func(q, k, v)
    def bwd():
        torch.autograd.grad(out, (q, k, v), do, retain_graph=True)
    for fn in (ours, fwd, fwd_grad, bwd):
        fn(); torch.cuda.synchronize()
    print(f"[{b},{h},{n},{d}] host us: fwd+bwd {host_time_us(ours):.0f}, fwd no-grad "
          f"{host_time_us(fwd):.0f}, fwd grad {host_time_us(fwd_grad):.0f}, bwd {host_time_us(bwd):.0f}")
    # sdpa
    q4, k4, v4 = (x.detach().clone().requires_grad_() for x in base[:3])
    def theirs():
        out = torch.nn.functional.scaled_dot_product_attention(q4, k4, v4)
        torch.autograd.grad(out, (q4, k4, v4), base[3])
    theirs(); torch.cuda.synchronize()
    print(f"  sdpa fwd+bwd host us {host_time_us(theirs):.0f}")
    # GPU time per call in a synchronized loop vs host loop
    torch.cuda.synchronize(); t = time.perf_counter()
    for _ in range(50): ours()
    torch.cuda.synchronize(); print(f"  50 ours synced at end: {(time.perf_counter()-t)/50*1e6:.0f} us/call")
    prof = cProfile.Profile()
    torch.cuda.synchronize()
    prof.enable()
    for _ in range(50): ours()
    prof.disable()
    torch.cuda.synchronize()
    s = io.StringIO(); pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(25)
    print(s.getvalue())
    s = io.StringIO(); pstats.Stats(prof, stream=s).sort_stats("cumulative").print_stats(30)
    print(s.getvalue())
