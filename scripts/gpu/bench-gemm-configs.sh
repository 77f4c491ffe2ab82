#!/usr/bin/env bash
# Issue 23's shape suite on the GPU machine (after scripts/compile-examples.sh
# for sm_90a), in one session: torch.matmul / torch._scaled_mm at every
# shape, then (SWEEP) the shapes with few tiles at every split count in
# SPLITS for both configurations (128x256 and 128x128 tiles), then (SHAPES)
# the large ones with the splits the heuristic gives each configuration;
# bf16 and e4m3, every result checked against the CPU (64 sampled rows,
# and 4096 sampled columns beyond 16384, for large shapes). Writes
# ${OUT:-gpu-results}/gemm-configs.md (bench/gemm_configs.py).
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
ART=build-artifacts/sm_90a
echo "date $(date -u +%FT%TZ) commit $(cat build-artifacts/COMMIT 2>/dev/null || echo unknown)" | tee -a "$OUT/configs.txt"
cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
  -DCUTE_ENABLE_MLIR=OFF > "$OUT/build.log" 2>&1 &&
  ninja -C build-gpu gemm-sm90-host >> "$OUT/build.log" 2>&1 ||
  { echo "BUILD FAILED"; tail -20 "$OUT/build.log"; exit 1; }
# Squares, Qwen3-8B's linear layers (N x K: qkv 6144 x 4096, o 4096 x 4096,
# gate/up 24576 x 4096, down 4096 x 12288, lm_head 151936 x 4096) at
# M = 1 .. 8192, odd shapes. SHAPES (env) replaces the suite, SWEEP the
# split-count sweep's shapes (empty: none); PEERS=0 / OURS=0 skip the peers
# / the main suite.
if [ -z "${SHAPES:-}" ]; then
  SHAPES="4096x4096x4096 8192x8192x8192 3000x5000x7008 4095x4097x2064"
  for m in 2048 8192; do
    for nk in 6144x4096 4096x4096 24576x4096 4096x12288; do
      SHAPES="$SHAPES ${m}x${nk}"
    done
  done
  for m in 1 16 64 256 2048 8192; do SHAPES="$SHAPES ${m}x151936x4096"; done
fi
# Shapes with fewer 128 x 128 tiles than 4 waves: every split count.
if [ -z "${SWEEP+x}" ]; then
  SWEEP="1024x1024x1024 2048x2048x2048 2048x2048x1024 256x4096x14336 128x128x65536"
  for m in 1 16 64 256; do
    for nk in 6144x4096 4096x4096 24576x4096 4096x12288; do
      SWEEP="$SWEEP ${m}x${nk}"
    done
  done
fi
SPLITS=${SPLITS:-1 2 3 4 6 8 16 32}
args=()
for s in $SHAPES; do args+=(--shape "$s"); done
status=0
# The peers first (every shape of both lists), then the sweep, then the
# main suite, so a time limit cuts the part that is cheapest to re-run.
if [ "${PEERS:-1}" = 1 ]; then
  python3 bench/gemm_peers.py --sizes --shapes $SHAPES $SWEEP >> "$OUT/configs.txt" 2>&1
fi
if [ -n "$SWEEP" ]; then
  sargs=()
  for s in $SWEEP; do sargs+=(--shape "$s"); done
  for s in $SPLITS; do sargs+=(--splits "$s"); done
  build-gpu/bin/gemm-sm90-host --artifacts "$ART" --chip sm_90a "${sargs[@]}" \
    --kernel gemm_bf16 --kernel gemm_bf16_n128 --kernel gemm_e4m3 \
    --kernel gemm_e4m3_n128 >> "$OUT/configs.txt" 2>&1 || status=1
fi
if [ "${OURS:-1}" = 1 ]; then
  # The plan's own split count for the sweep's shapes too.
  for s in $SWEEP; do args+=(--shape "$s"); done
  build-gpu/bin/gemm-sm90-host --artifacts "$ART" --chip sm_90a "${args[@]}" \
    --kernel gemm_bf16 --kernel gemm_bf16_n128 --kernel gemm_e4m3 \
    --kernel gemm_e4m3_n128 >> "$OUT/configs.txt" 2>&1 || status=1
fi
grep -cE "^CHECK.*PASS" "$OUT/configs.txt"
grep -E "^CHECK.*FAIL|^RESULT|FATAL" "$OUT/configs.txt"
python3 bench/gemm_configs.py --sweep "$OUT/configs.txt" | tee "$OUT/gemm-configs.md"
exit $status
