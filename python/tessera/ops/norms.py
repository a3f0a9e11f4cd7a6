"""Memory-bound PyTorch ops on Tessera's kernels: softmax, LayerNorm, RMSNorm, RoPE.

    from tessera.ops import softmax, layer_norm, rms_norm, apply_rotary_emb
    y = softmax(x)                                   # F.softmax(x, dim=-1)
    y = layer_norm(x, (4096,), weight, bias)         # F.layer_norm
    y = rms_norm(x, (4096,), weight)                 # F.rms_norm
    q = apply_rotary_emb(q, cos, sin)                # flash_attn's, q [B, N, H, D]

The kernels (one compile per kernel, dtype and config, cached like
tessera.ops.flash_attn's):
  softmax           kernels/softmax.tile    one program per ROWS rows of [M, N]
  layer_norm        kernels/layernorm.tile  fp32 mean and biased variance
  rms_norm          kernels/rmsnorm.tile    fp32 mean of squares
  apply_rotary_emb  kernels/rotary.tile     `rotary` / `rotary_inplace`: one
                                            program per BLOCK_N positions of
                                            one head of one batch
The row ops normalize over the last dimension(s) of x, viewed as [M, N] (the
leading dimensions flattened): a view, never a copy, so they take any x whose
last dimension is contiguous and whose leading dimensions flatten into one
stride; anything else raises UnsupportedError (x.contiguous() makes it one).
The config (BLOCK_N: N rounded up to a power of two, or past 4096 to 5120,
6144, 8192 or a multiple of 4096; ROWS; NUM_WARPS; a register cap) comes from N through
NORM_CONFIGS, per op, RoPE's from D through ROTARY_CONFIGS: the one table
that test/gpu/check_membound.py and docs/python.md use.

float16 and bfloat16 tensors, computed in fp32; forward only (a gradient
raises UnsupportedError). CUDA tensors launch on the current stream; CPU
tensors, and any under TESSERA_INTERPRET=1, run on the CPU interpreter.
"""

import math

import torch

from .. import compiler as _compiler
from . import _kernels
from .flash_attn import UnsupportedError, kernel_source

