"""FlashAttention's Python API on Tessera's kernels.

    from tessera.ops import flash_attn_func, flash_attn_varlen_func
    out = flash_attn_func(q, k, v, causal=True)              # q, k, v: [B, N, H, D]
    out, lse, _ = flash_attn_func(q, k, v, return_attn_probs=True)   # lse: [B, H, N]
    out = flash_attn_varlen_func(q, k, v, cu_seqlens, cu_seqlens, max_n, max_n)

Argument names, defaults and layouts are flash_attn 2's. The kernels:
  flash_attn_func          kernels/fa2_bnhd.tile: q, k, v, out passed as their
                           [B, H, N, D] views (q.transpose(1, 2)), one launch,
                           ALiBi slopes from a tensor;
  flash_attn_varlen_func   kernels/fa2_varlen.tile: [H, total, D] views and
                           cu_seqlens read on the GPU, one launch; with a
                           window, one kernels/fa2.tile launch per sequence
                           (fa2_varlen has no window yet; reads cu_seqlens
                           on the host).
Each combination of kernel, dtype, head dim, causal, window and ALiBi is one
compile (constants HEAD_DIM, DTYPE, CAUSAL, WINDOW_LEFT, WINDOW_RIGHT,
ALIBI and the tuning constants of the GPU's target: kernel_configs, i.e.
HOPPER_KERNEL_CONFIGS on sm_90a, KERNEL_CONFIGS elsewhere), compiled on first
use for the tensors' GPU and cached (tessera.compile). Inputs are never copied: the
kernels take strided views. Out is allocated like q (torch.empty_like), Lse
as float32 [B, H, N] (varlen: [H, total]).

The functions are custom ops (torch.ops.tessera.flash_attn_fwd, _bwd,
_varlen_fwd, _with_kvcache; torch.library) whose fake implementations let
torch.compile trace them; called eagerly they run the implementations
directly (the ops' dispatch costs more host time than the launches). CUDA
tensors launch on the current stream; CPU
tensors, and any under TESSERA_INTERPRET=1, run on the CPU interpreter
(tessera.interpret: the GPU's numerics, slow, for tests).

flash_attn_func is differentiable: when q, k or v requires grad, the backward
(torch.ops.tessera.flash_attn_bwd) runs kernels/fa2_bwd.tile's three kernels
(Delta = rowsum(dO * out), then dK/dV and dQ, no atomics: deterministic).
Eager calls on CUDA tensors take the C++ launch path instead
(torch.ops.tessera_ext.flash_attn, tessera.ops._extension: the same kernels
and arguments launched from C++, with a C++ autograd node), which costs a
fraction of the host time.
The LSE output is not differentiable. flash_attn_varlen_func is forward-only:
it raises UnsupportedError when a gradient is asked for.

What the kernels do not do yet raises UnsupportedError (a
NotImplementedError) from `check_supported`, the one place to extend.
"""

import math
import re
from typing import Optional, Tuple

import torch

from .. import compiler as _compiler
from .. import _paths
from . import _extension, _kernels

# Head dims the op compiles kernels/fa2.tile for.
SUPPORTED_HEAD_DIMS = (64, 128)
SUPPORTED_DTYPES = (torch.float16, torch.bfloat16)
# Tuning constants per (HEAD_DIM, masked): the fastest H200 configs of
# test/gpu/results/2026-11-29-h200.md (masked: causal or a window).
KERNEL_CONFIGS = {
    (64, False): dict(BLOCK_M=128, BLOCK_N=64, NUM_WARPS=8, NUM_STAGES=2),
    (64, True): dict(BLOCK_M=64, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2),
    (128, False): dict(BLOCK_M=128, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2),
    (128, True): dict(BLOCK_M=128, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2),
}
# On sm_90a (wgmma, TMA), for the kernels that take the Hopper schedule's
# constants (_HOPPER_KERNELS): the fastest configs of run_all's sweep of
# kernels/fa2.tile. D = 128: 128x128 tiles, a producer warpgroup issuing the
# Q, K and V copies, two consumer warpgroups taking turns, P.V of one key
# block under QK^T of the next, a persistent grid (the sweep's `_poP`, the
# fastest config at every N of its D = 128 table up to 8192, causal and not,
# test/gpu/RESULTS.md v31; +6 to +17 % over v28's `_p` choice at N <= 2048).
# D = 64 unmasked: 128x128 tiles over 4 warps (1.10-1.11x the 128x64 w8 above
# at [B, 32, 2048, 64], v28).
HOPPER_KERNEL_CONFIGS = {
    (64, False): dict(BLOCK_M=128, BLOCK_N=128, NUM_WARPS=4, NUM_STAGES=2),
    (64, True): KERNEL_CONFIGS[(64, True)],
    **{(128, masked): dict(BLOCK_M=128, BLOCK_N=128, NUM_WARPS=8, NUM_STAGES=2,
                           WARP_SPECIALIZE=True, PING_PONG=True, OVERLAP_DOTS=True,
                           PERSISTENT=True)
       for masked in (False, True)},
}
HOPPER_TARGETS = ("sm_90a",)
# Tuning constants of kernels/fa2_bwd.tile per (HEAD_DIM, masked): the fastest of
# test/gpu/check_backward.py --sweep on the H200 (test/gpu/RESULTS.md v9, v20).
# Prefetching Lse and Delta (PREFETCH) speeds up the unmasked dK/dV kernel
# (D = 64 +32 %, D = 128 +66 %) and slows the causal one (its second loop
# holds more registers), so it is on where it measured faster.
_BWD_D64 = dict(DKDV_BLOCK_M=32, DKDV_BLOCK_N=128, DKDV_NUM_WARPS=4,
                DQ_BLOCK_M=64, DQ_BLOCK_N=64, DQ_NUM_WARPS=4, NUM_STAGES=2)
