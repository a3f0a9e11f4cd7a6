#!/usr/bin/env python3
"""v27: warp-stall samples of one kernel from `ncu --page source --csv --print-source sass`
(a report made with --set full): the total by stall reason, then the N instructions
with the most samples and each one's main reason.

usage: python3 ncu_sass_stalls.py SASS.csv [N]
"""
import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[1]; data = rows[2:]
ia = hdr.index("Warp Stall Sampling (All Samples)"); isrc = hdr.index("Source")
stalls = [h for h in hdr if h.startswith("stall_") and "Not Issued" not in h]
tot = collections.Counter(); total = 0
for r in data:
    if len(r) < len(hdr): continue
    n = int(r[ia] or 0); total += n
    for s in stalls:
        v = r[hdr.index(s)]
        tot[s] += int(v) if v not in ("", "-") else 0
print("total samples", total)
for s, v in tot.most_common(12): print(f"  {s:28} {v:8} {100*v/total:5.1f}%")
# top instructions
top = sorted(data, key=lambda r: -int(r[ia] or 0) if len(r) >= len(hdr) else 0)[:int(sys.argv[2]) if len(sys.argv)>2 else 25]
for r in top:
    n = int(r[ia]); main = max(stalls, key=lambda s: int(r[hdr.index(s)]) if r[hdr.index(s)] not in ("","-") else 0)
    print(f"{n:7} {100*n/total:5.1f}% {r[0][-5:]} {r[isrc].strip()[:70]:70} {main}")
