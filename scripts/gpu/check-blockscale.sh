#!/usr/bin/env bash
# Issue 23 on the GPU machine, after scripts/compile-examples.sh (sm_90a):
# a short check of what the H100 run of 2026-12-07 left open.
#   1. gemm_e4m3_n128_bs at the two shapes whose check failed then (the
#      block scales' upload had not landed; copyFromHost now waits) and
#      two more, twice; swap-AB block scales (gemm_e4m3_swap_bs) at decode
#      shapes, against the plain e4m3 kernels;
#   2. a cluster against the same tiles alone (measured 2-4x slower);
#   3. the library's block-scale, 128 x 192 and two-level split-K tests
#      on the GPU (real scales, not unit ones).
# Writes ${OUT:-gpu-results}/{blockscale.txt,tests.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin blockscale.txt gemm-sm90-host CuteKernelsTests
H=build-gpu/bin/gemm-sm90-host
status=0
for rep in 1 2; do
  stdbuf -oL $H --artifacts "$ART" --chip sm_90a --shape 2048x151936x4096 \
    --shape 8192x24576x4096 --shape 256x4096x4096 --shape 8192x151936x4096 \
    --splits -1 --kernel gemm_e4m3_n128_bs --kernel gemm_e4m3_n128 >> "$LOG" 2>&1 || status=1
done
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --shape 1x7168x2048 --shape 16x4096x7168 \
  --shape 64x24576x1536 --shape 1x151936x4096 --splits -1 --kernel gemm_e4m3_swap_bs \
  --kernel gemm_e4m3_swap --kernel gemm_e4m3_n128_bs >> "$LOG" 2>&1 || status=1
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --shape 4096x4096x4096 --shape 256x24576x4096 \
  --splits 1 --kernel gemm_bf16 --kernel gemm_bf16_c2 --kernel gemm_bf16_n192 >> "$LOG" 2>&1 || status=1
grep -E "^CHECK.*FAIL|^BENCH|^RESULT" "$LOG" | cut -c1-140
stdbuf -oL build-gpu/bin/CuteKernelsTests \
  --gtest_filter='GemmBlockScale.*:GemmTile192.*:GemmLibrary.OrderedSplits*:GemmCluster.OrderedSplits*' \
  > "$OUT/tests.txt" 2>&1 || status=1
grep -E "^\[ +(FAILED|PASSED)|Failure" "$OUT/tests.txt" | head -20
exit $status