BACKWARD_CONFIGS = {
    (64, False): dict(_BWD_D64, PREFETCH=True),
    (64, True): dict(_BWD_D64, DKDV_NUM_STAGES=3),
    (128, False): dict(DKDV_BLOCK_M=32, DKDV_BLOCK_N=128, DKDV_NUM_WARPS=8, PREFETCH=True,
                       DQ_BLOCK_M=128, DQ_BLOCK_N=128, DQ_NUM_WARPS=8, NUM_STAGES=2),
    (128, True): dict(DKDV_BLOCK_M=64, DKDV_BLOCK_N=64, DKDV_NUM_WARPS=4,
                      DQ_BLOCK_M=128, DQ_BLOCK_N=128, DQ_NUM_WARPS=8, NUM_STAGES=2),
}
# kernels/fa2_paged_decode.tile's tuning constants (its file defaults).
_DECODE = dict(BLOCK_M=16, NUM_WARPS=4, NUM_STAGES=2)
DECODE_CONFIGS = {(d, masked): _DECODE for d in (64, 128) for masked in (False, True)}
# flash_attn_with_kvcache: query tokens per call (the kernel's BLOCK_M), the
# page sizes the kernel takes as they are (a multiple of 64 runs as pages of
# 64), and the most splits of the K/V length.
DECODE_MAX_QUERIES = 16
DECODE_PAGES = (16, 32, 64)
DECODE_MAX_SPLITS = 64
DECODE_MIN_SPLIT_PAGES = 32
SUPPORTED_SUMMARY = (
    "q, k, v of one dtype (float16 or bfloat16) on one device, [B, N, H, D] with "
    "the same N for q, k and v and H a multiple of k and v's heads (GQA/MQA; varlen: "
    f"the same H), D in {SUPPORTED_HEAD_DIMS}, a contiguous last "
    "dimension; causal, window_size, softmax_scale, alibi_slopes of shape [H], "
    "return_attn_probs (the LSE); varlen with cu_seqlens_q equal to cu_seqlens_k")


class UnsupportedError(NotImplementedError):
    """A combination the Tessera kernels do not support yet."""


def _unsupported(function, what, why):
    raise UnsupportedError(f"tessera.ops.{function}: {what} is not supported yet "
                           f"({why}). Supported now: {SUPPORTED_SUMMARY}.")


# ----------------------------------------------------------------------------
# Argument checks: argument errors first, then what is not supported yet
# ----------------------------------------------------------------------------

def normalize_window(window_size, causal):
    """(causal, left, right) in kernel terms: FlashAttention's window_size
    (-1 = open) with causal meaning right = 0; a window (-1, 0) is causal."""
    try:
        left, right = (int(x) for x in window_size)
    except (TypeError, ValueError):
        raise ValueError(f"window_size: expected (left, right) integers, got "
                         f"{window_size!r}") from None
    if left < -1 or right < -1:
        raise ValueError(f"window_size: expected integers >= -1, got {window_size!r}")
    if causal or right == 0:
        return True, left, -1
    return False, left, right


def check_supported(function, q, k, v, dropout_p=0.0, softcap=0.0, alibi_slopes=None,
                    varlen=False, kvcache=False):
    """Raises TypeError/ValueError for bad arguments and UnsupportedError for
    combinations the kernels do not support yet. The one place to extend as
    kernels grow."""
    rank = 3 if varlen else 4
    layout = "[total, H, D]" if varlen else "[B, N, H, D]"
    for name, x in (("q", q), ("k", k), ("v", v)):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"tessera.ops.{function}: {name}: expected a torch.Tensor, got "
                            f"{type(x).__name__}")
        if x.dim() != rank:
            raise ValueError(f"tessera.ops.{function}: {name}: expected {layout}, got shape "
                             f"{list(x.shape)}")
    if not (q.dtype == k.dtype == v.dtype):
        raise TypeError(f"tessera.ops.{function}: q, k, v must have one dtype, got "
                        f"{q.dtype}, {k.dtype}, {v.dtype}")
    if not (q.device == k.device == v.device):
        raise ValueError(f"tessera.ops.{function}: q, k, v must be on one device, got "
                         f"{q.device}, {k.device}, {v.device}")
    if k.shape != v.shape:
        raise ValueError(f"tessera.ops.{function}: k and v must have one shape, got "
                         f"{list(k.shape)} and {list(v.shape)}")
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(f"tessera.ops.{function}: q and k must have one head dim, got "
                         f"{q.shape[-1]} and {k.shape[-1]}")
    if not varlen and not kvcache and q.shape[0] != k.shape[0]:
        raise ValueError(f"tessera.ops.{function}: q and k must have one batch size, got "
                         f"{q.shape[0]} and {k.shape[0]}")
    if q.shape[-2] % k.shape[-2]:
        raise ValueError(f"tessera.ops.{function}: the heads of q ({q.shape[-2]}) must be "
                         f"a multiple of those of k and v ({k.shape[-2]})")
    # What the kernels do not do yet.
    if dropout_p:
        _unsupported(function, f"dropout_p={dropout_p}", "the kernels have no "
                     "dropout")
    if softcap:
        _unsupported(function, f"softcap={softcap}", "kernels/fa2.tile has no score "
                     "soft-capping")
    if alibi_slopes is not None:
        if varlen:
            _unsupported(function, "alibi_slopes with varlen", "kernels/fa2_varlen.tile "
                         "has no ALiBi bias")
        if not isinstance(alibi_slopes, torch.Tensor):
            raise TypeError(f"tessera.ops.{function}: alibi_slopes: expected a float32 "
                            f"tensor [H], got {type(alibi_slopes).__name__}")
        if alibi_slopes.dim() == 2 and alibi_slopes.shape[0] == q.shape[0]:
            _unsupported(function, "alibi_slopes of shape [B, H]", "kernels/fa2_bnhd.tile "
                         "takes one slope per head, [H]")
        if tuple(alibi_slopes.shape) != (q.shape[-2],) or alibi_slopes.dtype != torch.float32:
            raise ValueError(f"tessera.ops.{function}: alibi_slopes: expected float32 "
                             f"[{q.shape[-2]}], got {alibi_slopes.dtype} "
                             f"{list(alibi_slopes.shape)}")
        if alibi_slopes.device != q.device:
            raise ValueError(f"tessera.ops.{function}: alibi_slopes must be on {q.device}, "
                             f"got {alibi_slopes.device}")
    if q.dtype not in SUPPORTED_DTYPES:
        _unsupported(function, f"dtype {q.dtype}", "the kernels store float16 or bfloat16")
    if q.shape[-1] not in SUPPORTED_HEAD_DIMS:
        _unsupported(function, f"head dim {q.shape[-1]}", "the op compiles "
                     f"kernels/fa2.tile for D in {SUPPORTED_HEAD_DIMS}")
    if k.shape[-2] != q.shape[-2] and varlen:
        kind = "MQA" if k.shape[-2] == 1 else "GQA"
        _unsupported(function, f"{kind} (q with {q.shape[-2]} heads, k and v with "
                     f"{k.shape[-2]})", "kernels/fa2_varlen.tile indexes K and V by the "
                     "query's head")
    if not varlen and not kvcache and q.shape[1] != k.shape[1]:
        _unsupported(function, f"different query and key lengths ({q.shape[1]} and "
                     f"{k.shape[1]})", "kernels/fa2.tile has one sequence length N")
    for name, x in (("q", q), ("k", k), ("v", v)):
        if x.shape[-1] > 1 and x.stride(-1) != 1:
            _unsupported(function, f"{name} with a strided last dimension (strides "
                         f"{list(x.stride())})", "the kernels need a contiguous head dim")
    if q.device.type not in ("cuda", "cpu", "meta"):
        _unsupported(function, f"device {q.device}", "CUDA tensors run on the GPU, CPU "
                     "tensors on the interpreter")


