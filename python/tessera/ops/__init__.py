"""tessera.ops: PyTorch operators on Tessera kernels (imports torch).

flash_attn_func, flash_attn_varlen_func and flash_attn_with_kvcache take flash_attn 2's arguments and
layouts; see tessera.ops.flash_attn and docs/python.md. softmax, layer_norm, rms_norm (torch's
signatures) and apply_rotary_emb (flash_attn's): tessera.ops.norms.
"""

from .flash_attn import (  # noqa: F401
    HOPPER_KERNEL_CONFIGS,
    KERNEL_CONFIGS,
    SUPPORTED_DTYPES,
    SUPPORTED_HEAD_DIMS,
    UnsupportedError,
    check_supported,
    describe_launches,
    flash_attn_func,
    flash_attn_varlen_func,
    flash_attn_with_kvcache,
    get_kernel,
    kernel_configs,
    kernel_constants,
    kernel_source,
)
from .norms import (  # noqa: F401
    NORM_CONFIGS,
    ROTARY_CONFIGS,
    apply_rotary_emb,
    layer_norm,
    rms_norm,
    softmax,
)
