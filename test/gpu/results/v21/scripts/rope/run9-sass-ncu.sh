set -u
cd gpu-ab
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
for f in sass/*.cubin; do echo "== $f"; $CUDA_HOME/bin/cuobjdump -sass $f > $OUT/$(basename $f .cubin).sass; grep -oE "^\s+/\*[0-9a-f]+\*/\s+[A-Z0-9_.]+" $OUT/$(basename $f .cubin).sass | awk '{print $2}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -14 | tr '\n' ' '; echo; done
cd final && export TREE=$PWD PYTHONUNBUFFERED=1 CUDA_HOME && source test/gpu/results/v20/scripts/runtime.sh && export TESSERA_CACHE_DIR=$TREE/build/py-cache
timeout 200 ncu --clock-control none -k regex:rotary -c 6 --section SpeedOfLight --section WarpStateStats --section InstructionStats --section MemoryWorkloadAnalysis python3 ../rope_one.py > $OUT/ncu-rope.txt 2>&1
echo "ncu exit $?"; grep -E "rotary|Duration|DRAM Throughput|Memory Throughput|Stall|Issued Ipc|L1/TEX Hit|Executed Ipc" $OUT/ncu-rope.txt | head -60
