#!/usr/bin/env bash
# The GEMM benchmarks and their peers in one GPU session (run on the GPU
# machine after scripts/compile-examples.sh, like run-examples.sh): builds
# the runtime-only drivers, times the GEMM examples at their benchmark
# shapes, measures torch.matmul / torch._scaled_mm at the same shapes, and
# writes ${OUT:-gpu-results}/gemm-table.md (bench/gemm_table.py).
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
CHIP=${CHIP:-sm_90a}
ART=build-artifacts/$CHIP
LOG="$OUT/gemm-bench.txt"
: > "$LOG"
echo "date $(date -u +%FT%TZ) commit $(cat build-artifacts/COMMIT 2>/dev/null || echo unknown)" | tee -a "$LOG"
cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
  -DCUTE_ENABLE_MLIR=OFF > "$OUT/build.log" 2>&1 &&
  ninja -C build-gpu gemm-sm90-host blockscale-gemm-sm90-host \
    >> "$OUT/build.log" 2>&1 || { echo "BUILD FAILED"; tail -20 "$OUT/build.log"; exit 1; }
status=0
for size in 4096 8192; do
  build-gpu/bin/gemm-sm90-host --artifacts "$ART" --chip "$CHIP" --size $size \
    >> "$LOG" 2>&1 || status=1
done
build-gpu/bin/blockscale-gemm-sm90-host --artifacts "$ART" --chip "$CHIP" \
  >> "$LOG" 2>&1 || status=1
python3 bench/gemm_peers.py --sizes 4096 8192 >> "$LOG" 2>&1
grep -E "^(CHECK|BENCH|PEER|RESULT)" "$LOG"
python3 bench/gemm_table.py "$LOG" | tee "$OUT/gemm-table.md"
exit $status
