#!/usr/bin/env python3
"""The host cost of a launch from Python, and the checks of the fast path
(tessera.Kernel remembers each argument signature it has checked and later
only patches data pointers and scalars into the packed arguments).

usage: TESSERA_CACHE_DIR=... python3 test/gpu/check_launch.py
(needs kernels/fa2_bnhd.tile f16 D=64 in the cache: check_backward.py
--precompile puts it there). Exits 1 on a failed check.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))

import torch  # noqa: E402

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
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
