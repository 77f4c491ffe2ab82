#!/usr/bin/env bash
# A before/after GEMM comparison in one GPU session (run on the GPU machine,
# like bench-gemm.sh): the same runtime-only gemm-sm90 driver runs the
# kernels of two artifact directories, alternating, at 4096^3 and 8192^3
# (BEFORE=<dir with gemm_sm90.sm_90a.*>, AFTER defaults to build-artifacts/
# sm_90a), ROUNDS times each; torch's peers are measured in the same run.
# Writes ${OUT:-gpu-results}/gemm-before-after.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
CHIP=${CHIP:-sm_90a}
AFTER=${AFTER:-build-artifacts/$CHIP}
BEFORE=${BEFORE:?BEFORE=<artifact dir of the earlier kernels>}
ROUNDS=${ROUNDS:-2}
LOG="$OUT/gemm-before-after.txt"
echo "date $(date -u +%FT%TZ) after $(cat build-artifacts/COMMIT 2>/dev/null) before $(cat "$BEFORE/COMMIT" 2>/dev/null)" | tee -a "$LOG"
[ -x build-gpu/bin/gemm-sm90-host ] || {
  cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
    -DCUTE_ENABLE_MLIR=OFF > "$OUT/build.log" 2>&1 &&
    ninja -C build-gpu gemm-sm90-host >> "$OUT/build.log" 2>&1 ||
    { echo "BUILD FAILED"; tail -20 "$OUT/build.log"; exit 1; }
}
status=0
for round in $(seq "$ROUNDS"); do
  for which in before after; do
    dir=$BEFORE; [ $which = after ] && dir=$AFTER
    for size in 4096 8192; do
      build-gpu/bin/gemm-sm90-host --artifacts "$dir" --chip "$CHIP" --size $size \
        2>&1 | sed "s/^/$which round $round: /" >> "$LOG" || status=1
    done
  done
done
python3 bench/gemm_peers.py --sizes 4096 8192 >> "$LOG" 2>&1
grep -E "(CHECK|BENCH|PEER|RESULT)" "$LOG"
exit $status
