#!/usr/bin/env python3
"""v44 call 3: the SM clock and power that `nvidia-smi -lms` sampled during each
marked run (marks: "HH:MM:SS.mmm start|end KIND ROUND" lines), busy samples only."""
import datetime as dt
import sys


def seconds(text):
    t = dt.datetime.strptime(text, "%H:%M:%S.%f").time()
    return t.hour * 3600 + t.minute * 60 + t.second + t.microsecond / 1e6


samples = []
for line in open(sys.argv[2]):
    fields = [x.strip() for x in line.split(",")]
    try:
        samples.append((seconds(fields[0].split()[-1]), float(fields[1].split()[0]),
                        float(fields[2].split()[0]), fields[3]))
    except (ValueError, IndexError):
        continue
marks = [line.split() for line in open(sys.argv[1])]
for start, end in zip(marks[::2], marks[1::2]):
    t0, t1 = seconds(start[0]), seconds(end[0])
    busy = [s for s in samples if t0 <= s[0] <= t1 and s[2] > 200]
    if busy:
        print(start[2], start[3], f"{len(busy)} busy samples: SM clock mean "
              f"{sum(s[1] for s in busy) / len(busy):.0f} MHz, min {min(s[1] for s in busy):.0f}; "
              f"power mean {sum(s[2] for s in busy) / len(busy):.0f} W, max "
              f"{max(s[2] for s in busy):.0f}; throttle {sorted({s[3] for s in busy})}")
