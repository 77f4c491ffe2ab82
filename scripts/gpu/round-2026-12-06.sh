#!/usr/bin/env bash
# One GPU call of the 2026-12-06 evening session (issue 24): the FP8 kernel
# with the ldmatrix/stmatrix transposer (checks, timing, variants), the
# bf16 D64 kernel with 2 and 3 consumer warpgroups, the peers, racecheck.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin round.txt fmha-prefill-host
H=build-gpu/bin/fmha-prefill-host
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader | sed 's/^/CLOCKS /' | tee -a "$LOG"
timeout 200 $H --artifacts "$ART" --chip sm_90a --kernel fmha_e4m3_d128 --kernel fmha_e4m3_d256 >> "$LOG" 2>&1
$H --artifacts "$ART" --chip sm_90a --no-check --kernel fmha_bf16_d64 --kernel fmha_bf16_d128 >> "$LOG" 2>&1
python3 bench/attention_peers.py --shapes 4x32x32x4096x64 4x32x32x4096x128 1x64x8x16384x128 >> "$LOG" 2>&1
for d in build-artifacts/fp8-*/; do v=$(basename "$d")
  $H --artifacts "$d" --chip sm_90a --no-check --kernel fmha_e4m3_d128 2>&1 | sed "s/^BENCH /BENCH-$v /" >> "$LOG"; done
d=build-artifacts/fp8d256-noov
[ -d $d ] && $H --artifacts "$d" --chip sm_90a --no-check --kernel fmha_e4m3_d256 2>&1 | sed "s/^BENCH /BENCH-fp8d256-noov /" >> "$LOG"
for d in build-artifacts/fmha-wg3*/; do v=$(basename "$d")
  timeout 60 $H --artifacts "$d" --chip sm_90a --size 45 --size 200 --no-bench --kernel fmha_bf16_d64 2>&1 | grep -E "FAIL|RESULT" | sed "s/^/$v /" >> "$LOG"
  $H --artifacts "$d" --chip sm_90a --no-check --kernel fmha_bf16_d64 2>&1 | sed "s/^BENCH /BENCH-$v /" >> "$LOG"; done
for v in ps nopp noov; do d=build-artifacts/fmha-$v
  [ $v = ps ] && timeout 60 $H --artifacts "$d" --chip sm_90a --size 45 --size 200 --no-bench --kernel fmha_bf16_d64 --kernel fmha_bf16_d128 2>&1 | grep -E "FAIL|RESULT" | sed "s/^/$v /" >> "$LOG"
  $H --artifacts "$d" --chip sm_90a --no-check --kernel fmha_bf16_d64 --kernel fmha_bf16_d128 2>&1 | sed "s/^BENCH /BENCH-$v /" >> "$LOG"; done
$H --artifacts "$ART" --chip sm_90a --no-check --kernel fmha_e4m3_d128 --kernel fmha_bf16_d64 2>&1 | sed "s/^BENCH /BENCH-again /" >> "$LOG"
for k in fmha_e4m3_d128 fmha_e4m3_d256; do
  timeout 60 compute-sanitizer --tool racecheck --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a --size 45 --kernel $k --no-bench > "$OUT/race-$k.txt" 2>&1
  echo "racecheck $k rc=$? $(grep -m1 -E 'RACECHECK SUMMARY|ERROR SUMMARY' "$OUT/race-$k.txt")" >> "$LOG"; done
grep -vE "PASS$" "$LOG" | grep -E "BENCH|PEER|FAIL|RESULT|race|CLOCK|H100|H200" | head -80
# Issue 23: the kernel library's tests on the GPU (f32 and e4m3 outputs,
# every configuration x split-K / stream-K), after everything above.
ninja -C build-gpu CuteKernelsTests >> "$OUT/build.log" 2>&1 &&
  timeout 120 build-gpu/bin/CuteKernelsTests --gtest_brief=1 > "$OUT/kernels-tests.txt" 2>&1
echo "CuteKernelsTests rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$OUT/kernels-tests.txt" | tr '\n' ' ')" | tee -a "$LOG"
