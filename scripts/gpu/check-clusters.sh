#!/usr/bin/env bash
# Issue 23 on the GPU machine, after scripts/compile-examples.sh (sm_90a):
# the 2 x 1 clusters (B multicast) against the same tiles alone, after the
# pipeline releases dropped their cluster-scope fences (the H100 run of
# 2026-12-07 found the clusters 2-4x slower: SASS showed MEMBAR.ALL.GPU
# twice per K tile in the consumers). Checks (random data, all rows) and
# times each kernel at compute-bound, memory-bound and split-K shapes, then
# runs the library's cluster tests on the GPU.
# Writes ${OUT:-gpu-results}/{clusters.txt,cluster-tests.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin clusters.txt gemm-sm90-host CuteKernelsTests
H=build-gpu/bin/gemm-sm90-host
status=0
for t in bf16 e4m3; do
  stdbuf -oL $H --artifacts "$ART" --chip sm_90a --splits 1 \
    --shape 4096x4096x4096 --shape 8192x8192x8192 --shape 2048x4096x4096 \
    --shape 256x24576x4096 --shape 2048x24576x4096 --shape 8192x6144x4096 \
    --shape 1x6144x4096 --shape 3000x5000x7008 \
    --kernel gemm_${t} --kernel gemm_${t}_c2 --kernel gemm_${t}_n128 \
    --kernel gemm_${t}_n128_c2 >> "$LOG" 2>&1 || status=1
done
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --splits -1 \
  --shape 128x4096x12288 --shape 256x4096x14336 --shape 1024x1024x1024 \
  --kernel gemm_bf16_n128 --kernel gemm_bf16_n128_c2 >> "$LOG" 2>&1 || status=1
grep -E "^CHECK.*FAIL|^BENCH|^RESULT" "$LOG" | cut -c1-140
stdbuf -oL build-gpu/bin/CuteKernelsTests --gtest_filter='GemmCluster.*' \
  > "$OUT/cluster-tests.txt" 2>&1 || status=1
grep -E "^\[ +(FAILED|PASSED)|Failure" "$OUT/cluster-tests.txt" | head -20
exit $status
