"""tessera.autotune: pick the fastest config of a kernel per key.

    fa2 = tessera.autotune(
        configs=[tessera.Config(BLOCK_M=128, BLOCK_N=64, NUM_WARPS=8, NUM_STAGES=2),
                 tessera.Config(BLOCK_M=64, BLOCK_N=64, NUM_WARPS=4, NUM_STAGES=2)],
        key=["N"])(tessera.jit("kernels/fa2.tile", HEAD_DIM=64))
    fa2(Q=q, K=k, V=v, sm_scale=0.125, Out=out, Lse=lse)

On the first call for a target, every config is compiled, in parallel
(threads running tessera-compile; the disk cache makes later processes
cheap). A config the compiler rejects for the shared-memory budget is pruned
there, by the compiler's own error, before any GPU time; any other compile
error is raised. On the first call for a key, every remaining config is
launched on the call's arguments and timed (tessera.testing.do_bench);
one whose launch fails is dropped, the fastest is remembered for the key, in
memory and on disk (cache_dir()/autotune), and used from then on.

`key` names what selects a config: a symbolic size of the kernel's
parameters ("N", "BH"), a parameter (a scalar's value, a tensor's shape and
dtype) or a constant. Progress goes to stderr for sweeps of more than 8
configs (progress=True/False forces it); TESSERA_PRINT_AUTOTUNING=1 also
prints the result of each tuning.
"""

import concurrent.futures
import hashlib
import json
import os
import sys
import threading
import time

from . import _paths
from . import compiler as _compiler
from .kernel import JITKernel, _device_of
from .runtime import TesseraError, bind_values, is_tensor, tensor_view


class Config:
    """One point of a sweep: constants (-D overrides) for the kernel."""

    def __init__(self, **constants):
        self.constants = constants

    def label(self):
        return ", ".join(f"{n}={v}" for n, v in self.constants.items())

    def __repr__(self):
        return f"Config({self.label()})"

    def __eq__(self, other):
        return isinstance(other, Config) and self.constants == other.constants

    def __hash__(self):
        return hash(tuple(sorted(self.constants.items())))


class CompileResult:
    """A config's compile: `kernel`, or `error` and `reason` ("shared-memory"
    for pruned); `start`/`end` are time.perf_counter() stamps."""

    def __init__(self, config, kernel=None, error=None, reason=None, start=0.0, end=0.0):
        self.config, self.kernel, self.error, self.reason = config, kernel, error, reason
        self.start, self.end = start, end

    @property
    def pruned(self):
        return self.kernel is None

    def __repr__(self):
        state = "ok" if self.kernel else f"pruned ({self.reason})"
        return f"<CompileResult {self.config} {state}>"


