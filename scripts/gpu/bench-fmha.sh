#!/usr/bin/env bash
# Issue 24 on the GPU machine, after scripts/compile-examples.sh (sm_90a):
# examples/fmha-prefill's kernels checked against the CPU reference at the
# odd shapes (every type and head dim) and timed at the benchmark shapes
# (B4 H32 S4096 D64/128/256, GQA 64q/8kv S16384 D128, causal and not),
# torch SDPA (cuDNN and flash backends) at the same shapes in the same run,
# and compute-sanitizer memcheck, racecheck and synccheck at a small shape.
# Writes ${OUT:-gpu-results}/{fmha.txt,sanitizers.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin fmha.txt fmha-prefill-host
H=build-gpu/bin/fmha-prefill-host
status=0
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader | sed 's/^/CLOCKS /' | tee -a "$LOG"
timeout 400 $H --artifacts "$ART" --chip sm_90a "$@" >> "$LOG" 2>&1 || status=1
# Ablations, when their artifacts are there (scripts/fmha-ablations.sh:
# same compiler, other parameters or kernel sources): every
# build-artifacts/fmha-<variant>/ is timed as BENCH-<variant>; and the main
# kernels with one CTA per tile (--grid larger than the tile count: the
# hardware's block scheduler balances the causal tiles) as BENCH-np.
for dir in build-artifacts/fmha-*/; do
  abl=$(basename "$dir"); abl=${abl#fmha-}
  [ -f "$dir/fmha_sm90.sm_90a.cubin" ] || continue
  $H --artifacts "$dir" --chip sm_90a --no-check --kernel fmha_bf16_d64 \
    --kernel fmha_bf16_d128 --kernel fmha_bf16_d256 2>&1 | sed "s/^BENCH /BENCH-$abl /" >> "$LOG"
done
# FP8 variants: build-artifacts/fp8-<variant>/ with kernel-sm90-fp8.mlir's
# module (other parameters or revisions), timed as BENCH-fp8-<variant>.
for dir in build-artifacts/fp8-*/; do
  abl=$(basename "$dir")
  [ -f "$dir/fmha_fp8_sm90.sm_90a.cubin" ] || continue
  $H --artifacts "$dir" --chip sm_90a --no-check --kernel fmha_e4m3_d128 2>&1 | sed "s/^BENCH /BENCH-$abl /" >> "$LOG"
done
# The main kernels with the other grid: one CTA per tile everywhere
# (BENCH-np) and one per SM everywhere (BENCH-pers; the host's default is
# one per tile only for causal D >= 128).
sms=$(nvidia-smi --query-gpu=name --format=csv,noheader | grep -qE 'H100|H200' && echo 132 || echo 0)
$H --artifacts "$ART" --chip sm_90a --no-check --grid 1000000 --kernel fmha_bf16_d64 \
  --kernel fmha_bf16_d128 --kernel fmha_bf16_d256 2>&1 | sed "s/^BENCH /BENCH-np /" >> "$LOG"
[ "$sms" -gt 0 ] && $H --artifacts "$ART" --chip sm_90a --no-check --grid "$sms" --kernel fmha_bf16_d64 \
  --kernel fmha_bf16_d128 --kernel fmha_bf16_d256 2>&1 | sed "s/^BENCH /BENCH-pers /" >> "$LOG"
python3 bench/attention_peers.py >> "$LOG" 2>&1
for tool in memcheck racecheck synccheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a \
    --size 45 --kernel fmha_bf16_d128 --kernel fmha_bf16_d64 --kernel fmha_mma_bf16_d64 \
    --kernel fmha_e4m3_d128 --no-bench > /tmp/san.txt 2>&1
  rc=$?
  { echo "== $tool"; cat /tmp/san.txt; } >> "$OUT/sanitizers.txt"
  echo "$tool fmha: $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc") $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/san.txt)" | tee -a "$LOG"
  [ $rc = 0 ] || status=1
done
grep -E "^(CHECK|BENCH|PEER|RESULT)" "$LOG" | grep -v PASS | head -40
grep -c "PASS" "$LOG"
exit $status