SUPPORTED_DTYPES = (torch.float16, torch.bfloat16)
# Row configs per op by BLOCK_N: (largest BLOCK_N, ROWS, NUM_WARPS,
# MAX_REGISTERS, 0 for ptxas's choice), the fastest of the candidates
# `test/gpu/check_membound.py --sweep` timed on the H200 (test/gpu/RESULTS.md
# v13, v20, v22, v23, v24, v26). BLOCK_N is N rounded up to a power of two up to
# 4096 and to one of WIDE_TILES beyond (multiples of the blocked layout's
# coverage for their warps), so 5000 columns take a 5120 tile (1.28x a 6144
# tile, v24), not an 8192 one; LayerNorm's two rows over 10 warps at a
# 64-register cap (3 CTAs an SM), which fits without spilling since v41
# (the Target stage assembles a capped kernel that spills again at ptxas's
# register usage level 0; the in-bounds copy of the program had raised it to
# 74 registers, 2 CTAs, and v39 had moved the entry to one row over 4 warps at
# 88: the capped kernel is 1.02-1.03x that one and 1.08-1.10x the uncapped on
# an H100, v41); several rows per program below 2048 columns,
# so each still moves ~2048 elements, and two rows for the
# norms' wider tiles (W and B, read once a program, are then spread over
# twice the warps: fewer registers a thread and half their L2 reads); a
# 64-register cap where it keeps 4 CTAs on an SM without spilling; at 1024
# columns the v26 sweep's (1 and 2 warps, caps down to 32 added): 2 rows over
# 4 warps at 32 registers (8 CTAs an SM); LayerNorm's too since v40 (v26 had
# given it 2 rows over 2 warps at 64; with v34's in-bounds copy and v37's
# layouts the 4-warp kernel is 1-2 % faster at 16384 x 1024 and 1-2 % at 4096,
# three sweeps on an H100).
# RMSNorm's 4096 tile takes one row over 8 warps, uncapped (48 registers),
# with W read before the row's reduction (kernels/rmsnorm.tile): 1.04-1.05x
# the former entry (one row over 4 warps at 64, W read after the reduction)
# at 4096 x 4096 and 1.00-1.02x at 16384 x 4096, in three alternating rounds
# on an H100 (test/gpu/RESULTS.md v52: 2858-2869 GB/s at 4096 x 4096, the
# speed of a copy of the same bytes, 1.04-1.05x torch.compile).
# LayerNorm's 8192 tile takes one row over 8 warps at a 72-register cap (32
# elements a thread, 3 CTAs an SM): the v37 sweep's best at 16384 x 8192
# (2974 GB/s on an H100, 98 % of its copy bandwidth), +13 % over v34's one
# row over 16 warps at 64 (which the in-bounds copy of the program,
# tilegpu-version-in-bounds, had forced: two rows over 16 warps spill there).
# Past 8192 columns one row over 16 warps, uncapped (64 elements a thread at
# 32768: 128 registers, one CTA an SM), the tile N rounded up to a multiple
# of 4096 (16 warps' coverage): since v59 up to 32768 columns, where the
# LOOPED kernels took over before. On an H100 at 4096 rows (RESULTS.md v59)
# these tiles ran at 1.05-1.42x the LOOPED kernels at 20000, 20480, 24576,
# 28000, 32000 and 32768 columns (LayerNorm at 32000: 0.96x), the in-bounds
# ones at 81-98 % of the copy bandwidth, and 1.00-1.06x a 32768 tile over 32
# warps (32 elements a thread, Inductor's shape: 64 registers, also one CTA
# an SM, and LayerNorm's spills).
NORM_CONFIGS = {
    "softmax": ((256, 8, 4, 0), (512, 4, 4, 0), (1024, 2, 4, 32), (2048, 1, 4, 0),
                (4096, 1, 4, 64), (5120, 1, 4, 72), (6144, 1, 4, 72), (8192, 1, 8, 64),
                (32768, 1, 16, 0)),
    "layer_norm": ((256, 8, 4, 0), (512, 4, 4, 0), (1024, 2, 4, 32), (2048, 1, 4, 0),
                   (4096, 2, 8, 64), (5120, 2, 10, 64), (6144, 1, 8, 64), (8192, 1, 8, 72),
                   (32768, 1, 16, 0)),
    "rms_norm": ((256, 8, 4, 0), (512, 4, 4, 0), (1024, 2, 4, 32), (2048, 1, 4, 0),
                 (4096, 1, 8, 0), (5120, 1, 4, 80), (6144, 2, 8, 80), (8192, 1, 8, 64),
                 (32768, 1, 16, 0)),
}
MAX_N = NORM_CONFIGS["softmax"][-1][0]
# Rows wider than MAX_N: the kernels' LOOPED form (the row in BLOCK_N-column
# chunks, read twice: softmax's running max and sum per lane, LayerNorm's
# statistics per lane by Welford, merged by Chan's formula), any N, ROWS rows
# a program. Within MAX_N the whole-row tiles of NORM_CONFIGS are faster
# (test/gpu/RESULTS.md v26, v37: no LOOPED config among the best at 8192
# columns; v59: 1.05-1.42x past 16384, but LayerNorm at 32000). The chunks: the best of the sweeps
# at 4096 x 32768 (f16, an H100): softmax's of v38 (chunks up to 4096
# columns; 1.23x the 2048-column chunks over 8 warps used before); the
# norms' of v39, with chunks up to 16384 (32 elements a thread: LayerNorm
# 1.08x, RMSNorm 1.12x v38's 4096).
LOOPED_CONFIGS = {
    "softmax": dict(BLOCK_N=4096, ROWS=1, NUM_WARPS=32, LOOPED=True),
    "layer_norm": dict(BLOCK_N=8192, ROWS=2, NUM_WARPS=16, LOOPED=True),
    "rms_norm": dict(BLOCK_N=16384, ROWS=1, NUM_WARPS=16, LOOPED=True),
}
# RoPE configs by head dim D: BLOCK_N positions per program (BLOCK_N * D =
# 2048 elements of each head per loop step) and NUM_WARPS.
ROTARY_CONFIGS = {
    16: dict(BLOCK_N=128, NUM_WARPS=4),
    32: dict(BLOCK_N=64, NUM_WARPS=4),
    64: dict(BLOCK_N=32, NUM_WARPS=4),
    128: dict(BLOCK_N=16, NUM_WARPS=4),
    256: dict(BLOCK_N=8, NUM_WARPS=4),
}
# (atol, rtol) against fp64 by (op, dtype), elementwise atol + rtol * |ref|:
# the output rounding (2^-11 relative for float16, 2^-8 for bfloat16) with a
# factor 2, plus an atol for what is not relative: float16 subnormals
# (spacing 2^-24 = 6e-8) for softmax's tiny probabilities; the fp32
# statistics (a few ulps of terms of magnitude ~3 that cancel with the bias)
# for the norms; the fp32 x1 * cos - x2 * sin for RoPE. docs/python.md.
TOLERANCES = {
    ("softmax", "f16"): (6e-8, 1e-3), ("softmax", "bf16"): (1e-9, 8e-3),
    ("layer_norm", "f16"): (1e-4, 1e-3), ("layer_norm", "bf16"): (1e-4, 8e-3),
    ("rms_norm", "f16"): (1e-4, 1e-3), ("rms_norm", "bf16"): (1e-4, 8e-3),
    ("rotary", "f16"): (1e-5, 1e-3), ("rotary", "bf16"): (1e-5, 8e-3),
}
_FILES = {"softmax": "softmax", "layer_norm": "layernorm", "rms_norm": "rmsnorm",
          "rotary": "rotary"}


