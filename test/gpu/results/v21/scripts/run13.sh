set -u
cd gpu-ab/final && export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME=${CUDA_HOME:-/usr/local/cuda} && source test/gpu/results/v20/scripts/runtime.sh
export TESSERA_CACHE_DIR=$TREE/build/py-cache TESSERA_TORCH_EXTENSION=1
for c in heads-nograd heads-grad handle-nograd handle-grad; do timeout 100 python3 ../crash.py $c 2>&1 | tail -12; echo "$c exit $?"; done
which gdb cuda-gdb; ls $CUDA_HOME/bin | grep -i gdb
G=$(which gdb || echo $CUDA_HOME/bin/cuda-gdb)
[ -x "$G" ] && timeout 150 $G -batch -ex run -ex bt --args python3 ../crash.py handle-grad 2>&1 | grep -E "^#|signal|caught" | head -30
