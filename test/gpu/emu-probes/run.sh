#!/bin/bash
# Runs the emulator numerics probes on the device machine (an H200) and packs
# the results under $OUT. Binaries come prebuilt in bin/ (nvcc 13.0,
# -gencode=arch=compute_90a,code=sm_90a); if they do not run, they are built
# here. Usage (repo root): bash test/gpu/emu-probes/run.sh [nRandom] [nDump] [grid|final]
# Run 1 (2026-12-02): run.sh 1048576 32768 grid; run 2: run.sh 4194304 4096 final
set -u
OUT=${OUT:-/tmp/emu-probes-out}
D=$(cd "$(dirname "$0")" && pwd)
NR=${1:-1048576}
ND=${2:-32768}
MODE=${3:-grid}
mkdir -p "$OUT/approx" "$OUT/mma"
exec > >(tee "$OUT/log.txt") 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
nvcc --version | tail -1
build() {
  local src=$1 bin=$2 extra=$3
  echo "building $bin"
  nvcc -std=c++17 -O2 $extra -gencode=arch=compute_90a,code=sm_90a \
    "$D/$src" -o "$D/bin/$bin"
}
mkdir -p "$D/bin"
[ -x "$D/bin/approx_probe" ] || build approx_probe.cu approx_probe -DWITH_EMU_MODEL
[ -x "$D/bin/mma_probe" ] || build mma_probe.cu mma_probe ""
T0=$(date +%s.%N)
if ! "$D/bin/approx_probe" "$OUT/approx"; then
  build approx_probe.cu approx_probe -DWITH_EMU_MODEL &&
    "$D/bin/approx_probe" "$OUT/approx"
fi
T1=$(date +%s.%N)
if ! "$D/bin/mma_probe" "$OUT/mma" "$NR" "$ND" "$MODE"; then
  build mma_probe.cu mma_probe "" && "$D/bin/mma_probe" "$OUT/mma" "$NR" "$ND" "$MODE"
fi
T2=$(date +%s.%N)
awk "BEGIN{printf \"approx probe: %.1f s, mma probe: %.1f s\\n\", $T1-$T0, $T2-$T1}"
cat "$OUT/approx/approx_summary.txt"
grep '^#' "$OUT/mma/mma_grid.txt"
cat "$OUT/approx/approx_summary.txt" > /dev/null
cd "$OUT" && tar czf approx.tgz approx && tar czf mma.tgz mma && rm -rf approx mma
ls -la "$OUT"