class _Progress:
    """One status line on stderr, rewritten in place when it is a terminal."""

    def __init__(self, enabled, title):
        self.enabled, self.title = enabled, title
        self.tty = enabled and sys.stderr.isatty()

    def update(self, text, final=False):
        if not self.enabled:
            return
        line = f"tessera.autotune {self.title}: {text}"
        if self.tty:
            sys.stderr.write("\r\033[K" + line + ("\n" if final else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


class Autotuner:
    """A kernel with a sweep of configs; call it like the kernel."""

    def __init__(self, kernel, configs, key, restore_value=(), pre_hook=None, warmup=5,
                 rep=25, max_workers=None, progress=None, cache=True):
        if not isinstance(kernel, JITKernel):
            kernel = JITKernel(kernel)
        if not configs:
            raise ValueError("autotune: configs is empty")
        self.kernel = kernel
        self.configs = list(configs)
        self.key = list(key)
        self.restore_value = list(restore_value)
        self.pre_hook = pre_hook
        self.warmup, self.rep = warmup, rep
        self.max_workers = max_workers
        self.progress = progress
        self.cache = cache
        self.results = {}       # target -> [CompileResult]
        self.best = {}          # (target, key) -> Config
        self.timings = {}       # (target, key) -> {Config: ms or None}
        self._lock = threading.Lock()

    # -- compiling ---------------------------------------------------------

    def compile_all(self, target=None):
        """Compiles every config for `target` in parallel; a CompileResult per
        config, in order (pruned ones without a kernel). Raises the first
        compile error that is not a shared-memory one."""
        target = target or self.kernel.target or _compiler.default_target()
        with self._lock:
            if target in self.results:
                return self.results[target]
        progress = _Progress(self._show(len(self.configs)), self._title())
        done = []

        def build(config):
            start = time.perf_counter()
            try:
                kernel = self.kernel.compile(target, **config.constants)
                result = CompileResult(config, kernel, start=start, end=time.perf_counter())
            except _compiler.CompileError as error:
                result = CompileResult(config, None, error.message, error.reason,
                                       start=start, end=time.perf_counter())
            done.append(result)
            pruned = sum(r.pruned for r in done)
            progress.update(f"compiled {len(done)}/{len(self.configs)} configs for "
                            f"{target} ({pruned} pruned)")
            return result

        workers = self.max_workers or min(len(self.configs), max(2, os.cpu_count() or 2))
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            results = list(pool.map(build, self.configs))
        errors = [r for r in results if r.pruned and r.reason != "shared-memory"]
        if errors:
            raise _compiler.CompileError(f"{errors[0].config}: {errors[0].error}")
        if all(r.pruned for r in results):
            raise TesseraError(f"autotune {self._title()}: every config is over the "
                               f"shared-memory budget of {target}:\n"
                               + "\n".join(f"  {r.config}: {r.error.splitlines()[0]}"
                                           for r in results))
        progress.update(f"{sum(not r.pruned for r in results)} of {len(results)} configs "
                        f"compiled for {target}", final=True)
        with self._lock:
            self.results[target] = results
        return results

    @property
    def pruned(self):
        """(config, reason, message) of every pruned config, any target."""
        return [(r.config, r.reason, r.error) for results in self.results.values()
                for r in results if r.pruned]

    # -- keys --------------------------------------------------------------

    def key_of(self, manifest, values):
        """The tuning key of a call: one entry per name of `key`."""
        sizes = {}
        for spec in manifest.params:
            value = values.get(spec["name"])
            if spec["kind"] == "tensor" and value is not None and is_tensor(value):
                shape = tensor_view(spec["name"], value).shape
                for want, got in zip(spec["shape"], shape):
                    if isinstance(want, str):
                        sizes.setdefault(want, got)
        entries = []
        for name in self.key:
            if name in sizes:
                entries.append(sizes[name])
            elif name in values:
                value = values[name]
                if is_tensor(value):
                    view = tensor_view(name, value)
                    entries.append((view.dtype,) + tuple(view.shape))
                else:
                    entries.append(value)
            elif name in self.kernel.constants:
                entries.append(self.kernel.constants[name])
            else:
                raise TesseraError(f"autotune key {name!r} is neither a size, a parameter "
                                   f"nor a constant of {manifest.kernel}")
        return tuple(entries)

    # -- tuning ------------------------------------------------------------

    def __call__(self, *args, stream=None, **kwargs):
        values_list = list(args) + list(kwargs.values())
        from .kernel import _interpret_forced, _is_host_array
        if _interpret_forced() or any(_is_host_array(v) for v in values_list):
            # The interpreter has no timing: the first config that compiles.
            return self.kernel.with_constants(**self.configs[0].constants).interpret(
                *args, **kwargs)
        device = _device_of(values_list)
        target = self.kernel.target or _compiler.default_target(device)
        results = self.compile_all(target)
        compiled = [r for r in results if not r.pruned]
        values = bind_values(compiled[0].kernel.manifest, args, kwargs)
        key = self.key_of(compiled[0].kernel.manifest, values)
        config = self.best.get((target, key)) or self._load_best(target, key, compiled)
        if config is None:
            config = self._tune(target, key, compiled, values, device, stream)
        kernel = next(r.kernel for r in compiled if r.config == config)
        kernel.bind(device=device, **values)(stream)

    def _tune(self, target, key, compiled, values, device, stream):
        from .testing import do_bench
        torch = sys.modules.get("torch")
        saved = {n: values[n].clone() for n in self.restore_value} if torch else {}
        progress = _Progress(self._show(len(compiled)), self._title())
        timings = {}
        for i, result in enumerate(compiled):
            try:
                launch = result.kernel.bind(device=device, **values)

                def run(launch=launch):
                    if self.pre_hook:
                        self.pre_hook(values)
                    launch(stream)
                timings[result.config] = do_bench(run, warmup=self.warmup, rep=self.rep)
            except TesseraError as error:
                timings[result.config] = None
                progress.update(f"{result.config}: launch failed: {error}")
            for name, original in saved.items():
                values[name].copy_(original)
            progress.update(f"timed {i + 1}/{len(compiled)} configs (key {key})")
        passing = {c: t for c, t in timings.items() if t is not None}
        if not passing:
            raise TesseraError(f"autotune {self._title()}: no config launched for key "
                               f"{key}")
        best = min(passing, key=passing.get)
        progress.update(f"best for key {key}: {best} ({passing[best]:.4f} ms)", final=True)
        if os.environ.get("TESSERA_PRINT_AUTOTUNING"):
            print(f"tessera.autotune {self._title()} key {key}: {best} "
                  f"{passing[best]:.4f} ms", file=sys.stderr)
        with self._lock:
            self.best[(target, key)] = best
            self.timings[(target, key)] = timings
        self._store_best(target, key, best, passing[best])
        return best

    # -- the disk cache ----------------------------------------------------

    def _store_path(self, target):
        description = json.dumps({
            "source": self.kernel.source.digest,
            "constants": sorted((n, _compiler.format_constant(n, v))
                                for n, v in self.kernel.constants.items()),
            "configs": [sorted((n, _compiler.format_constant(n, v))
                               for n, v in c.constants.items()) for c in self.configs],
            "target": target}, sort_keys=True)
        digest = hashlib.sha256(description.encode()).hexdigest()
        return _paths.cache_dir() / "autotune" / f"{digest}.json"

    def _load_best(self, target, key, compiled):
        if not self.cache:
            return None
        try:
            stored = json.loads(self._store_path(target).read_text())
        except (OSError, ValueError):
            return None
        entry = stored.get(repr(key))
        if entry is None:
            return None
        config = Config(**entry["config"])
        if not any(r.config == config for r in compiled):
            return None
        with self._lock:
            self.best[(target, key)] = config
        return config

    def _store_best(self, target, key, config, ms):
        if not self.cache:
            return
        path = self._store_path(target)
        try:
            stored = json.loads(path.read_text())
        except (OSError, ValueError):
            stored = {}
        stored[repr(key)] = {"config": config.constants, "ms": ms}
        _compiler._atomic_write(path, json.dumps(stored, indent=1, sort_keys=True))

    def _show(self, count):
        return self.progress if self.progress is not None else count > 8

    def _title(self):
        source = self.kernel.source
        return str(source.path.name if source.path else source.filename)

    def __repr__(self):
        return f"<tessera Autotuner {self._title()} {len(self.configs)} configs key={self.key}>"


def autotune(configs, key, restore_value=(), pre_hook=None, warmup=5, rep=25,
             max_workers=None, progress=None, cache=True):
    """A decorator: autotune(configs=[Config(...)], key=["N"])(jit_kernel).

    warmup/rep: the milliseconds do_bench spends warming up and timing each
    config; restore_value: tensor parameters copied before tuning and
    restored after each config (kernels that update them in place);
    pre_hook(values): called before every launch while tuning."""
    def decorator(kernel):
        return Autotuner(kernel, configs, key, restore_value, pre_hook, warmup, rep,
                         max_workers, progress, cache)
    return decorator
