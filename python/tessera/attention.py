"""Attention through an already compiled FA1/FA2 manifest (the helpers of the
former tools/tessera_torch.py, used by tools/peers.py and test/gpu/).

    fa2 = tessera.load("gpu-out/fa2_d64_m128_n64_w8_s2_c0.json")
    out, lse = tessera.attention.attention(fa2, q, k, v, causal=False, return_lse=True)

New code should use tessera.ops.flash_attn_func, which compiles the kernel
it needs; these helpers take q, k, v as [B, H, N, D] or [B*H, N, D].
"""

import math

from .runtime import TORCH_DTYPE_NAMES, TesseraError, _torch

# ----------------------------------------------------------------------------
# Attention (FA1 / FA2 manifests)
# ----------------------------------------------------------------------------

def _init_value(spec):
    """The float an inout tensor must hold before a launch ("0", "-inf", ...)."""
    if "init" not in spec:
        raise TesseraError(f"inout parameter {spec['name']} has no \"init\" in the manifest")
    try:
        return float(spec["init"])
    except (TypeError, ValueError):
        raise TesseraError(f"{spec['name']}: bad init {spec['init']!r}") from None


def _bind_sizes(spec, tensor, sizes):
    """Records the symbolic sizes of `spec` given by `tensor` in `sizes`."""
    for want, got in zip(spec["shape"], tensor.shape):
        if isinstance(want, str):
            if sizes.setdefault(want, got) != got:
                raise ValueError(f"{spec['name']}: size {want} is {got}, elsewhere "
                                 f"{sizes[want]}")


class AttentionCall:
    """One attention problem bound to a module, with its outputs allocated.

    `tensors` holds every tensor argument by name (q, k, v viewed in the
    manifest's layout, [B*H, N, D] or [B, H, N, D]); `launch` is the packed
    launch. Calling the object resets the inout tensors (FA1's Acc, M, L) to
    their "init" values and launches, both on torch's current stream (use
    `with torch.cuda.stream(s):` for another); timing loops can instead call
    `reinitialise()` outside the timed region and `launch()` inside it."""

    def __init__(self, module, q, k, v, causal, sm_scale=None):
        torch = _torch()
        manifest = module.manifest
        if manifest.causal != bool(causal):
            raise ValueError(f"{manifest.path}: CAUSAL is {int(manifest.causal)} but "
                             f"causal={bool(causal)} was asked for")
        self.module = module
        views = {name: _attention_view(manifest, name, t) for name, t in
                 (("Q", q), ("K", k), ("V", v))}
        self.shape = tuple(q.shape)
        sizes = {}
        for name, view in views.items():
            _bind_sizes(manifest.param(name), view, sizes)
        head_dim = q.shape[-1]
        self.sm_scale = 1.0 / math.sqrt(head_dim) if sm_scale is None else sm_scale
        self.tensors = dict(views)
        self.inits = {}
        values = dict(views)
        for spec in manifest.params:
            name = spec["name"]
            if name in views:
                continue
            if spec["kind"] == "scalar":
                values[name] = self._scalar(spec, sizes)
                continue
            unknown = [s for s in spec["shape"] if isinstance(s, str) and s not in sizes]
            if unknown:
                raise ValueError(f"{manifest.path}: cannot size {name}: {unknown[0]} is "
                                 "not a size of Q, K or V")
            dims = [s if isinstance(s, int) else sizes[s] for s in spec["shape"]]
            dtype = getattr(torch, TORCH_DTYPE_NAMES[spec["dtype"]])
            if spec.get("role") == "inout":
                self.inits[name] = _init_value(spec)
                tensor = torch.full(dims, self.inits[name], dtype=dtype, device=q.device)
            elif spec.get("role") == "output":
                tensor = torch.empty(dims, dtype=dtype, device=q.device)
            else:
                raise ValueError(f"{manifest.path}: attention() cannot provide the input "
                                 f"tensor {name}")
            self.tensors[name] = values[name] = tensor
        self.launch = module.bind(**values)

    def _scalar(self, spec, sizes):
        """sm_scale, or a scalar named like a size of Q/K/V (given that size)."""
        if spec["name"] == "sm_scale":
            return self.sm_scale
        if spec["name"] in sizes:
            return sizes[spec["name"]]
        raise ValueError(f"{self.module.manifest.path}: attention() does not know the "
                         f"scalar {spec['name']}")

    @property
    def out(self):
        """Out, in the shape q was given in."""
        return self.tensors["Out"].view(self.shape)

    @property
    def lse(self):
        """Lse (natural log) as [..., N] matching q's leading dims, or None."""
        lse = self.tensors.get("Lse")
        return None if lse is None else lse.view(self.shape[:-1])

    def reinitialise(self):
        """Sets every inout tensor to its manifest "init" value."""
        for name, value in self.inits.items():
            self.tensors[name].fill_(value)

    def __call__(self):
        """Re-initialises the inout tensors and launches once; returns Out."""
        self.reinitialise()
        self.launch()
        return self.out


def _attention_view(manifest, name, tensor):
    """q/k/v ([B, H, N, D] or [B*H, N, D]) viewed in the manifest's layout."""
    torch = _torch()
    spec = manifest.param(name)
    if spec is None or spec["kind"] != "tensor":
        raise TesseraError(f"{manifest.path}: no tensor parameter {name}")
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"{name}: expected a torch.Tensor, got {type(tensor).__name__}")
    if tensor.dim() not in (3, 4):
        raise ValueError(f"{name}: expected [B, H, N, D] or [B*H, N, D], got shape "
                         f"{list(tensor.shape)}")
    if not tensor.is_contiguous():
        raise ValueError(f"{name}: expected a contiguous tensor; call .contiguous()")
    rank = len(spec["shape"])
    if rank == tensor.dim():
        return tensor
    if rank == 3:
        return tensor.view(-1, *tensor.shape[2:])
    raise ValueError(f"{name}: {manifest.path} takes [B, H, N, D]; got shape "
                     f"{list(tensor.shape)}")


def attention(module, q, k, v, causal, sm_scale=None, return_lse=False):
    """softmax(q kᵀ · sm_scale) v with an FA1/FA2 kernel (sm_scale = 1/sqrt(D)).

    q, k, v: contiguous fp16 CUDA tensors, [B, H, N, D] or [B*H, N, D].
    `causal` must match the manifest's CAUSAL constant. Allocates Out (and
    Lse) and FA1's inout tensors, initialised per the manifest's "init".
    Returns Out shaped like q, and Lse too when `return_lse`. Runs on torch's
    current stream."""
    call = AttentionCall(module, q, k, v, causal, sm_scale)
    out = call()
    return (out, call.lse) if return_lse else out