# ----------------------------------------------------------------------------
# Kernels
# ----------------------------------------------------------------------------

_SMS = {}      # CUDA device index -> multiprocessors
_SOURCES = {}
# The constants each kernel file has beyond HEAD_DIM, CAUSAL and the tuning ones.
_WINDOWED = ("fa2", "fa2_bnhd", "fa2_bwd")
_ALIBI = ("fa2_bnhd", "fa2_bwd")
_TUNING = {"fa2_bwd": BACKWARD_CONFIGS, "fa2_paged_decode": DECODE_CONFIGS}
_HOPPER_KERNELS = ("fa2", "fa2_bnhd")


def kernel_source(dtype, name="fa2"):
    """kernels/NAME.tile for `dtype`, and the constants that select it:
    DTYPE=bf16 where the file has the element-type constant; for an older
    file without it, a variant made by substituting the element types
    (f16[ -> bf16[, .to(f16) -> .to(bf16)), named NAME_bf16.tile in
    diagnostics."""
    element = "bf16" if dtype == torch.bfloat16 else "f16"
    key = (name, element)
    if key not in _SOURCES:
        path = _paths.kernels_dir() / f"{name}.tile"
        text = path.read_text()
        has_dtype = re.search(r"^const DTYPE\b", text, re.M) is not None
        if element == "f16" or has_dtype:
            source = _compiler.Source(text, path.name, path)
            constants = {"DTYPE": element} if has_dtype and element != "f16" else {}
        else:
            text = re.sub(r"(?<![\w])f16\[", "bf16[", text).replace(".to(f16)", ".to(bf16)")
            source = _compiler.Source(text, f"{name}_bf16.tile")
            constants = {}
        _SOURCES[key] = (source, constants)
    return _SOURCES[key]


def kernel_configs(name, target=None):
    """The tuning table of kernels/NAME.tile for `target` (a compile target
    such as "sm_90a"; None: the portable table, which the CPU interpreter
    runs)."""
    if target in HOPPER_TARGETS and name in _HOPPER_KERNELS:
        return HOPPER_KERNEL_CONFIGS
    return _TUNING.get(name, KERNEL_CONFIGS)


def kernel_constants(dtype, head_dim, causal, left, right, name="fa2", alibi=False,
                     extra=(), target=None):
    """The source and every constant of kernels/NAME.tile for one combination
    compiled for `target` (kernel_configs); `extra`: more (name, value)
    constants (fa2_paged_decode's PAGE)."""
    source, constants = kernel_source(dtype, name)
    masked = causal or left >= 0 or right >= 0
    configs = kernel_configs(name, target)
    constants = dict(constants, HEAD_DIM=head_dim, CAUSAL=int(causal),
                     **configs[(head_dim, masked)], **dict(extra))
    if name in _WINDOWED:
        constants.update(WINDOW_LEFT=left, WINDOW_RIGHT=right)
    if name in _ALIBI:
        constants["ALIBI"] = int(alibi)
    return source, constants


def get_kernel(dtype, head_dim, causal, left, right, device, name="fa2", alibi=False,
               entry=None, extra=()):
    """The compiled Kernel of a combination for `device` (a torch.device);
    `entry` picks one kernel of a file that has several (kernels/fa2_bwd.tile)."""
    def build(target):
        source, constants = kernel_constants(dtype, head_dim, causal, left, right, name,
                                             alibi, extra, target)
        return _compiler.compile(source, target, kernel=entry, **constants)
    key = (name, entry, dtype, head_dim, causal, left, right, alibi, tuple(extra))
    return _kernels.cached_kernel(key, device, build)


def _launch(name, q, causal, left, right, alibi=False, entry=None, extra=(), **args):
    """Launches kernels/NAME.tile (CUDA) or interprets it (CPU, or anything
    under TESSERA_INTERPRET=1) on `args`, the kernel's parameters by name."""
    from ..kernel import _interpret_forced
    if q.device.type == "cuda" and not _interpret_forced():
        kernel = get_kernel(q.dtype, q.shape[-1], causal, left, right, q.device, name, alibi,
                            entry, extra)
        kernel(**args)
        return
    from ..interpreter import interpret
    source, constants = kernel_constants(q.dtype, q.shape[-1], causal, left, right, name,
                                         alibi, extra)
    interpret(source, constants=constants, kernel=entry, **args)


# ----------------------------------------------------------------------------
# Views of the caller's tensors, never copies
# ----------------------------------------------------------------------------

def bnhd_views(q, k, v, out, lse, slopes, scale):
    """The arguments of kernels/fa2_bnhd.tile: [B, H, N, D] views of the
    [B, N, H, D] tensors (q.transpose(1, 2): same storage, any strides)."""
    return dict(Q=q.transpose(1, 2), K=k.transpose(1, 2), V=v.transpose(1, 2),
                Slopes=slopes, sm_scale=scale, Out=out.transpose(1, 2), Lse=lse)


def varlen_views(q, k, v, cu_seqlens, out, lse, scale):
    """The arguments of kernels/fa2_varlen.tile: [H, total, D] views."""
    return dict(Q=q.transpose(0, 1), K=k.transpose(0, 1), V=v.transpose(0, 1),
                CuSeqlens=cu_seqlens, sm_scale=scale, Out=out.transpose(0, 1), Lse=lse)


