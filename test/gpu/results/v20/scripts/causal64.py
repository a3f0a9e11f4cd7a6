"""Causal D=64 backward kernels alone over a few more configs: causal64.py precompile|run"""
import os, sys
sys.path.insert(0, os.path.join(os.environ["TREE"], "python"))
sys.path.insert(0, os.path.join(os.environ["TREE"], "test", "gpu"))
import torch
import tessera
import check_backward as cb
CONFIGS = {"fa2_bwd_dkdv": [(32, 128, 4, 2, False), (32, 128, 4, 3, False), (32, 64, 4, 2, False),
                            (32, 64, 4, 2, True), (16, 128, 4, 2, False), (32, 128, 4, 2, True)],
           "fa2_bwd_dq": [(64, 64, 4, 2), (64, 64, 4, 3), (64, 32, 4, 2), (32, 64, 4, 2),
                          (64, 128, 4, 2)]}
B, H, N, D = 4, 32, 2048, 64
if sys.argv[1] == "precompile":
    for entry, configs in CONFIGS.items():
        for config in configs:
            source, constants = cb.sweep_constants(entry, config, D, True)
            try:
                tessera.compile(source, "sm_90a", kernel=entry, **constants)
            except Exception as e:
                print("skip", entry, config, str(e).splitlines()[0][:120])
    sys.exit(0)
g = torch.Generator(device="cuda").manual_seed(3)
q, k, v, do = (cb.rand((B, H, N, D), torch.float16, g) for _ in range(4))
args = dict(Q=q, K=k, V=v, dO=do, Lse=torch.rand(B, H, N, device="cuda") + 5,
            Delta=torch.rand(B, H, N, device="cuda"), Slopes=torch.zeros(H, device="cuda"),
            sm_scale=D ** -0.5)
for entry, configs in CONFIGS.items():
    outputs = ({"dK": torch.empty_like(k), "dV": torch.empty_like(v)} if entry == "fa2_bwd_dkdv"
               else {"dQ": torch.empty_like(q)})
    flops = 8 if entry == "fa2_bwd_dkdv" else 6
    for rep in range(2):
        for config in configs:
            source, constants = cb.sweep_constants(entry, config, D, True)
            try:
                kernel = tessera.compile(source, None, kernel=entry, **constants)
            except Exception:
                continue
            ms = cb.do_bench(lambda: kernel(**args, **outputs))
            print(f"| {entry} | causal {B},{H},{N},{D} | {config} | {ms:.4f} | "
                  f"{flops * B * H * N * N * D / 2 / ms / 1e9:.1f} |", flush=True)
