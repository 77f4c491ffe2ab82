#!/usr/bin/env bash
# Issue 23 on the GPU machine, after scripts/compile-examples.sh (sm_90a):
# the swap-AB configuration, the fused epilogues and the kernel library, in
# one session. Builds the runtime-only configuration (gemm-sm90-host and
# the library's tests), then
#   1. the driver's default cases (exact and random data, split-K, every
#      epilogue, 1 x 4096 x 4096) and the library's tests on the GPU;
#   2. the peers (torch.matmul, torch._scaled_mm, bias + GELU through
#      cuBLASLt and unfused, addmm) at every shape;
#   3. the swap-AB instances at every split count in SPLITS (0: stream-K)
#      over the decode shapes (M <= 64), the other configurations with
#      their heuristic splits and stream-K over the whole suite;
#   4. fused epilogues against the plain kernel at three shapes;
#   5. compute-sanitizer memcheck and racecheck on 77 x 136 x 256 (swap and
#      tile instances, 1 and 3 splits, residual + bias + GELU).
# Writes ${OUT:-gpu-results}/{swap.txt,gemm-swap.md,sanitizers.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin swap.txt gemm-sm90-host CuteKernelsTests
H=build-gpu/bin/gemm-sm90-host
status=0
# 1. Correctness.
$H --artifacts "$ART" --chip sm_90a --no-bench >> "$LOG" 2>&1 || status=1
build-gpu/bin/CuteKernelsTests --gtest_brief=1 >> "$LOG" 2>&1 || status=1
gemm_suite
# 2. Peers.
python3 bench/gemm_peers.py --sizes --shapes $DECODE $SUITE >> "$LOG" 2>&1
python3 bench/gemm_peers.py --sizes --epilogues --shapes 16x4096x4096 4096x4096x4096 8192x8192x8192 >> "$LOG" 2>&1
# 3. Swap-AB sweep, then every other configuration with its splits.
dargs=(); for s in $DECODE; do dargs+=(--shape "$s"); done
sargs=(); for s in ${SPLITS:-0 1 2 3 4 6 8 16}; do sargs+=(--splits "$s"); done
$H --artifacts "$ART" --chip sm_90a "${dargs[@]}" "${sargs[@]}" \
  --kernel gemm_bf16_swap --kernel gemm_e4m3_swap >> "$LOG" 2>&1 || status=1
aargs=(); for s in $DECODE $SUITE; do aargs+=(--shape "$s"); done
$H --artifacts "$ART" --chip sm_90a "${aargs[@]}" --splits -1 --splits 0 --kernel gemm_bf16 \
  --kernel gemm_bf16_n128 --kernel gemm_e4m3 --kernel gemm_e4m3_n128 >> "$LOG" 2>&1 || status=1
# 4. Epilogues: plain, bias + GELU, residual (beta 1), per configuration.
for e in bias=n,act=gelu beta=1; do
  $H --artifacts "$ART" --chip sm_90a --shape 16x4096x4096 --shape 4096x4096x4096 \
    --shape 8192x8192x8192 --epilogue "$e" --kernel gemm_bf16 --kernel gemm_bf16_n128 \
    --kernel gemm_bf16_swap >> "$LOG" 2>&1 || status=1
done
# 5. Sanitizers.
for tool in memcheck racecheck; do
  for s in 1 3 0; do
    compute-sanitizer --tool $tool --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a \
      --shape 77x136x256 --splits $s --epilogue bias=n,beta=0.5,act=gelu --no-bench \
      --kernel gemm_bf16 --kernel gemm_bf16_swap --kernel gemm_e4m3_n128 > /tmp/san.txt 2>&1
    rc=$?
    { echo "== $tool splits $s"; cat /tmp/san.txt; } >> "$OUT/sanitizers.txt"
    echo "$tool splits $s: $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc") $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/san.txt)" | tee -a "$LOG"
    [ $rc = 0 ] || status=1
  done
done
echo "checks PASS: $(grep -cE '^CHECK.*PASS' "$LOG")" | tee -a "$LOG"
grep -E "^CHECK.*FAIL|^RESULT|FATAL|FAILED|PASSED" "$LOG"
python3 bench/gemm_configs.py --sweep "$LOG" > "$OUT/gemm-swap.md"
exit $status