def _unsupported(function, what, why):
    raise UnsupportedError(f"tessera.ops.{function}: {what} is not supported yet ({why})")


# The column tiles past 4096 (NORM_CONFIGS has a config for each): past
# 8192, multiples of 4096.
WIDE_TILES = (5120, 6144, 8192, 12288, 16384, 20480, 24576, 28672, 32768)


def _block(n):
    """The column tile of rows of n elements (NORM_CONFIGS): n rounded up to
    a power of two up to 4096, to one of WIDE_TILES beyond (n itself past
    the widest, MAX_N: no entry takes it)."""
    n = max(int(n), 1)
    if n <= 4096:
        return 1 << (n - 1).bit_length()
    return next((t for t in WIDE_TILES if t >= n), n)


def _norm_entry(n, op):
    block = _block(n)
    for largest, rows, warps, registers in NORM_CONFIGS[op]:
        if block <= largest:
            return block, rows, warps, registers
    raise ValueError(f"norm_config: rows of {n} elements are over {MAX_N}")


def norm_config(n, op="softmax"):
    """BLOCK_N, ROWS and NUM_WARPS of op's row kernel ("softmax", "layer_norm",
    "rms_norm") for rows of n elements (and LOOPED past MAX_N)."""
    if n > MAX_N:
        return dict(LOOPED_CONFIGS[op])
    block, rows, warps, _ = _norm_entry(n, op)
    return dict(BLOCK_N=block, ROWS=rows, NUM_WARPS=warps)


def compile_options(op, size):
    """tessera.compile's options for op's kernel at size (N; D for rotary):
    the register cap of NORM_CONFIGS, where it has one."""
    if op == "rotary" or size > MAX_N:
        return {}
    registers = _norm_entry(size, op)[3]
    return dict(max_registers=registers) if registers else {}


def rotary_config(head_dim):
    """HEAD_DIM, BLOCK_N and NUM_WARPS of kernels/rotary.tile for head dim D."""
    return dict(HEAD_DIM=head_dim, **ROTARY_CONFIGS[head_dim])


def kernel_constants(op, dtype, size):
    """(Source, constants) of op's kernel file ("softmax", "layer_norm",
    "rms_norm" with size = N; "rotary" with size = D) for a torch dtype."""
    source, constants = kernel_source(dtype, _FILES[op])
    config = rotary_config(size) if op == "rotary" else norm_config(size, op)
    return source, dict(constants, **config)