def plan_varlen_launches(q, k, v, out, lse, cu_seqlens):
    """Per sequence i (for a window, on kernels/fa2.tile): the [H, n_i, D]
    views of q, k, v, out and the [H, n_i] view of lse (rows cu_seqlens[i]
    to cu_seqlens[i+1]); empty ones skipped."""
    launches = []
    for start, end in zip(cu_seqlens[:-1], cu_seqlens[1:]):
        if end > start:
            launches.append(tuple(x[start:end].transpose(0, 1) for x in (q, k, v, out))
                            + (lse[:, start:end],))
    return launches


_NO_SLOPES = {}


def _no_slopes(heads, device):
    """An f32[H] for fa2_bnhd's Slopes when there is no ALiBi (not read)."""
    key = (heads, str(device))
    if key not in _NO_SLOPES:
        _NO_SLOPES[key] = torch.zeros(heads, dtype=torch.float32, device=device)
    return _NO_SLOPES[key]


# ----------------------------------------------------------------------------
# The custom ops
# ----------------------------------------------------------------------------

def _fwd(q, k, v, alibi_slopes, softmax_scale, causal, window_left, window_right):
    check_supported("flash_attn_func", q, k, v, alibi_slopes=alibi_slopes)
    return _fwd_checked(q, k, v, alibi_slopes, softmax_scale, causal, window_left,
                        window_right)


def _fwd_checked(q, k, v, alibi_slopes, softmax_scale, causal, window_left, window_right):
    """flash_attn_fwd on arguments check_supported has passed (the eager path:
    flash_attn_func checked them)."""
    out = torch.empty_like(q)
    lse = torch.empty((q.shape[0], q.shape[2], q.shape[1]), dtype=torch.float32,
                      device=q.device)
    if out.numel():
        alibi = alibi_slopes is not None
        slopes = alibi_slopes if alibi else _no_slopes(q.shape[2], q.device)
        _launch("fa2_bnhd", q, causal, window_left, window_right, alibi,
                **bnhd_views(q, k, v, out, lse, slopes, softmax_scale))
    return out, lse


def _fwd_fake(q, k, v, alibi_slopes, softmax_scale, causal, window_left, window_right):
    check_supported("flash_attn_func", q, k, v, alibi_slopes=alibi_slopes)
    return (torch.empty_like(q),
            q.new_empty((q.shape[0], q.shape[2], q.shape[1]), dtype=torch.float32))


def _bwd(dout, q, k, v, out, lse, alibi_slopes, softmax_scale, causal, window_left,
         window_right):
    """dq, dk, dv of flash_attn_fwd (laid out like q, k, v): kernels/fa2_bwd.tile's
    preprocessing kernel (Delta [B, H, N] float32), then dK/dV and dQ."""
    check_supported("flash_attn_func", q, k, v, alibi_slopes=alibi_slopes)
    return _bwd_checked(dout, q, k, v, out, lse, alibi_slopes, softmax_scale, causal,
                        window_left, window_right)


def _bwd_checked(dout, q, k, v, out, lse, alibi_slopes, softmax_scale, causal, window_left,
                 window_right):
    """flash_attn_bwd for a forward whose arguments check_supported passed
    (the autograd node's); dout is still checked."""
    if dout.shape != q.shape or dout.dtype != q.dtype or dout.device != q.device:
        raise ValueError(f"tessera.ops.flash_attn_func backward: the gradient of out must be "
                         f"{q.dtype} {list(q.shape)} on {q.device}, got {dout.dtype} "
                         f"{list(dout.shape)} on {dout.device}")
    if dout.shape[-1] > 1 and dout.stride(-1) != 1:
        dout = dout.contiguous()
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    if not q.numel():
        return dq, dk, dv
    # GQA/MQA: the dK/dV kernel writes each query head's share ([B, N, H, D]);
    # each group's H / HK shares are summed into dk and dv below.
    group = q.shape[2] // k.shape[2]
    dk_heads, dv_heads = (dk, dv) if group == 1 else (q.new_empty(q.shape) for _ in range(2))
    delta = torch.empty_like(lse)
    alibi = alibi_slopes is not None
    slopes = alibi_slopes if alibi else _no_slopes(q.shape[2], q.device)
    mode = (q, causal, window_left, window_right, alibi)
    _launch("fa2_bwd", *mode, entry="fa2_bwd_preprocess", Out=out.transpose(1, 2),
            dO=dout.transpose(1, 2), Delta=delta)
    views = dict(Q=q.transpose(1, 2), K=k.transpose(1, 2), V=v.transpose(1, 2),
                 dO=dout.transpose(1, 2), Lse=lse, Delta=delta, Slopes=slopes,
                 sm_scale=softmax_scale)
    _launch("fa2_bwd", *mode, entry="fa2_bwd_dkdv", dK=dk_heads.transpose(1, 2),
            dV=dv_heads.transpose(1, 2), **views)
    _launch("fa2_bwd", *mode, entry="fa2_bwd_dq", dQ=dq.transpose(1, 2), **views)
    if group > 1:
        b, n, hk, d = k.shape
        torch.sum(dk_heads.view(b, n, hk, group, d), dim=3, out=dk)
        torch.sum(dv_heads.view(b, n, hk, group, d), dim=3, out=dv)
    return dq, dk, dv


def _bwd_fake(dout, q, k, v, out, lse, alibi_slopes, softmax_scale, causal, window_left,
              window_right):
    check_supported("flash_attn_func", q, k, v, alibi_slopes=alibi_slopes)
    return torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)


def _varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
                softmax_scale, causal, window_left, window_right):
    check_supported("flash_attn_varlen_func", q, k, v, varlen=True)
    return _varlen_fwd_checked(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q,
                               max_seqlen_k, softmax_scale, causal, window_left, window_right)


