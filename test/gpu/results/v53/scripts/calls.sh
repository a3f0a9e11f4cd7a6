#!/usr/bin/env bash
# v53 (prepared in stop 52): carry gpu-ab/v49/deps (the runtime's headers,
# results/v49/scripts/trees.sh) and gpu-ab/v53 (rope/ = TESSERA_CACHE_DIR of
# `rope_ab.py --precompile`, run on this machine with /usr/bin/python3).
# rope (either card, ~60 s of work): rope_ab.py. Prediction: the heads-fastest
# grid >= 1.02x the file's at 4096x4096 and 16384x1024 in both dtypes (the
# file's kernel: 90-93 % of the 1 GiB copy, 95-99 % of a same-size one, v52
# call 4; its neighbouring CTAs read 256-byte slices 8 KB x H apart, Inductor's
# kernel streams the tensor in order), within 1 % at 16384x8192; the five
# configs within 2 % of each other in each form.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the repository root on the device
export PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source test/gpu/results/runtime.sh   # runtime DEPS: the Python package's runtime
case ${1:?call} in
  rope)
    nvidia-smi --query-gpu=name --format=csv,noheader
    runtime "$PWD/gpu-ab/v49/deps"
    W=$OUT/rope; mkdir -p $W
    TESSERA_CACHE_DIR=$PWD/gpu-ab/v53/rope PYTHONPATH=$PWD/python timeout -k 5 300 \
      python3 test/gpu/results/v53/scripts/rope_ab.py 2>&1 | grep -v -i warn > $W/rope.txt
    echo "rope exit $?"; cat $W/rope.txt ;;
esac
