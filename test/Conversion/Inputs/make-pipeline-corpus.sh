#!/usr/bin/env bash
# Regenerates the seed corpus of tessera-pipeline-fuzzer (pipeline-corpus/):
# every .mlir test of test/Dialect, test/Transforms and test/Conversion split
# at `// -----`, comment lines dropped, and, for those of them that
# tessera-to-gpu accepts, its output (gpu-*.mlir, input of the GPU half); the
# bundled kernels at the tile and GPU levels (tessera-compile --emit=tile /
# --emit=gpu); and the inputs of issue 16.2 (crash-*.mlir, kept as they are).
#
#   test/Conversion/Inputs/make-pipeline-corpus.sh build/bin
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=$(cd "${1:?usage: $0 BUILD/bin}" && pwd)
out=$here/pipeline-corpus
find "$out" -name "*.mlir" ! -name "crash-*" -delete 2>/dev/null || true
mkdir -p "$out"

for dir in Dialect Transforms Conversion; do
  find "$root/test/$dir" -name '*.mlir' -not -path '*/Inputs/*' | sort | while read -r f; do
    name=${f#"$root/test/"}
    name=${name%.mlir}
    awk -v prefix="$out/${name//\//-}" '
      function flush() { if (text != "") print text > (prefix "-" n ".mlir"); close(prefix "-" n ".mlir"); text = "" }
      /^\/\/ -----/ { flush(); n++; next }
      /^ *\/\// { next }
      /^ *$/ { next }
      { text = text $0 "\n" }
      END { flush() }' n=0 "$f"
  done
done

for f in "$out"/Conversion-*.mlir "$out"/Transforms-*.mlir; do
  gpu=$out/gpu-$(basename "$f")
  "$bin/tessera-opt" "$f" --tessera-to-gpu -o "$gpu" 2>/dev/null || rm -f "$gpu"
done

for kernel in "$root"/kernels/*.tile; do
  name=$(basename "${kernel%.tile}")
  "$bin/tessera-compile" "$kernel" --emit=tile > "$out/kernel-$name-tile.mlir"
  # A file of several kernels has no single GPU-level form (--kernel NAME).
  "$bin/tessera-compile" "$kernel" --emit=gpu > "$out/kernel-$name-gpu.mlir" 2>/dev/null ||
    rm -f "$out/kernel-$name-gpu.mlir"
done
# The warp-specialized FA2 at the GPU level (tilegpu.warp_specialize).
"$bin/tessera-compile" "$root/kernels/fa2.tile" --target sm_90a --warp-specialize --emit=gpu \
  > "$out/kernel-fa2-ws-gpu.mlir"
# ... and persistent (its loop of programs, the producer's own).
"$bin/tessera-compile" "$root/kernels/fa2.tile" --target sm_90a --warp-specialize \
  -D PERSISTENT=true --emit=gpu > "$out/kernel-fa2-ws-persistent-gpu.mlir"
