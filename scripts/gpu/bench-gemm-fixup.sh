#!/usr/bin/env bash
# Issue 23 on the GPU machine, after scripts/compile-examples.sh (sm_90a):
# the split-K fix-up (ordered partials two at a time; atomic reductions)
# and the plans with and without atomic reductions over the GEMM suite.
# OLD=<dir> holds gemm_sm90.sm_90a.{cubin,json} of an earlier commit for a
# before/after of the ordered fix-up in the same session.
#   1. the driver's default cases (exact and random data, split-K ordered
#      and atomic, stream-K, epilogues) and the library's tests;
#   2. the fix-up sweep: few-tile, long-K shapes at ordered and atomic
#      split counts, new and OLD kernels;
#   3. peers (torch.matmul, torch._scaled_mm) and every configuration (the
#      2 x 1 clusters gemm_<T>[_n128]_c2, the 128 x 192 tiles and the
#      block-scaled gemm_e4m3_n128_bs (unit scales) too) with
#      its heuristic splits over the suite; then, for the shapes whose
#      plan with atomic reductions allowed is atomic, the atomic runs;
#   4. compute-sanitizer memcheck and racecheck with atomic reductions.
# Writes ${OUT:-gpu-results}/{fixup.txt,old.txt,gemm-fixup.md,sanitizers.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin fixup.txt gemm-sm90-host CuteKernelsTests
H=build-gpu/bin/gemm-sm90-host
status=0
# 1. Correctness.
$H --artifacts "$ART" --chip sm_90a --no-bench >> "$LOG" 2>&1 || status=1
build-gpu/bin/CuteKernelsTests --gtest_brief=1 >> "$LOG" 2>&1 || status=1
echo "stage 1 done $(date -u +%T)" | tee -a "$LOG"
# 2. The fix-up sweep.
FEW="128x128x65536 256x4096x4096 128x4096x12288 64x4096x14336 16x4096x12288 256x4096x12288"
fargs=(); for s in $FEW; do fargs+=(--shape "$s"); done
$H --artifacts "$ART" --chip sm_90a "${fargs[@]}" --splits 4 --splits 8 --splits 16 --splits 32 \
  --splits 64 --kernel gemm_bf16_n128 --kernel gemm_bf16_swap --kernel gemm_bf16_n192 \
  --kernel gemm_e4m3_n128 >> "$LOG" 2>&1 || status=1
$H --artifacts "$ART" --chip sm_90a "${fargs[@]}" --atomic --splits 4 --splits 8 --splits 16 \
  --splits 32 --splits 64 --splits 128 --kernel gemm_bf16_n128 --kernel gemm_bf16_swap >> "$LOG" 2>&1 || status=1
if [ -n "${OLD:-}" ]; then
  $H --artifacts "$OLD" --chip sm_90a "${fargs[@]}" --splits 4 --splits 8 --splits 16 --splits 32 \
    --kernel gemm_bf16_n128 --kernel gemm_bf16_swap >> "$OUT/old.txt" 2>&1 || status=1
fi
echo "stage 2 done $(date -u +%T)" | tee -a "$LOG"
# 3. The suite.
gemm_suite
python3 bench/gemm_peers.py --sizes --shapes $DECODE $SUITE >> "$LOG" 2>&1
dargs=(); for s in $DECODE; do dargs+=(--shape "$s"); done
$H --artifacts "$ART" --chip sm_90a "${dargs[@]}" --splits -1 \
  --kernel gemm_bf16_swap --kernel gemm_e4m3_swap --kernel gemm_e4m3_swap_bs >> "$LOG" 2>&1 || status=1
aargs=(); for s in $DECODE $SUITE; do aargs+=(--shape "$s"); done
$H --artifacts "$ART" --chip sm_90a "${aargs[@]}" --splits -1 --kernel gemm_bf16 \
  --kernel gemm_bf16_n128 --kernel gemm_e4m3 --kernel gemm_e4m3_n128 \
  --kernel gemm_bf16_c2 --kernel gemm_bf16_n128_c2 --kernel gemm_e4m3_c2 \
  --kernel gemm_e4m3_n128_c2 --kernel gemm_bf16_n192 --kernel gemm_e4m3_n192 \
  --kernel gemm_e4m3_n128_bs >> "$LOG" 2>&1 || status=1
echo "stage 3a done $(date -u +%T)" | tee -a "$LOG"
# The shapes whose plan with atomic reductions allowed is atomic.
nargs=(); for s in $(grep -E "^PICK-ND .* atomic$" "$LOG" | awk '{print $3}' | sort -u); do nargs+=(--shape "$s"); done
if [ ${#nargs[@]} -gt 0 ]; then
  $H --artifacts "$ART" --chip sm_90a "${nargs[@]}" --atomic --splits -1 --kernel gemm_bf16 \
    --kernel gemm_bf16_n128 --kernel gemm_e4m3 --kernel gemm_e4m3_n128 --kernel gemm_bf16_swap \
    --kernel gemm_e4m3_swap --kernel gemm_bf16_c2 --kernel gemm_bf16_n128_c2 \
    --kernel gemm_e4m3_c2 --kernel gemm_e4m3_n128_c2 --kernel gemm_bf16_n192 \
    --kernel gemm_e4m3_n192 >> "$LOG" 2>&1 || status=1
fi
echo "stage 3b done $(date -u +%T)" | tee -a "$LOG"
# 4. Sanitizers on the atomic path.
for tool in memcheck racecheck; do
  for s in 3 0; do
    compute-sanitizer --tool $tool --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a \
      --shape 77x136x256 --splits $s --atomic --epilogue bias=n,beta=0.5,act=gelu --no-bench \
      --kernel gemm_bf16 --kernel gemm_bf16_swap --kernel gemm_e4m3_n128 --kernel gemm_bf16_c2 \
      --kernel gemm_bf16_n192 --kernel gemm_e4m3_n128_bs \
      > /tmp/san.txt 2>&1
    rc=$?
    { echo "== $tool splits $s atomic"; cat /tmp/san.txt; } >> "$OUT/sanitizers.txt"
    echo "$tool splits $s atomic: $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc") $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/san.txt)" | tee -a "$LOG"
    [ $rc = 0 ] || status=1
  done
done
echo "checks PASS: $(grep -cE '^CHECK.*PASS' "$LOG")" | tee -a "$LOG"
grep -E "^CHECK.*FAIL|^RESULT|FATAL|FAILED|PASSED" "$LOG"
python3 bench/gemm_configs.py --sweep "$LOG" > "$OUT/gemm-fixup.md"
exit $status
