#!/usr/bin/env python3
"""Manifest selection and markdown tables for test/gpu/run_all.sh.

  tables.py groups DIR
      one "D CAUSAL" line per (head dim, causal) pair among DIR's manifests
  tables.py select DIR [--kernel K] [--dim D] [--causal 0|1]
      the paths of the matching manifests, one per line
  tables.py defaults DIR
      the manifest of each kernel in DEFAULT_KERNELS whose constants equal
      the defaults in kernels/<kernel>.tile (the first by path), one per line
  tables.py describe MANIFEST...
      "KIND KERNEL SYMBOL D CAUSAL PATH" per manifest, KIND attention (Q, K,
      V, Out), gemm (A, B, C) or other (test/gpu/sanitize.sh's plan)
  tables.py report WORK OUT
      reads WORK/correct-*.json/.csv (tessera-bench), the sweeps
      WORK/seed-*.json and WORK/d128-*.json (tessera-bench --sweep or
      peers.py --no-peers), WORK/peers/peers.md, WORK/gemm/gemm.csv
      (test/gpu/check_gemm.py --csv), WORK/sanitize/sanitize.csv
      (test/gpu/sanitize.sh), WORK/watchdog/watchdog.txt
      (test/gpu/check_watchdog.sh) and WORK/steps.txt; writes OUT/tables.md,
      OUT/correctness.csv, OUT/seed.csv, OUT/d128.csv, OUT/gemm.csv and
      OUT/sanitize.csv, and prints tables.md.

DIR is searched recursively for manifests (JSON files with "format":
"tessera-manifest"); other JSON files are ignored.
"""

import argparse
import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import tessera_torch as tt  # noqa: E402  (no torch needed for manifests)

SEED_BATCHES = (1, 2, 4, 8, 16)
# The kernels whose default configs test/gpu/sanitize.sh checks.
DEFAULT_KERNELS = ("fa2", "fa1", "gemm")
SANITIZER_TOOLS = ("memcheck", "racecheck", "synccheck")
D128_SEQ_LENS = (1024, 2048, 4096, 8192, 16384)


# ----------------------------------------------------------------------------
# Manifests
# ----------------------------------------------------------------------------

def manifests(folder):
    """Every manifest under `folder`, sorted by path."""
    found = []
    for path in sorted(Path(folder).rglob("*.json")):
        try:
            found.append(tt.Manifest.load(path))
        except tt.TesseraError:
            continue
    return found


def cmd_groups(args):
    pairs = sorted({(m.head_dim, int(m.causal)) for m in manifests(args.dir)
                    if m.head_dim is not None})
    for dim, causal in pairs:
        print(dim, causal)


def cmd_select(args):
    for m in manifests(args.dir):
        if ((args.kernel is None or m.kernel == args.kernel)
                and (args.dim is None or m.head_dim == args.dim)
                and (args.causal is None or int(m.causal) == args.causal)):
            print(m.path.resolve())


def tile_defaults(kernel):
    """The `const NAME = VALUE` lines of kernels/<kernel>.tile (booleans as
    0/1), or None when there is no such file."""
    path = ROOT / "kernels" / f"{kernel}.tile"
    if not path.exists():
        return None
    values = {}
    for line in path.read_text().splitlines():
        words = line.split("#")[0].split()
        if len(words) == 4 and words[0] == "const" and words[2] == "=":
            text = {"true": "1", "false": "0"}.get(words[3], words[3])
            try:
                values[words[1]] = float(text) if "." in text else int(text)
            except ValueError:
                continue
    return values


def is_default(manifest, defaults):
    """True when every constant of the .tile's that the manifest records has
    its default value (and the manifest records at least one)."""
    shared = [name for name in defaults if name in manifest.constants]
    return bool(shared) and all(manifest.constants[name] == defaults[name] for name in shared)


def cmd_defaults(args):
    found = manifests(args.dir)
    for kernel in DEFAULT_KERNELS:
        defaults = tile_defaults(kernel)
        match = next((m for m in found if m.kernel == kernel and defaults is not None
                      and is_default(m, defaults)), None)
        if match:
            print(match.path.resolve())
        else:
            print(f"tables.py defaults: no {kernel} manifest with the defaults of "
                  f"kernels/{kernel}.tile under {args.dir}", file=sys.stderr)


def kind_of(manifest):
    names = {p["name"] for p in manifest.params}
    if {"Q", "K", "V", "Out"} <= names:
        return "attention"
    if {"A", "B", "C"} <= names:
        return "gemm"
    return "other"


def cmd_describe(args):
    for path in args.manifests:
        try:
            m = tt.Manifest.load(path)
        except tt.TesseraError as error:
            print(f"tables.py describe: {error}", file=sys.stderr)
            continue
        # D 64 when the manifest does not fix it (e.g. test/gpu/smoke/hang_*.json).
        print(kind_of(m), m.kernel, m.data.get("symbol", m.kernel), m.head_dim or 64,
              int(m.causal), Path(path).resolve())