def _varlen_fwd_checked(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
                        softmax_scale, causal, window_left, window_right):
    """flash_attn_varlen_fwd on q, k, v check_supported has passed."""
    _check_cu_seqlens(q, k, cu_seqlens_q, cu_seqlens_k)
    if cu_seqlens_k is not cu_seqlens_q and not torch.equal(cu_seqlens_q, cu_seqlens_k):
        _unsupported("flash_attn_varlen_func", "cu_seqlens_k different from cu_seqlens_q",
                     "the kernels have one sequence length per sequence")
    out = torch.empty_like(q)
    lse = torch.empty((q.shape[1], q.shape[0]), dtype=torch.float32, device=q.device)
    if not out.numel():
        return out, lse
    if window_left < 0 and window_right < 0:
        # One launch; the kernel reads the offsets on the device.
        cu = cu_seqlens_q.to(q.device)
        _launch("fa2_varlen", q, causal, -1, -1,
                **varlen_views(q, k, v, cu, out, lse, softmax_scale))
        return out, lse
    starts = [int(x) for x in cu_seqlens_q.tolist()]
    if starts[0] != 0 or starts[-1] != q.shape[0] or any(
            b < a for a, b in zip(starts, starts[1:])):
        raise ValueError(f"tessera.ops.flash_attn_varlen_func: cu_seqlens must rise from 0 "
                         f"to total = {q.shape[0]}, got {starts}")
    for qv, kv, vv, ov, lv in plan_varlen_launches(q, k, v, out, lse, starts):
        _launch("fa2", q, causal, window_left, window_right, Q=qv, K=kv, V=vv,
                sm_scale=softmax_scale, Out=ov, Lse=lv)
    return out, lse


def _varlen_fwd_fake(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k,
                     softmax_scale, causal, window_left, window_right):
    check_supported("flash_attn_varlen_func", q, k, v, varlen=True)
    _check_cu_seqlens(q, k, cu_seqlens_q, cu_seqlens_k)
    return (torch.empty_like(q),
            q.new_empty((q.shape[1], q.shape[0]), dtype=torch.float32))


def _check_cu_seqlens(q, k, cu_seqlens_q, cu_seqlens_k):
    for name, cu in (("cu_seqlens_q", cu_seqlens_q), ("cu_seqlens_k", cu_seqlens_k)):
        if not isinstance(cu, torch.Tensor) or cu.dim() != 1 or cu.dtype != torch.int32:
            raise TypeError(f"tessera.ops.flash_attn_varlen_func: {name}: expected a 1-D "
                            f"int32 tensor [B + 1]")
    if cu_seqlens_q.shape != cu_seqlens_k.shape:
        raise ValueError("tessera.ops.flash_attn_varlen_func: cu_seqlens_q and cu_seqlens_k "
                         "must have one length (B + 1)")


