import re, sys, pathlib, shutil, subprocess
src, dst, variant = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(dst, ignore_errors=True)
shutil.copytree(src, dst)
for ptx in pathlib.Path(dst).glob("*/*/kernel.ptx"):
    lines = ptx.read_text().split("\n")
    barrier = next(i for i, l in enumerate(lines) if "bar.sync" in l)
    out = []
    n1 = n2 = 0
    for i, l in enumerate(lines):
        if l.strip().startswith(".reg .b64"):
            out.append(l); out.append("\t.reg .b64 \t%rdpl, %rdpf;"); continue
        m = re.search(r"ld\.global\.(?!L1)", l)
        if m and not "ld.global.nc" in l:
            if i < barrier:
                l = l.replace("ld.global.", "ld.global.L1::evict_last.L2::cache_hint.", 1)
                l = l.rstrip().rstrip(";") + ", %rdpl;"; n1 += 1
            elif variant == "2":
                l = l.replace("ld.global.", "ld.global.L1::evict_first.L2::cache_hint.", 1)
                l = l.rstrip().rstrip(";") + ", %rdpf;"; n2 += 1
        out.append(l)
    # policies right after the register declarations
    first = next(i for i, l in enumerate(out) if l.strip() and not l.strip().startswith(".reg") and i > out.index("{"))
    out[first:first] = ["\tcreatepolicy.fractional.L2::evict_last.b64 \t%rdpl, 1.0;",
                        "\tcreatepolicy.fractional.L2::evict_first.b64 \t%rdpf, 1.0;"]
    ptx.write_text("\n".join(out))
    r = subprocess.run(["/usr/local/cuda/bin/ptxas", "-arch=sm_90a", "-v", str(ptx), "-o",
                        str(ptx.with_suffix(".cubin"))], capture_output=True, text=True)
    print(ptx.parent.name[:8], "first-pass", n1, "second", n2, r.returncode, r.stderr.strip().split("\n")[-1][:120])
