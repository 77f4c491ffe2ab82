#!/usr/bin/env bash
# gemm-sm90's checks on the GPU machine (after scripts/compile-examples.sh
# for sm_90a): the driver's default cases (exact and random data, the
# split-K cases among them, 4096^3 and 8192^3 timed), then memcheck,
# racecheck and synccheck on a small shape of every configuration at
# 1 and 3 K splits. Writes ${OUT:-gpu-results}/gemm-checks.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
ART=build-artifacts/sm_90a
LOG="$OUT/gemm-checks.txt"
echo "date $(date -u +%FT%TZ) commit $(cat build-artifacts/COMMIT 2>/dev/null || echo unknown)" | tee -a "$LOG"
cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
  -DCUTE_ENABLE_MLIR=OFF > "$OUT/build.log" 2>&1 &&
  ninja -C build-gpu gemm-sm90-host >> "$OUT/build.log" 2>&1 ||
  { echo "BUILD FAILED"; tail -20 "$OUT/build.log"; exit 1; }
status=0
build-gpu/bin/gemm-sm90-host --artifacts "$ART" --chip sm_90a >> "$LOG" 2>&1 || status=1
if command -v compute-sanitizer >/dev/null 2>&1; then
  for tool in memcheck racecheck synccheck; do
    compute-sanitizer --tool $tool --error-exitcode 3 build-gpu/bin/gemm-sm90-host \
      --artifacts "$ART" --chip sm_90a --shape 200x136x1008 --splits 1 --splits 3 \
      --kernel gemm_bf16 --kernel gemm_bf16_n128 --kernel gemm_e4m3 \
      --kernel gemm_e4m3_n128 --no-bench > "$OUT/sanitizer-$tool.txt" 2>&1
    echo "SANITIZER $tool exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer-$tool.txt" | tail -1)" | tee -a "$LOG"
  done
fi
grep -cE "^CHECK.*PASS" "$LOG"
grep -E "^CHECK.*FAIL|^RESULT|FATAL|^BENCH" "$LOG"
exit $status
