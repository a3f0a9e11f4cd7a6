"""The compiled kernels of tessera.ops and tessera.distributed: one Kernel per
(key, the CUDA device's target), compiled on first use."""

import threading

import torch

from .. import compiler as _compiler

_KERNELS = {}
_KERNELS_LOCK = threading.Lock()
_TARGETS = {}  # CUDA device index -> target


def device_target(device):
    """The target of a CUDA torch.device (its compute capability), looked up once."""
    index = device.index if device.index is not None else torch.cuda.current_device()
    target = _TARGETS.get(index)
    if target is None:
        target = _TARGETS[index] = _compiler.default_target(index)
    return target


def cached_kernel(key, device, build):
    """The Kernel build(target) compiles for `device`'s target, once per
    (key, target); `key` holds everything the compile depends on."""
    target = device_target(device)
    full_key = tuple(key) + (target,)
    with _KERNELS_LOCK:
        kernel = _KERNELS.get(full_key)
    if kernel is None:
        kernel = build(target)
        with _KERNELS_LOCK:
            _KERNELS[full_key] = kernel
    return kernel
