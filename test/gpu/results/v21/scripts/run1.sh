#!/usr/bin/env bash
# v21 calls 1 and 2: the C++ launch path of flash_attn_func (check_launch.py: built,
# equal to the Python path, errors, host time) and the backward's checks and
# bench (check_backward.py), on the tree copied to gpu-ab/final.
set -uo pipefail
cd "$(dirname "$0")/../../../../.."   # the tree copy (gpu-ab/final)
export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
source "$TREE/test/gpu/results/v20/scripts/runtime.sh"
export TESSERA_CACHE_DIR=$TREE/build/py-cache TESSERA_TORCH_EXTENSION=1
python3 -c "import torch; print('torch', torch.__version__, torch.version.cuda)"
TESSERA_TORCH_EXTENSION_VERBOSE=1 timeout 300 python3 test/gpu/check_launch.py > $OUT/launch.txt 2>&1
echo "check_launch exit $?"; grep -vE '^\[|^Emitting|^Building|^Loading|^ninja|^Allowing' $OUT/launch.txt | tail -25
timeout 260 python3 test/gpu/check_backward.py --out $OUT/backward > $OUT/backward.txt 2>&1
echo "check_backward exit $?"; grep -E 'checks passed|^\| [0-9]|FAIL' $OUT/backward.txt
