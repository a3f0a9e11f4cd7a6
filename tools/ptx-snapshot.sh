#!/usr/bin/env bash
# Writes the PTX and manifest of every kernel in kernels/ for sm_80 and sm_90a
# (default config, the bf16 variant, causal, mma.sync on sm_90a, and the
# attention tuning sweep) into OUTDIR, so that a refactoring can be checked
# byte for byte:
#
#   tools/ptx-snapshot.sh /tmp/before     # on the old tree
#   tools/ptx-snapshot.sh /tmp/after      # on the new tree
#   diff -r /tmp/before /tmp/after
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUTDIR=${1:?usage: $0 OUTDIR}
COMPILE=${TESSERA_COMPILE:-$ROOT/build/bin/tessera-compile}
[ -x "$COMPILE" ] || { echo "error: $COMPILE not found (run ./tools/run.sh build)" >&2; exit 1; }
mkdir -p "$OUTDIR"
failed=0
emit() { # NAME ARGS...
  local name=$1; shift
  if ! "$COMPILE" "$@" --no-cubin -o "$OUTDIR/$name" 2>"$OUTDIR/$name.err"; then
    echo "$name: $(head -1 "$OUTDIR/$name.err")"; failed=$((failed + 1))
  fi
  [ -s "$OUTDIR/$name.err" ] || rm -f "$OUTDIR/$name.err"
}
for tile in "$ROOT"/kernels/*.tile; do
  for k in $(sed -n 's/^def \([A-Za-z0-9_]*\).*/\1/p' "$tile"); do
    for target in sm_80 sm_90a; do
      emit "${k}_${target}" "$tile" --kernel "$k" --target "$target"
      emit "${k}_${target}_bf16" "$tile" --kernel "$k" --target "$target" -D DTYPE=bf16
      grep -q '^const CAUSAL' "$tile" &&
        emit "${k}_${target}_causal" "$tile" --kernel "$k" --target "$target" -D CAUSAL=1
    done
    emit "${k}_sm_90a_sync" "$tile" --kernel "$k" --target sm_90a --mma=sync
  done
done
TESSERA_COMPILE=$COMPILE "$ROOT/tools/compile-configs.sh" "$OUTDIR/sweep" sm_90a >/dev/null 2>&1 || true
rm -f "$OUTDIR"/sweep/*.cubin
echo "$(ls "$OUTDIR"/*.ptx "$OUTDIR"/sweep/*.ptx 2>/dev/null | wc -l) PTX files in $OUTDIR ($failed failed)"
