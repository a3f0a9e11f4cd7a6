# Times tr2/transpose (Y = X^T through a 64x64 register tile, 4 warps)
# against torch's transposing copy and a plain copy, same tensors, GB/s of
# bytes read + written over the median of 20 launches (CUDA events).
import sys, torch
sys.path.insert(0, "python")  # run from the tree root (calls.sh 5)
import tessera.runtime as tt
mod = tt.load("tr2/transpose.json")  # tessera-compile transpose.tile --target sm_90a -o tr2/transpose
def timeit(fn, n=20):
    for _ in range(3): fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(n):
        a, b = torch.cuda.Event(True), torch.cuda.Event(True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    ts.sort(); return ts[len(ts) // 2]
for m, n in ((8192, 8192), (4096, 12288), (8000, 5000)):
    x = torch.randn(m, n, device="cuda", dtype=torch.float16)
    y = torch.empty(n, m, device="cuda", dtype=torch.float16)
    z = torch.empty_like(y)
    mod(X=x, Y=y); torch.cuda.synchronize()
    ok = torch.equal(y, x.t())
    gb = 2 * x.numel() * 2 / 1e9
    t_ours = timeit(lambda: mod(X=x, Y=y))
    t_torch = timeit(lambda: z.copy_(x.t()))
    t_copy = timeit(lambda: z.view(-1).copy_(x.view(-1)))
    print(f"{m}x{n}: exact {ok}; tessera {gb / t_ours * 1e3:.0f} GB/s, torch x.t() copy "
          f"{gb / t_torch * 1e3:.0f} GB/s ({t_torch / t_ours:.2f}x), plain copy "
          f"{gb / t_copy * 1e3:.0f} GB/s ({t_copy / t_ours:.2f}x of ours)")