def vector_bytes(tensors):
    """The widest access (bytes, a power of two up to 16) that every tensor's
    data pointer and outer strides allow: the kernels move 16 bytes a thread
    where rows are 16-byte aligned, and a narrower compile of them takes
    rows of any length (a [M, 77] f16 tensor: 2 bytes)."""
    alignment = 16
    for t in tensors:
        if not isinstance(t, torch.Tensor) or t.dim() == 0:
            continue
        size = t.element_size()
        for value in [t.data_ptr()] + [s * size for s in t.stride()[:-1]]:
            alignment = math.gcd(alignment, value) if value else alignment
    return max(alignment, 1)


def get_kernel(op, dtype, size, device, entry=None, vector=16):
    """The compiled Kernel of op (kernel_constants) for `device` (a CUDA
    torch.device); `entry`: rotary's `rotary` or `rotary_inplace`; `vector`:
    the widest access in bytes the tensors allow (vector_bytes)."""
    def build(target):
        source, constants = kernel_constants(op, dtype, size)
        options = compile_options(op, size)
        if vector < 16:
            options["max_vector_bytes"] = vector
        return _compiler.compile(source, target, kernel=entry, **options, **constants)
    return _kernels.cached_kernel(("norms", op, entry, dtype, size, vector), device, build)


def _launch(op, x, size, entry=None, **args):
    """Launches op's kernel (CUDA) or interprets it (CPU, or anything under
    TESSERA_INTERPRET=1) on `args`, the kernel's parameters by name."""
    from ..kernel import _interpret_forced
    if x.device.type == "cuda" and not _interpret_forced():
        get_kernel(op, x.dtype, size, x.device, entry,
                   vector_bytes(args.values()))(**args)
        return
    from ..interpreter import interpret
    source, constants = kernel_constants(op, x.dtype, size)
    interpret(source, constants=constants, kernel=entry, **args)


# ----------------------------------------------------------------------------
# Argument checks and views
# ----------------------------------------------------------------------------

def _check_input(function, x):
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"tessera.ops.{function}: expected a torch.Tensor, got "
                        f"{type(x).__name__}")
    if x.dtype not in SUPPORTED_DTYPES:
        _unsupported(function, f"dtype {x.dtype}", "the kernels take float16 or bfloat16")
    if x.device.type not in ("cuda", "cpu"):
        _unsupported(function, f"device {x.device}", "CUDA tensors run on the GPU, CPU "
                     "tensors on the interpreter")
    if torch.is_grad_enabled() and x.requires_grad:
        _unsupported(function, "a gradient (x requires grad)", "the kernels are "
                     "forward-only")


def _check_param(function, name, p, shape, x):
    """weight / bias: a tensor of `shape`, x's dtype and device; returns its
    [N] view (a copy only for a non-contiguous parameter: N elements)."""
    if not isinstance(p, torch.Tensor):
        raise TypeError(f"tessera.ops.{function}: {name}: expected a torch.Tensor or None, "
                        f"got {type(p).__name__}")
    if tuple(p.shape) != tuple(shape):
        raise ValueError(f"tessera.ops.{function}: {name}: expected shape {list(shape)}, got "
                         f"{list(p.shape)}")
    if p.device != x.device:
        raise ValueError(f"tessera.ops.{function}: {name} must be on {x.device}, got "
                         f"{p.device}")
    if p.dtype != x.dtype:
        _unsupported(function, f"{name} of dtype {p.dtype} with x of {x.dtype}", "the "
                     "kernels read the parameters in x's dtype")
    if torch.is_grad_enabled() and p.requires_grad:
        _unsupported(function, f"a gradient ({name} requires grad)", "the kernels are "
                     "forward-only")
    return p.reshape(-1).contiguous()


def rows_view(function, x, n):
    """x as [M, N] (the leading dimensions flattened): a view, or
    UnsupportedError naming the strides."""
    try:
        view = x.view(-1, n)
    except RuntimeError:
        view = None
    if view is None or (n > 1 and view.stride(1) != 1):
        _unsupported(function, f"x of shape {list(x.shape)} and strides {list(x.stride())}",
                     "the kernels take [M, N] rows with a contiguous last dimension; the "
                     "leading dimensions must flatten into one stride without a copy "
                     "(pass x.contiguous())")
    return view


_CONSTANT_PARAMS = {}


