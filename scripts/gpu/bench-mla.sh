#!/usr/bin/env bash
# Issue 25 (MLA decode) on the GPU machine, after scripts/compile-examples.sh
# (sm_90a): examples/mla-decode's checks (odd shapes, splits, draft tokens),
# its timed rows (batch 1..128, sq 1 and 2, contexts 1k..16k, mixed
# lengths), a --splits sweep at batch 1 and 16, compute-sanitizer's memcheck
# and racecheck at a small shape, and the peers in the same run
# (bench/mla_peers.py: copy_ of the cache's bytes, cuDNN SDPA).
# Writes ${OUT:-gpu-results}/{mla.txt,mla-table.md,mla-sanitizers.txt}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin mla.txt mla-decode-host
H=build-gpu/bin/mla-decode-host
status=0
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --no-bench >> "$LOG" 2>&1 || status=1
stdbuf -oL $H --artifacts "$ART" --chip sm_90a --no-check >> "$LOG" 2>&1 || status=1
for s in 4 8 16 32; do
  stdbuf -oL $H --artifacts "$ART" --chip sm_90a --no-check --kernel mla_bf16 --batch 1 --splits $s >> "$LOG.sweep" 2>&1
done
for s in 1 2 4; do
  stdbuf -oL $H --artifacts "$ART" --chip sm_90a --no-check --kernel mla_bf16 --batch 16 --splits $s >> "$LOG.sweep" 2>&1
done
python3 bench/mla_peers.py >> "$LOG" 2>&1
grep -E "^CHECK.*FAIL|^BENCH|^PEER|^RESULT" "$LOG" | cut -c1-160
python3 bench/mla_table.py "$LOG" | tee "$OUT/mla-table.md"
grep BENCH "$LOG.sweep" | sed 's/^/SWEEP /'
SAN=$OUT/mla-sanitizers.txt
for tool in memcheck racecheck; do
  timeout 200 compute-sanitizer --tool $tool --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a --size 130 \
    --no-bench > "$SAN.$tool" 2>&1 || status=1
  echo "$tool: $(grep -E 'ERROR SUMMARY|RESULT' "$SAN.$tool" | tr '\n' ' ')" | tee -a "$SAN"
done
exit $status