# ----------------------------------------------------------------------------
# Reading results
# ----------------------------------------------------------------------------

def bench_results(work, prefix):
    """The results of WORK/<prefix>*.json written by tessera-bench --json."""
    results = []
    for path in sorted(Path(work).glob(prefix + "*.json")):
        results += json.loads(path.read_text())["results"]
    return results


def merge_csv(work, prefix, out_path):
    """Concatenates WORK/<prefix>*.csv (one header) into out_path."""
    lines = []
    for i, path in enumerate(sorted(Path(work).glob(prefix + "*.csv"))):
        text = path.read_text().splitlines()
        lines += text if i == 0 else text[1:]
    if lines:
        Path(out_path).write_text("\n".join(lines) + "\n")


_MANIFESTS = {}


def manifest_at(path):
    """The manifest at `path` (cached), or None when it cannot be read."""
    if path not in _MANIFESTS:
        try:
            _MANIFESTS[path] = tt.Manifest.load(path)
        except tt.TesseraError:
            _MANIFESTS[path] = None
    return _MANIFESTS[path]


SWEEP_FIELDS = ["kernel", "config", "B", "H", "N", "D", "causal", "status", "median_ms",
                "tflops", "registers", "spill_stores", "spill_loads", "best", "manifest"]


def bench_record(r):
    """A tessera-bench JSON result as a sweep record."""
    s = r["shape"]
    manifest = manifest_at(r["manifest"])
    return {"kernel": r["kernel"], "config": manifest.config if manifest else "?",
            "B": s["B"], "H": s["H"], "N": s["N"], "D": s["D"], "causal": int(s["causal"]),
            "status": r["status"], "median_ms": r["median_ms"], "tflops": r["tflops"],
            "registers": r["registers"], "spill_stores": r["spill_stores"],
            "spill_loads": r["spill_loads"], "best": r["best"], "manifest": r["manifest"]}


def peers_record(shape, r, best):
    """A Tessera result of peers.py's JSON (tessera_sweep) as a sweep record."""
    manifest = manifest_at(r["manifest"])
    res = manifest.resources if manifest else {}
    return {"kernel": manifest.kernel if manifest else r["peer"],
            "config": manifest.config if manifest else r["config"],
            "B": shape["B"], "H": shape["H"], "N": shape["N"], "D": shape["D"],
            "causal": int(shape["causal"]), "status": r["status"], "median_ms": r["ms"],
            "tflops": r["tflops"], "registers": res.get("registers", "?"),
            "spill_stores": res.get("spill_stores", "?"),
            "spill_loads": res.get("spill_loads", "?"), "best": best,
            "manifest": r["manifest"]}


def sweep_records(work, prefix):
    """Every config's record of WORK/<prefix>*.json, from tessera-bench --sweep
    ("results" with "best" flags) or from peers.py --no-peers ("shapes")."""
    records = []
    for path in sorted(Path(work).glob(prefix + "*.json")):
        data = json.loads(path.read_text())
        if "results" in data:
            records += [bench_record(r) for r in data["results"]]
            continue
        for entry in data["shapes"]:
            chosen = {(r["peer"], r["manifest"]) for r in entry["results"]
                      if r["status"] == "ok"}
            records += [peers_record(entry["shape"], r, (r["peer"], r["manifest"]) in chosen)
                        for r in entry["tessera_sweep"]]
    return records