def _constant_param(value, n, x):
    """A ones/zeros [n] tensor for a weight/bias that is None (cached)."""
    key = (value, n, x.dtype, str(x.device))
    if key not in _CONSTANT_PARAMS:
        _CONSTANT_PARAMS[key] = torch.full((n,), value, dtype=x.dtype, device=x.device)
    return _CONSTANT_PARAMS[key]


def _normalized(function, x, normalized_shape):
    """N = prod(normalized_shape), checked against x's trailing dimensions."""
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    shape = tuple(int(s) for s in normalized_shape)
    if not shape or len(shape) > x.dim() or tuple(x.shape[x.dim() - len(shape):]) != shape:
        raise ValueError(f"tessera.ops.{function}: normalized_shape {list(shape)} must be "
                         f"the trailing dimensions of x, of shape {list(x.shape)}")
    return shape, math.prod(shape)


# ----------------------------------------------------------------------------
# The ops
# ----------------------------------------------------------------------------

def softmax(x, dim=-1):
    """torch.nn.functional.softmax(x, dim) over the last dimension (the only
    `dim` supported), computed in fp32 and returned in x's dtype (contiguous)."""
    _check_input("softmax", x)
    rank = max(x.dim(), 1)
    if not -rank <= dim < rank:
        raise IndexError(f"tessera.ops.softmax: dim {dim} out of range for a tensor of "
                         f"{x.dim()} dimensions")
    if dim % rank != rank - 1:
        _unsupported("softmax", f"dim={dim} of a tensor of {x.dim()} dimensions",
                     "kernels/softmax.tile normalizes rows: dim must be the last")
    n = x.shape[-1] if x.dim() else 1
    y = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    if y.numel():
        _launch("softmax", x, n, X=rows_view("softmax", x, n), Y=y.view(-1, n))
    return y


def layer_norm(x, normalized_shape, weight=None, bias=None, eps=1e-5):
    """torch.nn.functional.layer_norm: (x - mean) / sqrt(var + eps) * weight +
    bias over the trailing `normalized_shape` dimensions, with fp32 mean and
    biased variance; weight and bias (None: 1 and 0) of that shape and x's dtype."""
    _check_input("layer_norm", x)
    shape, n = _normalized("layer_norm", x, normalized_shape)
    w = (_constant_param(1.0, n, x) if weight is None
         else _check_param("layer_norm", "weight", weight, shape, x))
    b = (_constant_param(0.0, n, x) if bias is None
         else _check_param("layer_norm", "bias", bias, shape, x))
    y = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    if y.numel():
        _launch("layer_norm", x, n, X=rows_view("layer_norm", x, n), W=w, B=b,
                Y=y.view(-1, n), eps=float(eps))
    return y


def rms_norm(x, normalized_shape, weight=None, eps=1e-6):
    """torch.nn.functional.rms_norm: x / sqrt(mean(x^2) + eps) * weight over
    the trailing `normalized_shape` dimensions, the mean in fp32; eps=None is
    torch's default, torch.finfo(x.dtype).eps."""
    _check_input("rms_norm", x)
    shape, n = _normalized("rms_norm", x, normalized_shape)
    if eps is None:
        eps = torch.finfo(x.dtype).eps
    w = (_constant_param(1.0, n, x) if weight is None
         else _check_param("rms_norm", "weight", weight, shape, x))
    y = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    if y.numel():
        _launch("rms_norm", x, n, X=rows_view("rms_norm", x, n), W=w, Y=y.view(-1, n),
                eps=float(eps))
    return y


