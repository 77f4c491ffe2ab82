#!/usr/bin/env bash
# Issue 23 item 6 on the GPU machine, after scripts/compile-examples.sh
# (sm_90a): the grouped GEMM (gemm_<T>_grouped) at MoE shapes (128 experts,
# top-8, hidden 2048, the gate+up projection N = 1536, K = 2048 and the
# down projection N = 2048, K = 768 of a 768-wide expert) for 64, 512 and
# 4096 tokens, against torch._grouped_mm and a loop of torch.matmul over the
# same group sizes; correctness (the driver's default grouped cases and the
# benchmark problems checked against the CPU reference on sampled rows);
# compute-sanitizer memcheck and racecheck on a small grouped problem; and
# a re-run of a few plain shapes (the per-tile group origin added integer
# work to every instance).
# Writes ${OUT:-gpu-results}/{grouped.txt,grouped.md,sanitizers.txt,build.log}.
set -uo pipefail
source "$(dirname "$0")/common.sh"
gpu_begin grouped.txt gemm-sm90-host
H=build-gpu/bin/gemm-sm90-host
status=0
$H --artifacts "$ART" --chip sm_90a --grouped sizes=0/1/130/77/256/0,n=136,k=256,exact \
  --grouped experts=16,topk=2,tokens=100,n=128,k=128 --grouped sizes=33/0/190,n=136,k=256,exact \
  --epilogue scale=mn,bias=n,beta=1,act=relu --epilogue bias=m,act=silu --no-bench >> "$LOG" 2>&1 || status=1
gargs=()
for t in 64 512 4096; do
  gargs+=(--grouped "experts=128,topk=8,tokens=$t,n=1536,k=2048")
  gargs+=(--grouped "experts=128,topk=8,tokens=$t,n=2048,k=768")
done
$H --artifacts "$ART" --chip sm_90a "${gargs[@]}" >> "$LOG" 2>&1 || status=1
pargs=()
while read -r shape sizes; do
  n=$(echo "$shape" | cut -dx -f2); k=$(echo "$shape" | cut -dx -f3)
  pargs+=(--problem "${sizes#sizes=}" "$n" "$k")
done < <(grep -E "^GROUPS .*x(1536x2048|2048x768) " "$LOG" | awk '{print $2, $3}' | sort -u)
python3 bench/grouped_peers.py "${pargs[@]}" >> "$LOG" 2>&1
for tool in memcheck racecheck; do
  compute-sanitizer --tool $tool --error-exitcode 3 $H --artifacts "$ART" --chip sm_90a \
    --grouped sizes=33/0/190,n=136,k=256 --epilogue bias=n,beta=0.5,act=gelu --no-bench > /tmp/san.txt 2>&1
  rc=$?
  { echo "== $tool grouped"; cat /tmp/san.txt; } >> "$OUT/sanitizers.txt"
  echo "$tool grouped: $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc") $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/san.txt)" | tee -a "$LOG"
  [ $rc = 0 ] || status=1
done
# Plain instances after the change: a few shapes of the suite.
$H --artifacts "$ART" --chip sm_90a --shape 4096x4096x4096 --shape 8192x8192x8192 \
  --shape 16x4096x4096 --shape 256x4096x4096 --shape 128x128x65536 --splits -1 \
  --kernel gemm_bf16 --kernel gemm_bf16_n128 --kernel gemm_bf16_swap >> "$LOG" 2>&1 || status=1
echo "checks PASS: $(grep -cE '^CHECK.*PASS' "$LOG")" | tee -a "$LOG"
grep -E "^CHECK.*FAIL|^RESULT|FATAL|FAILED" "$LOG"
python3 bench/grouped_table.py "$LOG" > "$OUT/grouped.md" 2>&1
exit $status
