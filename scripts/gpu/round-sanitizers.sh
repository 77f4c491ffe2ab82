#!/usr/bin/env bash
# One GPU call (at most 10 minutes) after `CHIPS=sm_90a
# scripts/compile-examples.sh`: compute-sanitizer memcheck and racecheck
# over the decode driver at --size 300 (the register and cp.async d = 128
# forms, the KV append, the fused QKV epilogue), the MLA driver at --size 130
# and the grouped GEMM at a small shape; then the grouped GEMM's MoE rows
# against torch (bench/grouped_peers.py) if time is left. Each step is cut to
# the time left of BUDGET seconds (default 560).
# Writes ${OUT:-gpu-results}/{sanitizers.txt,sanitizers.txt.<step>,grouped.txt}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
T0=$(date +%s)
gpu_begin sanitizers.txt decode-attention-host mla-decode-host gemm-sm90-host
left() { echo $(( ${BUDGET:-560} - ($(date +%s) - T0) )); }
status=0
# san NAME SECONDS TOOL CMD...
san() {
  local name=$1 t=$2 tool=$3 l rc
  shift 3
  l=$(left)
  if [ "$l" -lt 20 ]; then echo "SKIP (no time left) $name $tool" | tee -a "$LOG"; return; fi
  [ "$t" -gt $((l - 10)) ] && t=$((l - 10))
  timeout "$t" compute-sanitizer --tool "$tool" --error-exitcode 3 "$@" > "$LOG.$name.$tool" 2>&1
  rc=$?
  echo "$tool $name: $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc") $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^RESULT' "$LOG.$name.$tool" | tr '\n' ' ')" | tee -a "$LOG"
  [ $rc = 0 ] || status=1
}
A=(--artifacts "$ART" --chip sm_90a)
for tool in memcheck racecheck; do
  san decode 150 $tool build-gpu/bin/decode-attention-host "${A[@]}" --size 300 --no-bench
  san mla 90 $tool build-gpu/bin/mla-decode-host "${A[@]}" --size 130 --no-bench
  san grouped 40 $tool build-gpu/bin/gemm-sm90-host "${A[@]}" --grouped sizes=33/0/190,n=136,k=256 \
    --epilogue bias=n,beta=0.5,act=gelu --no-bench
done
if [ "$(left)" -gt 90 ]; then
  gargs=()
  for t in 64 512 4096; do
    gargs+=(--grouped "experts=128,topk=8,tokens=$t,n=1536,k=2048")
  done
  G=$OUT/grouped.txt
  timeout $(( $(left) - 40 )) build-gpu/bin/gemm-sm90-host "${A[@]}" "${gargs[@]}" >> "$G" 2>&1 || status=1
  pargs=()
  while read -r shape sizes; do
    n=$(echo "$shape" | cut -dx -f2); k=$(echo "$shape" | cut -dx -f3)
    pargs+=(--problem "${sizes#sizes=}" "$n" "$k")
  done < <(grep -E "^GROUPS .*x1536x2048 " "$G" | awk '{print $2, $3}' | sort -u)
  [ ${#pargs[@]} -gt 0 ] && timeout $(( $(left) - 5 )) python3 bench/grouped_peers.py "${pargs[@]}" >> "$G" 2>&1
  grep -E "^CHECK.*FAIL|^BENCH|^PEER|^RESULT" "$G" | cut -c1-160
fi
exit $status