def _kvcache_pages(k_cache, v_cache, block_table):
    """The cache as the kernel's pages: (k [NB', PAGE, HK, D], v, table
    [B, MAXB'], PAGE). Pages of 16 or 32 tokens go in as they are; a page of
    64·r tokens is r pages of 64 (a view: the cache is contiguous over its
    first two dims; the table becomes table·r + 0..r-1, one small device op);
    without a block table each sequence's [N, HK, D] rows are N/64 pages."""
    if block_table is None:
        b, n = k_cache.shape[:2]
        table = torch.arange(b * max(n // 64, 1), dtype=torch.int32,
                             device=k_cache.device).view(b, -1)
        k_cache, v_cache = (x.reshape(b * (n // 64), 64, *x.shape[2:]) if n % 64 == 0 else x
                            for x in (k_cache, v_cache))
        return k_cache, v_cache, table, 64
    page = k_cache.shape[1]
    if page in DECODE_PAGES:
        return k_cache, v_cache, block_table, page
    ratio = page // 64
    k_cache, v_cache = (x.view(x.shape[0] * ratio, 64, *x.shape[2:]) for x in (k_cache, v_cache))
    offsets = torch.arange(ratio, dtype=torch.int32, device=block_table.device)
    table = (block_table[:, :, None] * ratio + offsets).reshape(block_table.shape[0], -1)
    return k_cache, v_cache, table, 64


def decode_splits(batch, heads, max_pages, device):
    """Splits of the K/V length for fa2_paged_decode_split (1: the one-pass
    kernel): enough programs for two per SM, each split at least
    DECODE_MIN_SPLIT_PAGES pages (shorter splits lose more to the combine and
    the tail than they gain: test/gpu/RESULTS.md v10), at most
    DECODE_MAX_SPLITS. Reads only shapes (no host synchronization)."""
    if device.type != "cuda":
        return 1 if max_pages < 4 else 2
    sms = _SMS.get(device.index)
    if sms is None:
        sms = _SMS[device.index] = torch.cuda.get_device_properties(device).multi_processor_count
    programs = batch * heads
    if programs >= sms:
        return 1
    return max(1, min(-(-2 * sms // programs), max_pages // DECODE_MIN_SPLIT_PAGES,
                      DECODE_MAX_SPLITS))


def _kvcache(q, k_cache, v_cache, cache_seqlens, block_table, softmax_scale, causal,
             num_splits):
    check_kvcache(q, k_cache, v_cache, cache_seqlens, block_table)
    b, nq, h, d = q.shape
    out = torch.empty_like(q)
    lse = torch.empty((b, h, nq), dtype=torch.float32, device=q.device)
    if not out.numel():
        return out, lse
    kc, vc, table, page = _kvcache_pages(k_cache, v_cache, block_table)
    splits = num_splits or decode_splits(b, h, table.shape[1], q.device)
    mode = (q, causal, -1, -1, False)
    extra = (("PAGE", page),)
    views = dict(Q=q.transpose(1, 2), KCache=kc.transpose(1, 2), VCache=vc.transpose(1, 2),
                 BlockTable=table, SeqLens=cache_seqlens, sm_scale=softmax_scale)
    if splits == 1:
        _launch("fa2_paged_decode", *mode, entry="fa2_paged_decode", extra=extra,
                Out=out.transpose(1, 2), Lse=lse, **views)
        return out, lse
    out_split = torch.empty((splits * b, h, nq, d), dtype=torch.float32, device=q.device)
    lse_split = torch.empty((splits, b, h, nq), dtype=torch.float32, device=q.device)
    _launch("fa2_paged_decode", *mode, entry="fa2_paged_decode_split", extra=extra,
            OutSplit=out_split, LseSplit=lse_split, **views)
    _launch("fa2_paged_decode", *mode, entry="fa2_paged_decode_combine", extra=extra,
            OutSplit=out_split, LseSplit=lse_split, Out=out.transpose(1, 2), Lse=lse)
    return out, lse


def _kvcache_fake(q, k_cache, v_cache, cache_seqlens, block_table, softmax_scale, causal,
                  num_splits):
    check_kvcache(q, k_cache, v_cache, cache_seqlens, block_table)
    return (torch.empty_like(q),
            q.new_empty((q.shape[0], q.shape[2], q.shape[1]), dtype=torch.float32))


def check_kvcache(q, k_cache, v_cache, cache_seqlens, block_table):
    """flash_attn_with_kvcache's argument checks, then what is not supported."""
    function = "flash_attn_with_kvcache"
    check_supported(function, q, k_cache, v_cache, kvcache=True)
    b, nq, h, d = q.shape
    if not isinstance(cache_seqlens, torch.Tensor) or cache_seqlens.dtype != torch.int32 or \
            tuple(cache_seqlens.shape) != (b,) or cache_seqlens.device != q.device:
        raise TypeError(f"tessera.ops.{function}: cache_seqlens: expected an int32 tensor "
                        f"[{b}] on {q.device} (the cache length of each sequence, the new "
                        f"tokens included)")
    if block_table is not None:
        if not isinstance(block_table, torch.Tensor) or block_table.dtype != torch.int32 or \
                block_table.dim() != 2 or block_table.shape[0] != b or \
                block_table.device != q.device:
            raise TypeError(f"tessera.ops.{function}: block_table: expected an int32 tensor "
                            f"[{b}, max_blocks] on {q.device}")
        page = k_cache.shape[1]
        if page not in DECODE_PAGES and page % 64:
            _unsupported(function, f"page_block_size {page}", "fa2_paged_decode takes pages "
                         f"of {', '.join(map(str, DECODE_PAGES))} or a multiple of 64 tokens")
        if page not in DECODE_PAGES and any(x.stride(0) != page * x.stride(1)
                                            for x in (k_cache, v_cache)):
            _unsupported(function, "a cache not contiguous over its blocks and pages",
                         "pages of 64·r tokens are viewed as r pages of 64")
    else:
        if k_cache.shape[0] != b:
            raise ValueError(f"tessera.ops.{function}: k_cache: expected [{b}, N, HK, D] "
                             f"without a block_table, got {list(k_cache.shape)}")
        n = k_cache.shape[1]
        if n % 64 or any(x.stride(0) != n * x.stride(1) for x in (k_cache, v_cache)):
            _unsupported(function, f"a cache of {n} tokens per sequence without a "
                         "block_table", "the cache is read as pages of 64 tokens: N must be "
                         "a multiple of 64, contiguous over the batch")
    if nq > DECODE_MAX_QUERIES:
        _unsupported(function, f"{nq} query tokens", f"fa2_paged_decode takes at most "
                     f"{DECODE_MAX_QUERIES} new tokens per sequence (BLOCK_M)")


_KVCACHE_SCHEMA = ("flash_attn_with_kvcache(Tensor q, Tensor k_cache, Tensor v_cache, "
                   "Tensor cache_seqlens, Tensor? block_table, float softmax_scale, "
                   "bool causal, int num_splits) -> (Tensor, Tensor)")
_FWD_SCHEMA = ("flash_attn_fwd(Tensor q, Tensor k, Tensor v, Tensor? alibi_slopes, "
               "float softmax_scale, bool causal, int window_left, int window_right) "
               "-> (Tensor, Tensor)")
_BWD_SCHEMA = ("flash_attn_bwd(Tensor dout, Tensor q, Tensor k, Tensor v, Tensor out, "
               "Tensor lse, Tensor? alibi_slopes, float softmax_scale, bool causal, "
               "int window_left, int window_right) -> (Tensor, Tensor, Tensor)")
_VARLEN_SCHEMA = ("flash_attn_varlen_fwd(Tensor q, Tensor k, Tensor v, Tensor cu_seqlens_q, "
                  "Tensor cu_seqlens_k, int max_seqlen_q, int max_seqlen_k, "
                  "float softmax_scale, bool causal, int window_left, int window_right) "
                  "-> (Tensor, Tensor)")
_LIBRARY = None


def _register():
    """Defines torch.ops.tessera.flash_attn_fwd / flash_attn_bwd / flash_attn_varlen_fwd:
    torch.library.custom_op + register_fake where torch has them (2.4+),
    else a Library with CPU, CUDA and Meta kernels (older torch, e.g.
    Debian's 1.13, where the Meta kernel plays the fake's role)."""
    global _LIBRARY
    if hasattr(torch.ops, "tessera") and hasattr(torch.ops.tessera, "flash_attn_fwd"):
        return
    if hasattr(torch.library, "custom_op") and hasattr(torch.library, "register_fake"):
        Tensor = torch.Tensor

        @torch.library.custom_op("tessera::flash_attn_fwd", mutates_args=())
        def flash_attn_fwd(q: Tensor, k: Tensor, v: Tensor, alibi_slopes: Optional[Tensor],
                           softmax_scale: float, causal: bool, window_left: int,
                           window_right: int) -> Tuple[Tensor, Tensor]:
            return _fwd(q, k, v, alibi_slopes, softmax_scale, causal, window_left,
                        window_right)

        flash_attn_fwd.register_fake(_fwd_fake)

        @torch.library.custom_op("tessera::flash_attn_bwd", mutates_args=())
        def flash_attn_bwd(dout: Tensor, q: Tensor, k: Tensor, v: Tensor, out: Tensor,
                           lse: Tensor, alibi_slopes: Optional[Tensor], softmax_scale: float,
                           causal: bool, window_left: int,
                           window_right: int) -> Tuple[Tensor, Tensor, Tensor]:
            return _bwd(dout, q, k, v, out, lse, alibi_slopes, softmax_scale, causal,
                        window_left, window_right)

        flash_attn_bwd.register_fake(_bwd_fake)

        @torch.library.custom_op("tessera::flash_attn_with_kvcache", mutates_args=())
        def flash_attn_with_kvcache(q: Tensor, k_cache: Tensor, v_cache: Tensor,
                                    cache_seqlens: Tensor, block_table: Optional[Tensor],
                                    softmax_scale: float, causal: bool,
                                    num_splits: int) -> Tuple[Tensor, Tensor]:
            return _kvcache(q, k_cache, v_cache, cache_seqlens, block_table, softmax_scale,
                            causal, num_splits)

        flash_attn_with_kvcache.register_fake(_kvcache_fake)

        @torch.library.custom_op("tessera::flash_attn_varlen_fwd", mutates_args=())
        def flash_attn_varlen_fwd(q: Tensor, k: Tensor, v: Tensor, cu_seqlens_q: Tensor,
                                  cu_seqlens_k: Tensor, max_seqlen_q: int,
                                  max_seqlen_k: int, softmax_scale: float, causal: bool,
                                  window_left: int,
                                  window_right: int) -> Tuple[Tensor, Tensor]:
            return _varlen_fwd(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q,
                               max_seqlen_k, softmax_scale, causal, window_left,
                               window_right)

        flash_attn_varlen_fwd.register_fake(_varlen_fwd_fake)
        return
    _LIBRARY = torch.library.Library("tessera", "DEF")
    for schema, real, fake in ((_FWD_SCHEMA, _fwd, _fwd_fake),
                               (_BWD_SCHEMA, _bwd, _bwd_fake),
                               (_KVCACHE_SCHEMA, _kvcache, _kvcache_fake),
                               (_VARLEN_SCHEMA, _varlen_fwd, _varlen_fwd_fake)):
        _LIBRARY.define(schema)
        name = schema.split("(")[0]
        _LIBRARY.impl(name, real, "CPU")
        _LIBRARY.impl(name, real, "CUDA")
        _LIBRARY.impl(name, fake, "Meta")
        # Old torch has no AutogradMeta fallthrough: meta tensors stop there.
        _LIBRARY.impl(name, fake, "AutogradMeta")


_register()


class _FlashAttn(torch.autograd.Function):
    """flash_attn_fwd with flash_attn_bwd as its gradient (one autograd
    path for every torch: custom_op's register_autograd needs 2.4+)."""

    @staticmethod
    def forward(ctx, q, k, v, alibi_slopes, softmax_scale, causal, window_left,
                window_right):
        fwd = _op("flash_attn_fwd", _fwd_checked, q)
        out, lse = fwd(q, k, v, alibi_slopes, softmax_scale, causal, window_left, window_right)
        ctx.save_for_backward(q, k, v, out, lse, alibi_slopes)
        ctx.mode = (softmax_scale, causal, window_left, window_right)
        ctx.mark_non_differentiable(lse)
        # No zero tensor for Lse's (absent) gradient on every backward.
        ctx.set_materialize_grads(False)
        return out, lse

    @staticmethod
    def backward(ctx, dout, _dlse):
        if dout is None:    # out did not reach the loss
            return None, None, None, None, None, None, None, None
        q, k, v, out, lse, alibi_slopes = ctx.saved_tensors
        bwd = _op("flash_attn_bwd", _bwd_checked, q)
        dq, dk, dv = bwd(dout, q, k, v, out, lse, alibi_slopes, *ctx.mode)
        return dq, dk, dv, None, None, None, None, None


def _wants_grad(*tensors):
    return torch.is_grad_enabled() and any(t.requires_grad for t in tensors)


def _op(name, implementation, q):
    """The custom op torch.ops.tessera.NAME while torch.compile traces (or on
    meta tensors: its fake), else its implementation, called directly: the
    custom op's dispatch costs more host time than the launches themselves."""
    if _tracing() or q.device.type == "meta":
        return getattr(torch.ops.tessera, name)
    return implementation


def _tracing():
    """Whether torch.compile is tracing this call (torch 2.x)."""
    compiler = getattr(torch, "compiler", None)
    return compiler is not None and hasattr(compiler, "is_compiling") and \
        compiler.is_compiling()


_MODULE_HANDLES = {}


def _compiled_op(q):
    """The C++ op of tessera.ops._extension for an eager call on CUDA tensors
    (None under torch.compile tracing, TESSERA_INTERPRET=1, for CPU or meta
    tensors, or when the extension is off or could not be built)."""
    from ..kernel import _interpret_forced
    if q.device.type != "cuda" or _interpret_forced() or _tracing():
        return None
    return _extension.flash_attn_op()


def _module_handles(q, causal, left, right, alibi, grad):
    """The tessera_module handles the C++ op launches, for q's dtype, head
    dim and device: kernels/fa2_bnhd.tile's forward, then kernels/fa2_bwd.tile's
    preprocess, dK/dV and dQ (compiled and loaded only when `grad`; else 0)."""
    key = (q.dtype, q.shape[-1], causal, left, right, alibi, q.device.index, grad)
    handles = _MODULE_HANDLES.get(key)
    if handles is None:
        def handle(name, entry=None):
            kernel = get_kernel(q.dtype, q.shape[-1], causal, left, right, q.device, name,
                                alibi, entry)
            value = kernel.module(q.device.index).handle.value
            torch.ops.tessera_ext.register_module(value)
            return value
        handles = [handle("fa2_bnhd")]
        handles += [handle("fa2_bwd", "fa2_bwd_" + entry) if grad else 0
                    for entry in ("preprocess", "dkdv", "dq")]
        _MODULE_HANDLES[key] = handles
    return handles


# ----------------------------------------------------------------------------
# FlashAttention's functions
# ----------------------------------------------------------------------------

def _scale(softmax_scale, head_dim):
    if softmax_scale is None:
        return 1.0 / math.sqrt(head_dim)
    scale = float(softmax_scale)
    if not math.isfinite(scale):
        raise ValueError(f"softmax_scale: expected a finite number, got {softmax_scale!r}")
    return scale


def flash_attn_func(q, k, v, dropout_p=0.0, softmax_scale=None, causal=False,
                    window_size=(-1, -1), softcap=0.0, alibi_slopes=None,
                    deterministic=False, return_attn_probs=False):
    """flash_attn_func of flash_attn 2, differentiable in q, k and v: q [B, N, H, D], k and v
    [B, N, H, D] (any strides with a contiguous last dim); alibi_slopes
    float32 [H] adds -slope·|i - j| to query i's score for key j. Returns
    out [B, N, H, D] (laid out like q), and with return_attn_probs (out,
    softmax_lse [B, H, N] float32, None) -- the attention probabilities
    themselves are not formed. `deterministic` is accepted (the forward pass
    is deterministic)."""
    check_supported("flash_attn_func", q, k, v, dropout_p, softcap, alibi_slopes)
    causal, left, right = normalize_window(window_size, causal)
    scale = _scale(softmax_scale, q.shape[-1])
    compiled = _compiled_op(q)
    if compiled is not None:
        alibi = alibi_slopes is not None
        modules = _module_handles(q, causal, left, right, alibi, _wants_grad(q, k, v))
        slopes = alibi_slopes if alibi else _no_slopes(q.shape[2], q.device)
        out, lse = compiled(q, k, v, slopes, scale, modules)
    elif _wants_grad(q, k, v):
        out, lse = _FlashAttn.apply(q, k, v, alibi_slopes, scale, causal, left, right)
    else:
        fwd = _op("flash_attn_fwd", _fwd_checked, q)
        out, lse = fwd(q, k, v, alibi_slopes, scale, causal, left, right)
    return (out, lse, None) if return_attn_probs else out


def flash_attn_varlen_func(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q,
                           max_seqlen_k, dropout_p=0.0, softmax_scale=None, causal=False,
                           window_size=(-1, -1), softcap=0.0, alibi_slopes=None,
                           deterministic=False, return_attn_probs=False, block_table=None):
    """flash_attn_varlen_func of flash_attn 2 (forward): q, k, v [total, H, D]
    packed sequences delimited by cu_seqlens (int32 [B + 1], on q's device
    for one launch without a host synchronization); returns out [total, H,
    D], and with return_attn_probs (out, softmax_lse [H, total], None).
    cu_seqlens_k must equal cu_seqlens_q (the same tensor, or equal values:
    then compared on the device). With a window, one launch per sequence."""
    check_supported("flash_attn_varlen_func", q, k, v, dropout_p, softcap, alibi_slopes,
                    varlen=True)
    if block_table is not None:
        _unsupported("flash_attn_varlen_func", "block_table (paged KV)",
                     "kernels/fa2.tile reads K and V from one tensor")
    if _wants_grad(q, k, v):
        _unsupported("flash_attn_varlen_func", "a gradient (q, k or v requires grad)",
                     "kernels/fa2_bwd.tile takes [B, N, H, D] batches: use flash_attn_func")
    causal, left, right = normalize_window(window_size, causal)
    out, lse = _op("flash_attn_varlen_fwd", _varlen_fwd_checked, q)(
        q, k, v, cu_seqlens_q, cu_seqlens_k, int(max_seqlen_q), int(max_seqlen_k),
        _scale(softmax_scale, q.shape[-1]), causal, left, right)
    return (out, lse, None) if return_attn_probs else out


def flash_attn_with_kvcache(q, k_cache, v_cache, k=None, v=None, rotary_cos=None,
                            rotary_sin=None, cache_seqlens=None, cache_batch_idx=None,
                            cache_leftpad=None, block_table=None, softmax_scale=None,
                            causal=False, window_size=(-1, -1), softcap=0.0,
                            rotary_interleaved=True, alibi_slopes=None, num_splits=0,
                            return_softmax_lse=False):
    """flash_attn_with_kvcache of flash_attn 2 (decoding): q [B, NQ, H, D], the
    NQ (<= 16) newest tokens of each sequence, already in the cache; k_cache,
    v_cache [num_blocks, page_block_size, HK, D] addressed through block_table
    (int32 [B, max_blocks]), or [B, N, HK, D] without one; HK may divide H
    (GQA/MQA). cache_seqlens (int32 [B], required) is each sequence's length.
    With causal, query i (position cache_seqlens - NQ + i) sees the keys up to
    it. num_splits: 0 picks (decode_splits), 1 is one pass, S > 1 splits the
    K/V length S ways (kernels/fa2_paged_decode.tile's split and combine
    kernels). Returns out like q, and with return_softmax_lse (out, lse [B, H,
    NQ]). Forward only; appending k/v to the cache, rotary, cache_batch_idx,
    cache_leftpad, windows, softcap and ALiBi raise UnsupportedError."""
    function = "flash_attn_with_kvcache"
    for name, value in (("k", k), ("v", v), ("rotary_cos", rotary_cos),
                        ("rotary_sin", rotary_sin), ("cache_batch_idx", cache_batch_idx),
                        ("cache_leftpad", cache_leftpad), ("alibi_slopes", alibi_slopes)):
        if value is not None:
            _unsupported(function, name, "the kernel reads a cache the caller has filled")
    if softcap:
        _unsupported(function, f"softcap={softcap}", "fa2_paged_decode has no soft-capping")
    if tuple(window_size) != (-1, -1):
        _unsupported(function, f"window_size={tuple(window_size)}", "fa2_paged_decode has no "
                     "window")
    if cache_seqlens is None:
        raise TypeError(f"tessera.ops.{function}: cache_seqlens is required (int32 [B])")
    if not isinstance(num_splits, int) or num_splits < 0:
        raise ValueError(f"tessera.ops.{function}: num_splits: expected an integer >= 0, got "
                         f"{num_splits!r}")
    if _wants_grad(q, k_cache, v_cache):
        _unsupported(function, "a gradient (q or the cache requires grad)", "decoding is "
                     "forward-only")
    out, lse = _op("flash_attn_with_kvcache", _kvcache, q)(
        q, k_cache, v_cache, cache_seqlens, block_table, _scale(softmax_scale, q.shape[-1]),
        bool(causal), min(num_splits, DECODE_MAX_SPLITS))
    return (out, lse) if return_softmax_lse else out


def describe_launches(q, k, v):
    """How flash_attn_func runs on these tensors, without running it: the
    kernel, the launch count and the strides of the views it passes (those
    of q.transpose(1, 2): the caller's storage, no copy) -- for tests and docs."""
    metas = [torch.empty_strided(x.shape, x.stride(), dtype=x.dtype, device="meta")
             for x in (q, k, v)]
    out = torch.empty_like(metas[0])
    views = bnhd_views(*metas, out, None, None, 1.0)
    return {"kernel": "fa2_bnhd", "launches": 1, "copies": 0,
            "strides": {name: tuple(views[name].stride()) for name in ("Q", "K", "V", "Out")}}
