#!/usr/bin/env python3
"""v27: the executed instruction mix (warp instructions per opcode, with their
stall samples) of kernels from `ncu --page source --csv --print-source sass`.

usage: python3 ncu_sass_mix.py SASS.csv...
"""
import csv, sys, collections
for f in sys.argv[1:]:
    rows = list(csv.reader(open(f)))
    hdr = rows[1]; data = [r for r in rows[2:] if len(r) >= len(hdr)]
    ie = hdr.index("Instructions Executed"); isrc = hdr.index("Source"); ia = hdr.index("Warp Stall Sampling (All Samples)")
    c = collections.Counter(); s = collections.Counter()
    for r in data:
        src = r[isrc].strip()
        op = src.split()[0]
        if op.startswith("@"): op = src.split()[1]
        op = op.split(".")[0]
        c[op] += int(r[ie] or 0); s[op] += int(r[ia] or 0)
    tot = sum(c.values())
    print(f"== {f}: {tot/1e6:.1f} M warp instructions, {len(data)} SASS lines")
    for op, v in c.most_common(22): print(f"   {op:12} {v/1e6:8.2f} M  {100*v/tot:5.1f}%  stall samples {s[op]}")
