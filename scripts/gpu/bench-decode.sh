#!/usr/bin/env bash
# Issue 25 on the GPU machine, after scripts/compile-examples.sh (sm_90a):
# the paged decode kernel's checks (odd shapes) and benchmark rows (batch 1,
# 16, 64, 256; contexts 1k..32k; pages 1, 16, 64; mixed lengths), compute-sanitizer's
# memcheck and racecheck at a small shape, and the peers in the same run
# (bench/decode_peers.py: torch SDPA cuDNN on a dense cache, copy_).
# Writes ${OUT:-gpu-results}/{decode.txt,decode-sanitizers.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin decode.txt decode-attention-host
H=build-gpu/bin/decode-attention-host
status=0
# The checks (odd shapes, FP8, append), then the timed rows without their
# reference (minutes on the host at batch 256).
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --no-bench >> "$LOG" 2>&1 || status=1
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --no-check >> "$LOG" 2>&1 || status=1
python3 bench/decode_peers.py >> "$LOG" 2>&1
grep -E "^CHECK.*FAIL|^BENCH|^PEER|^RESULT" "$LOG" | cut -c1-160
python3 bench/decode_table.py "$LOG" | tee "$OUT/decode-table.md"
SAN=$OUT/decode-sanitizers.txt
for tool in memcheck racecheck; do
  timeout 300 compute-sanitizer --tool $tool --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a --size 300 \
    --no-bench > "$SAN.$tool" 2>&1 || status=1
  echo "$tool: $(grep -E 'ERROR SUMMARY|RESULT' "$SAN.$tool" | tr '\n' ' ')" | tee -a "$SAN"
done
exit $status