def write_sweep_csv(records, out_path):
    """Every config of a sweep, times rounded (nothing when there are none)."""
    if not records:
        return
    with open(out_path, "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=SWEEP_FIELDS)
        writer.writeheader()
        for r in records:
            ok = r["status"] == "ok"
            writer.writerow({**r, "median_ms": f"{r['median_ms']:.4f}" if ok else "",
                             "tflops": f"{r['tflops']:.1f}" if ok else "",
                             "best": int(r["best"])})


def best_for(records, kernel, B, H, N, D, causal):
    """The best record of `kernel` at one shape, or None."""
    for r in records:
        if r["best"] and r["kernel"] == kernel and (r["B"], r["H"], r["N"], r["D"],
                                                    r["causal"]) == (B, H, N, D, causal):
            return r
    return None


def regs(record):
    if not record:
        return "–"
    return f"{record['registers']} / {record['spill_stores']}+{record['spill_loads']}"


def tflops(record):
    return f"{record['tflops']:.1f}" if record else "–"


def config(record):
    """The tuning label and the manifest's file name (configs may share constants)."""
    return f"{record['config']} ({Path(record['manifest']).stem})" if record else "–"


# ----------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------

def correctness_section(work):
    results = bench_results(work, "correct-")
    if not results:
        return ["(no correctness results: see log.txt)"]
    passed = [r for r in results if r["status"] == "ok"]
    failed = [r for r in results if r["status"] != "ok"]
    lines = [f"{len(passed)} of {len(results)} runs passed "
             f"({len({r['manifest'] for r in results})} manifests; tessera-bench against its "
             "fp64 reference, |got - ref| <= 2e-3 + 2e-3·|ref|)."]
    if passed:
        lines.append(f"Largest max abs error among passing runs: Out "
                     f"{max(r['max_abs_err_out'] for r in passed):.2g}, Lse "
                     f"{max(r['max_abs_err_lse'] for r in passed):.2g}.")
    if failed:
        lines += ["", "| manifest | kernel | config | shape | status | max abs err Out / Lse "
                  "| message |", "|---|---|---|---|---|---|---|"]
        for r in failed:
            record = bench_record(r)
            lines.append(f"| {Path(r['manifest']).name} | {r['kernel']} | {record['config']} | "
                         f"{record['B']},{record['H']},{record['N']},{record['D']}"
                         f"{' causal' if record['causal'] else ''} | {r['status'].upper()} | "
                         f"{r['max_abs_err_out']:.2g} / {r['max_abs_err_lse']:.2g} | "
                         f"{r['message'][:160]} |")
    lines.append("All runs: correctness.csv.")
    return lines


def seed_section(records):
    """FA1 vs FA2, H=32, N=2048, D=64, B sweep, each tuned over its configs."""
    if not records:
        return ["(no seed results: see log.txt)"]
    lines = ["| B | causal | FA1 TFLOP/s | FA1 config | FA1 regs / spills | FA2 TFLOP/s | "
             "FA2 config | FA2 regs / spills | FA2 / FA1 |", "|" + "---|" * 9]
    for causal in (0, 1):
        for B in SEED_BATCHES:
            fa1 = best_for(records, "fa1", B, 32, 2048, 64, causal)
            fa2 = best_for(records, "fa2", B, 32, 2048, 64, causal)
            ratio = f"{fa2['tflops'] / fa1['tflops']:.2f}×" if fa1 and fa2 else "–"
            lines.append(f"| {B} | {'yes' if causal else 'no'} | {tflops(fa1)} | "
                         f"{config(fa1)} | {regs(fa1)} | {tflops(fa2)} | {config(fa2)} | "
                         f"{regs(fa2)} | {ratio} |")
    lines.append("Regs / spills: registers / spill stores+loads (ptxas). All configs: seed.csv.")
    return lines


def d128_section(records):
    """FA2 at D=128, H=16, B·N = 16k, causal and not, tuned."""
    if not records:
        return ["(no D=128 results: see log.txt)"]
    lines = ["| N | B | TFLOP/s | config | regs / spills | causal TFLOP/s | causal config | "
             "causal regs / spills |", "|" + "---|" * 8]
    for N in D128_SEQ_LENS:
        B = 16384 // N
        row = [str(N), str(B)]
        for causal in (0, 1):
            r = best_for(records, "fa2", B, 16, N, 128, causal)
            row += [tflops(r), config(r), regs(r)]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("All configs: d128.csv.")
    return lines


def step_csv(work, step, out):
    """The rows of WORK/STEP/STEP.csv, copied to OUT/STEP.csv; None when the
    step wrote none."""
    path = Path(work) / step / f"{step}.csv"
    if not path.exists():
        return None
    (Path(out) / path.name).write_text(path.read_text())
    return list(csv.DictReader(path.open()))


def sanitize_section(work, out):
    """Errors per compute-sanitizer tool and kernel (test/gpu/sanitize.sh)."""
    rows = step_csv(work, "sanitize", out)
    if rows is None:
        return ["(no sanitizer results: see log.txt)"]
    kernels = list(dict.fromkeys((r["kernel"], r["manifest"]) for r in rows))
    tools = [t for t in SANITIZER_TOOLS if any(r["tool"] == t for r in rows)]
    tools += sorted({r["tool"] for r in rows} - set(tools))
    lines = ["| kernel | manifest | " + " | ".join(tools) + " |", "|" + "---|" * (2 + len(tools))]
    for kernel, manifest in kernels:
        cells = []
        for tool in tools:
            r = next((r for r in rows if (r["kernel"], r["manifest"], r["tool"]) ==
                      (kernel, manifest, tool)), None)
            if r is None:
                cells.append("–")
            elif r["status"] in ("clean", "errors", "program-failed"):
                cell = f"{r['errors']} errors"
                if r["warnings"] not in ("", "0"):
                    cell += f", {r['warnings']} warnings"
                if r["status"] == "program-failed":
                    cell += " (check FAILED)"
                cells.append(cell)
            else:
                cells.append(r["status"].upper())
        lines.append(f"| {kernel} | {Path(manifest).name} | " + " | ".join(cells) + " |")
    clean = sum(r["status"] == "clean" for r in rows)
    lines.append(f"{clean} of {len(rows)} runs clean (0 errors, check passed). Errors: the "
                 "ERROR SUMMARY of each run (racecheck: the errors of its RACECHECK SUMMARY). "
                 "Logs: log.txt, sanitize.csv.")
    return lines


def watchdog_section(work):
    """test/gpu/check_watchdog.sh's verdicts (a hung kernel must be TIMEOUT)."""
    path = Path(work) / "watchdog" / "watchdog.txt"
    if not path.exists():
        return ["(no watchdog results: see log.txt)"]
    return ["| check | expected | got | verdict |", "|---|---|---|---|"] + [
        "| " + " | ".join(line.split("\t")) + " |"
        for line in path.read_text().splitlines() if line.count("\t") == 3]


def peers_section(work):
    path = Path(work) / "peers" / "peers.md"
    if not path.exists():
        return ["(no peers results: see log.txt)"]
    return [path.read_text().rstrip(),
            "Ratios: Tessera FA2 TFLOP/s over the peer's, same process and tensors. "
            "All runs: peers.csv, chart: peers.png."]


def gemm_section(work, out):
    """test/gpu/check_gemm.py's rows: each gemm manifest against torch.matmul."""
    rows = step_csv(work, "gemm", out)
    if rows is None:
        return ["(no gemm results: see log.txt)"]
    lines = ["| manifest | M×N×K | status | Tessera TFLOP/s | torch.matmul TFLOP/s | ratio |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        ratio = f"{float(r['ratio']):.2f}×" if r.get("ratio") else "–"
        lines.append(f"| {Path(r['manifest']).name} | {r['M']}×{r['N']}×{r['K']} | "
                     f"{r['status']} | {r.get('tessera_tflops') or '–'} | "
                     f"{r.get('torch_tflops') or '–'} | {ratio} |")
    best = {}
    for r in rows:
        if r["status"] == "ok" and r.get("ratio"):
            shape = f"{r['M']}×{r['N']}×{r['K']}"
            best[shape] = max(best.get(shape, 0.0), float(r["ratio"]))
    ok = sum(r["status"] == "ok" for r in rows)
    lines.append(f"{ok} of {len(rows)} runs correct (C against fp32 products, NaN-poisoned "
                 "first). Best ratio a shape: " +
                 (", ".join(f"{shape} {ratio:.2f}×" for shape, ratio in best.items()) or "none") +
                 ". All runs: gemm.csv.")
    return lines


def cmd_report(args):
    work, out = Path(args.work), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    merge_csv(work, "correct-", out / "correctness.csv")
    seed, d128 = sweep_records(work, "seed-"), sweep_records(work, "d128-")
    write_sweep_csv(seed, out / "seed.csv")
    write_sweep_csv(d128, out / "d128.csv")
    steps = work / "steps.txt"
    sections = [
        ("Steps", steps.read_text().rstrip().splitlines() if steps.exists() else []),
        ("Correctness: every manifest at a ragged and a large shape", correctness_section(work)),
        ("Seed table: FA1 vs FA2, H=32 N=2048 D=64, each tuned", seed_section(seed)),
        ("FA2 at D=128, H=16, B·N=16k, tuned", d128_section(d128)),
        ("Peers (PERF.md shapes), TFLOP/s", peers_section(work)),
        ("GEMM (kernels/gemm.tile) against torch.matmul, fp16", gemm_section(work, out)),
        ("compute-sanitizer: default kernels at a ragged shape", sanitize_section(work, out)),
        ("Watchdog: hung kernels are reported, the run goes on", watchdog_section(work)),
    ]
    text = "\n".join(f"## {title}\n" + "\n".join(lines) + "\n" for title, lines in sections)
    (out / "tables.md").write_text(text)
    print(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    groups = sub.add_parser("groups", help="(D, CAUSAL) pairs among the manifests")
    groups.add_argument("dir")
    select = sub.add_parser("select", help="paths of matching manifests")
    select.add_argument("dir")
    select.add_argument("--kernel")
    select.add_argument("--dim", type=int)
    select.add_argument("--causal", type=int, choices=(0, 1))
    defaults = sub.add_parser("defaults", help="the default-config manifests")
    defaults.add_argument("dir")
    describe = sub.add_parser("describe", help="what sanitize.sh runs for each manifest")
    describe.add_argument("manifests", nargs="+")
    report = sub.add_parser("report", help="write OUT/tables.md and the CSVs")
    report.add_argument("work")
    report.add_argument("out")
    args = parser.parse_args(argv)
    {"groups": cmd_groups, "select": cmd_select, "defaults": cmd_defaults,
     "describe": cmd_describe, "report": cmd_report}[args.command](args)


if __name__ == "__main__":
    main()
