"""v21 call 6: the causal [4,32,2048,64] kernels alone over more configs
(forward fa2_bnhd; backward dK/dV with prefetch and 3 stages together):
causal64.py precompile|run (TREE: the tree copy)."""
import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
sys.path.insert(0, os.path.join(os.environ["TREE"], "test", "gpu"))
import torch
import tessera
import check_backward as cb
from tessera.ops import flash_attn as fa

DKDV = [(32, 128, 4, 3, False), (32, 128, 4, 3, True), (32, 64, 4, 3, True), (32, 64, 4, 2, True),
        (64, 64, 4, 2, False), (64, 64, 4, 3, False), (32, 128, 8, 3, False), (16, 64, 4, 3, True)]
FWD = [(64, 64, 4, 2), (64, 64, 4, 3), (128, 64, 8, 2), (128, 64, 4, 2), (128, 128, 8, 2),
       (64, 128, 4, 2), (128, 64, 8, 3)]
B, H, N, D = 4, 32, 2048, 64


def fwd_constants(config):
    source, constants = fa.kernel_constants(torch.float16, D, True, -1, -1, "fa2_bnhd")
    bm, bn, warps, stages = config
    constants.update(BLOCK_M=bm, BLOCK_N=bn, NUM_WARPS=warps, NUM_STAGES=stages)
    return source, constants


def kernels(target):
    for config in DKDV:
        yield "fa2_bwd_dkdv", config, cb.sweep_constants("fa2_bwd_dkdv", config, D, True)
    for config in FWD:
        yield "fa2_bnhd", config, fwd_constants(config)


if sys.argv[1] == "precompile":
    for entry, config, (source, constants) in kernels("sm_90a"):
        try:
            tessera.compile(source, "sm_90a", kernel=entry, **constants)
        except Exception as e:
            print("skip", entry, config, str(e).splitlines()[0][:160])
    sys.exit(0)
g = torch.Generator(device="cuda").manual_seed(3)
q, k, v, do = (cb.rand((B, H, N, D), torch.float16, g) for _ in range(4))
bwd_args = dict(Q=q, K=k, V=v, dO=do, Lse=torch.rand(B, H, N, device="cuda") + 5,
                Delta=torch.rand(B, H, N, device="cuda"), Slopes=torch.zeros(H, device="cuda"),
                sm_scale=D ** -0.5, dK=torch.empty_like(k), dV=torch.empty_like(v))
fwd_args = dict(Q=q, K=k, V=v, Slopes=torch.zeros(H, device="cuda"), sm_scale=D ** -0.5,
                Out=torch.empty_like(q), Lse=torch.empty(B, H, N, device="cuda"))
for rep in range(2):
    for entry, config, (source, constants) in kernels(None):
        try:
            kernel = tessera.compile(source, None, kernel=entry, **constants)
        except Exception:
            continue
        args = bwd_args if entry == "fa2_bwd_dkdv" else fwd_args
        flops = 8 if entry == "fa2_bwd_dkdv" else 4
        ms = cb.do_bench(lambda: kernel(**args))
        print(f"| {entry} | causal {B},{H},{N},{D} | {config} | {ms:.4f} | "
              f"{flops * B * H * N * N * D / 2 / ms / 1e9:.1f} |", flush=True)
