#!/usr/bin/env bash
# One GPU call (at most 10 minutes) for issue 25, after
# `CHIPS=sm_90a scripts/compile-examples.sh`: the MLA and paged-decode
# timed rows first with their peers in the same run (bench/mla_peers.py,
# bench/decode_peers.py), then the fixed cost of an MLA CTA (contexts of 1
# and 10 pages; ncu's kernel durations against the events), small checks
# of both, then the MLA split sweep at batch 1 and 16, each step cut to the
# time left of BUDGET seconds (default 570). The decode driver times each
# d = 128 row on the register instances and on their cp.async forms
# (decode_{bf16,e4m3}cp_d128), the MLA driver each e4m3 row on mla_e4m3
# and mla_e4m3r.
# Writes ${OUT:-gpu-results}/{mla,decode}.txt, mla.txt.sweep, mla.txt.ncu
# and the two
# tables (bench/mla_table.py, bench/decode_table.py). The
# longer scripts (bench-mla.sh, bench-decode.sh: full check lists and
# compute-sanitizer) need a call each.
set -uo pipefail
source "$(dirname "$0")/common.sh"
T0=$(date +%s)
gpu_begin mla.txt mla-decode-host decode-attention-host
M=build-gpu/bin/mla-decode-host
D=build-gpu/bin/decode-attention-host
head -2 "$LOG" > "$OUT/decode.txt"
left() { echo $(( ${BUDGET:-570} - ($(date +%s) - T0) )); }
# step SECONDS CMD...: CMD with at most SECONDS, fewer when time is short.
step() {
  local t=$1 l
  shift
  l=$(left)
  if [ "$l" -lt 15 ]; then echo "SKIP (no time left) $*"; return 0; fi
  [ "$t" -gt $((l - 10)) ] && t=$((l - 10))
  timeout "$t" "$@"
}
A=(--artifacts "$ART" --chip sm_90a)
step 150 stdbuf -oL $M "${A[@]}" --no-check >> "$LOG" 2>&1
step 50 python3 bench/mla_peers.py >> "$LOG" 2>&1
step 200 stdbuf -oL $D "${A[@]}" --no-check >> "$OUT/decode.txt" 2>&1
step 50 python3 bench/decode_peers.py >> "$OUT/decode.txt" 2>&1
# The fixed cost of an MLA CTA: contexts of one page and of ten (the
# --size cases timed, one split where the case has one).
step 20 stdbuf -oL $M "${A[@]}" --no-check --size 64 --size 640 >> "$LOG.sweep" 2>&1
# The same kernels' durations as ncu measures them (the kernel alone,
# without the host's launch): against the events above, the host's share.
step 40 ncu --clock-control none --metrics gpu__time_duration.sum $M "${A[@]}" --no-check \
  --kernel mla_bf16 --size 64 >> "$LOG.ncu" 2>&1
step 40 stdbuf -oL $M "${A[@]}" --size 130 --size 700 --no-bench >> "$LOG" 2>&1
step 40 stdbuf -oL $D "${A[@]}" --size 300 --no-bench >> "$OUT/decode.txt" 2>&1
for s in 8 16 32; do
  step 15 stdbuf -oL $M "${A[@]}" --no-check --kernel mla_bf16 --batch 1 --splits $s >> "$LOG.sweep" 2>&1
done
for s in 1 0; do
  step 15 stdbuf -oL $M "${A[@]}" --no-check --kernel mla_bf16 --batch 16 --splits $s >> "$LOG.sweep" 2>&1
done
python3 bench/mla_table.py "$LOG" > "$OUT/mla-table.md" 2>&1
python3 bench/decode_table.py "$OUT/decode.txt" > "$OUT/decode-table.md" 2>&1
grep -E "CHECK.*FAIL|^RESULT" "$LOG" "$OUT/decode.txt" | cut -c1-160
grep BENCH "$LOG.sweep" | cut -c1-150
grep -E "mla_bf16|gpu__time_duration" "$LOG.ncu" | head -40
head -45 "$OUT/mla-table.md"
head -70 "$OUT/decode-table.md"
