"""v52: is Tessera FA2's gap to SDPA-cudnn in peers.py (0.92x at
[8,16,2048,128] on an H100, where tessera-bench's sweeps time the same
config 7 % faster than peers.py does) the power cap?  For each kernel, in
alternating rounds: one idle second, a burst (20 launches timed one by one,
as peers.py times), then ~1.5 s of back-to-back launches whose last 50 are
timed. nvidia-smi samples the SM clock and the power draw every 20 ms
(started by calls.sh); this script prints each phase's wall-clock window so
the samples can be matched, and the summary joins them.

usage: power.py SAMPLES.csv MANIFEST... (q, k, v as peers.py makes them)"""
import datetime
import statistics
import sys
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, "tools")
import peers  # noqa: E402
import tessera_torch as tt  # noqa: E402


def per_launch(fn, count):
    return peers.event_times(fn, peers.no_setup, count)


def phases(fn, seconds):
    torch.cuda.synchronize()
    time.sleep(1.0)
    t0 = time.time()
    burst = statistics.median(per_launch(fn, 20))
    torch.cuda.synchronize()
    t1 = time.time()
    launches = 0
    while time.time() - t1 < seconds:
        for _ in range(20):
            fn()
        launches += 20
        torch.cuda.synchronize()
    hot = statistics.median(per_launch(fn, 50))
    t2 = time.time()
    return burst, hot, (t0, t1), (t1 + 0.3, t2)


def window(samples, lo, hi):
    rows = [r for r in samples if lo <= r[0] <= hi]
    if not rows:
        return float("nan"), float("nan"), ""
    reasons = sorted({r[3] for r in rows})
    return (statistics.mean(r[1] for r in rows), statistics.mean(r[2] for r in rows),
            ",".join(reasons))


def read_samples(path):
    out = []
    for line in open(path):
        parts = [p.strip() for p in line.split(",")]
        try:
            stamp = datetime.datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f")
            out.append((stamp.timestamp(), float(parts[1].split()[0]),
                        float(parts[2].split()[0]), parts[3]))
        except (ValueError, IndexError):
            pass
    return out


def main():
    samples_path, manifests = sys.argv[1], sys.argv[2:]
    for dims in ((8, 16, 2048, 128), (2, 16, 8192, 128)):
        shape = peers.Shape(*dims, causal=False)
        q, k, v = peers.make_inputs(shape, 1)
        kernels = []
        for path in manifests:
            call = tt.AttentionCall(tt.load(path), q, k, v, False)
            kernels.append((path.split("/")[-1].replace(".json", ""), call.launch))
        scale = 1 / dims[3] ** 0.5

        def cudnn():
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                F.scaled_dot_product_attention(q, k, v, scale=scale)
        kernels.append(("sdpa-cudnn", cudnn))
        flops = 4 * dims[0] * dims[1] * dims[2] * dims[2] * dims[3]
        windows = []
        for rnd in range(3):
            for name, fn in kernels:
                fn(); torch.cuda.synchronize()
                burst, hot, wb, wh = phases(fn, 1.5)
                windows.append((dims, rnd, name, burst, hot, wb, wh))
                print(f"{dims} round {rnd} {name:40s} burst {burst:.4f} ms  "
                      f"sustained {hot:.4f} ms", flush=True)
        time.sleep(0.5)
        samples = read_samples(samples_path)
        print(f"\n{dims}: kernel, round, burst ms, sustained ms, TFLOP/s sustained, "
              "SM MHz / W in the sustained window, mJ a launch, throttle reasons")
        for dims_, rnd, name, burst, hot, wb, wh in windows:
            mhz, watts, reasons = window(samples, *wh)
            print(f"  {name:40s} r{rnd} {burst:.4f} {hot:.4f} {flops / hot / 1e9:6.1f} "
                  f"{mhz:6.0f} MHz {watts:6.1f} W {watts * hot:7.2f} mJ  {reasons}")


main()
