#!/usr/bin/env python3
"""The host cost of a launch from Python, and the checks of the fast path
(tessera.Kernel remembers each argument signature it has checked and later
only patches data pointers and scalars into the packed arguments), and of
flash_attn_func's C++ launch path (tessera.ops._extension) against its
Python path.

usage: TESSERA_CACHE_DIR=... python3 test/gpu/check_launch.py
(needs kernels/fa2_bnhd.tile f16 D=64 in the cache: check_backward.py
--precompile puts it there). Exits 1 on a failed check.
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

from tessera import ops  # noqa: E402
from tessera.ops import flash_attn as fa  # noqa: E402
from tessera.testing import host_time_us  # noqa: E402


def main():
    ok = True
    b, n, h, d = 1, 2048, 32, 64
    q, k, v = (torch.randn(b, n, h, d, device="cuda", dtype=torch.float16) for _ in range(3))
    kernel = fa.get_kernel(q.dtype, d, False, -1, -1, q.device, "fa2_bnhd", False)
    out, lse = torch.empty_like(q), torch.empty(b, h, n, device="cuda")
    args = fa.bnhd_views(q, k, v, out, lse, fa._no_slopes(h, q.device), 0.125)
    bound = kernel.bind(**args)
    checked = host_time_us(lambda: kernel.bind(**args)(None), 200)
    kernel(**args)
    fast = host_time_us(lambda: kernel(**args), 200)
    again = host_time_us(lambda: bound(), 200)
    print(f"host µs per launch: checked {checked:.1f}, remembered signature {fast:.1f}, "
          f"BoundLaunch {again:.1f}")
    ok &= fast < checked

    # New data through a remembered signature: the results follow the data.
    q2, k2, v2 = (torch.randn_like(x) for x in (q, k, v))
    out2, lse2 = torch.empty_like(out), torch.empty_like(lse)
    kernel(**fa.bnhd_views(q2, k2, v2, out2, lse2, fa._no_slopes(h, q.device), 0.125))
    expect, expect_lse = torch.empty_like(out), torch.empty_like(lse)
    kernel.bind(**fa.bnhd_views(q2, k2, v2, expect, expect_lse, fa._no_slopes(h, q.device),
                                0.125))(None)
    torch.cuda.synchronize()
    same = torch.equal(out2, expect) and torch.equal(lse2, expect_lse)
    print(f"{'ok  ' if same else 'FAIL'} new tensors through a remembered signature")
    ok &= same

    # Errors still come from the checked path.
    storage = torch.empty(b * n * h * d + 1, device="cuda", dtype=torch.float16)
    shifted = storage[1:].view(b, n, h, d)                      # 2-byte aligned
    cases = [("a misaligned pointer", dict(args, Q=shifted.transpose(1, 2)), ValueError,
              "aligned"),
             ("a scalar of the wrong type", dict(args, sm_scale="x"), TypeError, "number"),
             ("another shape", dict(args, Q=q[:, :, :, :32].transpose(1, 2)), ValueError, "")]
    for what, bad, error, text in cases:
        try:
            kernel(**bad)
            print(f"FAIL {what}: no error")
            ok = False
        except error as raised:
            good = text in str(raised)
            print(f"{'ok  ' if good else 'FAIL'} {what}: {type(raised).__name__}: {raised}")
            ok &= good
    ok &= check_extension()
    return 0 if ok else 1


def _fwd_bwd(q, k, v, do, **options):
    out = ops.flash_attn_func(q, k, v, **options)
    return (out,) + torch.autograd.grad(out, (q, k, v), do)


def check_extension():
    """The C++ launch path of flash_attn_func (tessera.ops._extension): the
    same kernels and arguments as the Python path, so bit-identical results;
    its errors; and the host time of a forward + backward either way, with
    SDPA-flash's on the same tensors."""
    from tessera.ops import _extension
    ok = True
    os.environ["TESSERA_TORCH_EXTENSION"] = "1"
    start = time.perf_counter()
    _extension.flash_attn_op()
    print(f"C++ launch path: {_extension.status()} ({time.perf_counter() - start:.1f} s to "
          "build or load)")
    torch.manual_seed(0)
    cases = [("f16 D=64", torch.float16, 64, {}),
             ("bf16 D=128 causal", torch.bfloat16, 128, dict(causal=True)),
             ("f16 D=64 window", torch.float16, 64, dict(window_size=(256, 64))),
             ("f16 D=128 causal ALiBi", torch.float16, 128,
              dict(causal=True, alibi_slopes=torch.rand(4, device="cuda"))),
             ("bf16 D=64 ragged, strided q", torch.bfloat16, 64, dict(causal=True)),
             ("f16 D=64 causal GQA (K/V heads 2)", torch.float16, 64, dict(causal=True)),
             ("bf16 D=128 MQA (K/V heads 1)", torch.bfloat16, 128, {})]
    for what, dtype, d, options in cases:
        b, n, h = 2, 1000, 4
        hk = 2 if "GQA" in what else 1 if "MQA" in what else h
        q, k, v, do = (torch.randn(b, n, x, d, device="cuda", dtype=dtype)
                       for x in (h, hk, hk, h))
        if "strided" in what:
            q = torch.randn(b, h, n, d, device="cuda", dtype=dtype).transpose(1, 2)
        for x in (q, k, v):
            x.requires_grad_()
        os.environ["TESSERA_TORCH_EXTENSION"] = "1"
        compiled = _fwd_bwd(q, k, v, do, **options)
        os.environ["TESSERA_TORCH_EXTENSION"] = "0"
        python = _fwd_bwd(q, k, v, do, **options)
        torch.cuda.synchronize()
        same = all(torch.equal(a, b) for a, b in zip(compiled, python))
        finite = all(bool(torch.isfinite(x).all()) for x in compiled)
        print(f"{'ok  ' if same and finite else 'FAIL'} {what}: out, dq, dk, dv of the C++ "
              "path equal the Python path's")
        ok &= same and finite

    os.environ["TESSERA_TORCH_EXTENSION"] = "1"
    q, k, v = (torch.randn(1, 256, 4, 64, device="cuda", dtype=torch.float16,
                           requires_grad=True) for _ in range(3))
    out = ops.flash_attn_func(q, k, v)
    storage = torch.empty(1 * 256 * 4 * 64 + 1, device="cuda", dtype=torch.float16)
    for what, call, text in (
            ("a gradient of the wrong shape", lambda: torch.autograd.grad(
                out, (q, k, v), torch.ones(1, 256, 4, 32, device="cuda",
                                           dtype=torch.float16)), "shape"),
            ("a misaligned dout", lambda: torch.autograd.grad(
                out, (q, k, v), storage[1:].view(1, 256, 4, 64)), "aligned"),
            ("the op called with a handle tessera.ops did not register", lambda:
                torch.ops.tessera_ext.flash_attn(q, k, v, torch.zeros(4, device="cuda"),
                                                 0.125, [12345, 0, 0, 0]),
             "is not a kernel handle"),
            ("the op called with K/V heads not dividing H", lambda:
                torch.ops.tessera_ext.flash_attn(q, k[:, :, :3], v[:, :, :3],
                                                 torch.zeros(4, device="cuda"), 0.125,
                                                 [12345, 0, 0, 0]),
             "HK dividing H")):
        try:
            call()
            print(f"FAIL {what}: no error")
            ok = False
        except RuntimeError as raised:
            message = str(raised).splitlines()[0]
            good = text in str(raised)
            print(f"{'ok  ' if good else 'FAIL'} {what}: {type(raised).__name__}: {message}")
            ok &= good

    # Host time of one forward + backward (the B = 1 shape PERF.md times).
    b, n, h, d = 1, 2048, 32, 64
    q, k, v, do = (torch.randn(b, n, h, d, device="cuda", dtype=torch.float16)
                   for _ in range(4))
    for x in (q, k, v):
        x.requires_grad_()
    sdpa = [x.detach().transpose(1, 2).requires_grad_() for x in (q, k, v)]
    do_t = do.transpose(1, 2)

    def theirs():
        from torch.nn.attention import SDPBackend, sdpa_kernel
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            out = torch.nn.functional.scaled_dot_product_attention(*sdpa)
        torch.autograd.grad(out, sdpa, do_t)

    times = {}
    for label, setting in (("C++ path", "1"), ("Python path", "0")):
        os.environ["TESSERA_TORCH_EXTENSION"] = setting
        fn = lambda: _fwd_bwd(q, k, v, do)  # noqa: E731
        fn()
        times[label] = host_time_us(fn, 200)
    times["SDPA-flash"] = host_time_us(theirs, 200)
    print(f"host µs per forward + backward at [{b},{h},{n},{d}]: " +
          ", ".join(f"{key} {value:.0f}" for key, value in times.items()))
    ok &= times["C++ path"] < times["Python path"]
    os.environ["TESSERA_TORCH_EXTENSION"] = "1"
    return ok


if __name__ == "__main__":
    sys.exit(main())