def apply_rotary_emb(x, cos, sin, interleaved=False, inplace=False, seqlen_offsets=0,
                     cu_seqlens=None, max_seqlen=None):
    """flash_attn's apply_rotary_emb (flash_attn.layers.rotary), non-interleaved:
    x [B, N, H, D] (any strides with a contiguous last dimension), cos and sin
    [N', D / 2] with N' >= N + seqlen_offsets (an int: rows seqlen_offsets ..
    + N are used), x's dtype. Returns out like x, or x itself rotated with
    inplace. Interleaved pairs, a rotary dim below D, tensor offsets and
    cu_seqlens raise UnsupportedError."""
    function = "apply_rotary_emb"
    _check_input(function, x)
    for name, t in (("cos", cos), ("sin", sin)):
        if not isinstance(t, torch.Tensor):
            raise TypeError(f"tessera.ops.{function}: {name}: expected a torch.Tensor, got "
                            f"{type(t).__name__}")
    if x.dim() != 4:
        raise ValueError(f"tessera.ops.{function}: x: expected [B, N, H, D], got shape "
                         f"{list(x.shape)}")
    if interleaved:
        _unsupported(function, "interleaved=True", "kernels/rotary.tile rotates the two "
                     "halves of D (GPT-NeoX)")
    if cu_seqlens is not None or max_seqlen is not None:
        _unsupported(function, "cu_seqlens", "kernels/rotary.tile takes [B, N, H, D]")
    if not isinstance(seqlen_offsets, int):
        _unsupported(function, "tensor seqlen_offsets", "the offset is one int")
    b, n, h, d = x.shape
    if cos.dim() != 2 or cos.shape != sin.shape:
        raise ValueError(f"tessera.ops.{function}: cos and sin: expected one shape "
                         f"[N, D / 2], got {list(cos.shape)} and {list(sin.shape)}")
    if 2 * cos.shape[1] != d:
        _unsupported(function, f"a rotary dim of {2 * cos.shape[1]} with head dim {d}",
                     "kernels/rotary.tile rotates all of D")
    if seqlen_offsets < 0 or cos.shape[0] < n + seqlen_offsets:
        raise ValueError(f"tessera.ops.{function}: cos and sin: expected at least "
                         f"{n + seqlen_offsets} rows (N + seqlen_offsets), got {cos.shape[0]}")
    for name, t in (("cos", cos), ("sin", sin)):
        if t.dtype != x.dtype or t.device != x.device:
            _unsupported(function, f"{name} of {t.dtype} on {t.device} with x of {x.dtype} "
                         f"on {x.device}", "the kernel reads cos and sin in x's dtype, on "
                         "its device")
        if d > 2 and t.stride(1) != 1:
            _unsupported(function, f"{name} with strides {list(t.stride())}", "the kernel "
                         "needs a contiguous last dimension")
    if d not in ROTARY_CONFIGS:
        _unsupported(function, f"head dim {d}", f"the op compiles kernels/rotary.tile for "
                     f"D in {tuple(ROTARY_CONFIGS)}")
    if x.stride(3) != 1:
        _unsupported(function, f"x with strides {list(x.stride())}", "the kernel needs a "
                     "contiguous head dim")
    cos, sin = (t[seqlen_offsets:seqlen_offsets + n] for t in (cos, sin))
    if not x.numel():
        return x if inplace else torch.empty_like(x)
    if inplace:
        _launch("rotary", x, d, entry="rotary_inplace", X=x.transpose(1, 2), Cos=cos, Sin=sin)
        return x
    out = torch.empty_like(x)
    _launch("rotary", x, d, entry="rotary", X=x.transpose(1, 2), Cos=cos, Sin=sin,
            Out=out.transpose(1, 2))
    return out


# ----------------------------------------------------------------------------
# fp64 references (torch), for python/tests/test_norms.py and test/gpu
# ----------------------------------------------------------------------------

def softmax_reference(x):
    """softmax over the last dimension, in float64."""
    return torch.softmax(x.double(), dim=-1)


def layer_norm_reference(x, weight, bias, eps):
    """LayerNorm over the last dimension in float64 (biased variance)."""
    x = x.double()
    mean = x.mean(-1, keepdim=True)
    var = (x - mean).square().mean(-1, keepdim=True)
    return (x - mean) / torch.sqrt(var + eps) * weight.double() + bias.double()


def rms_norm_reference(x, weight, eps):
    """RMSNorm over the last dimension in float64."""
    x = x.double()
    return x / torch.sqrt(x.square().mean(-1, keepdim=True) + eps) * weight.double()


def rotary_reference(x, cos, sin):
    """Non-interleaved RoPE of x [B, N, H, D] with cos, sin [N, D / 2], in float64."""
    x1, x2 = x.double().chunk(2, dim=-1)
    c, s = (t.double()[None, :, None, :] for t in (cos, sin))
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1)
