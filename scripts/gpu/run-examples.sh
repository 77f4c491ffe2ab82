#!/usr/bin/env bash
# Runs on the GPU machine (CUDA, cmake, a C++ compiler; no LLVM/MLIR), in the
# repository root, with the kernels compiled beforehand by
# scripts/compile-examples.sh into build-artifacts/<chip>/. Builds the
# runtime-only configuration, runs the runtime's GPU tests, every example's
# check and benchmark, compute-sanitizer on small sizes, and torch's peers;
# writes everything under ${OUT:-gpu-results}.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
CHIP=${CHIP:-sm_90a}
ART=build-artifacts/$CHIP
log() { echo "[gpu-run] $*" | tee -a "$OUT/summary.txt"; }

log "date $(date -u +%FT%TZ) commit $(cat build-artifacts/COMMIT 2>/dev/null || echo unknown)"
log "gpu $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"

cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
  -DCUTE_ENABLE_MLIR=OFF > "$OUT/build.log" 2>&1 &&
  ninja -C build-gpu >> "$OUT/build.log" 2>&1 || { log "BUILD FAILED"; tail -30 "$OUT/build.log"; exit 1; }

status=0
build-gpu/bin/CuteRuntimeTests --gtest_brief=1 > "$OUT/runtime-tests.txt" 2>&1 || status=1
log "runtime tests: $(tail -n 3 "$OUT/runtime-tests.txt" | tr '\n' ' ')"

for ex in elementwise swiglu rmsnorm softmax tma-pipeline mma-atoms gemm-sm90 narrow-float \
    blockscaled-dequant blockscale-gemm-sm90; do
  host=build-gpu/bin/$ex-host
  [ -x "$host" ] || continue
  "$host" --artifacts "$ART" --chip "$CHIP" > "$OUT/current.txt" 2>&1 || status=1
  cat "$OUT/current.txt" >> "$OUT/examples.txt"
  grep -E "^(CHECK|BENCH|RESULT|FATAL)" "$OUT/current.txt" | tee -a "$OUT/summary.txt"
  rm -f "$OUT/current.txt"
  if command -v compute-sanitizer >/dev/null 2>&1; then
    echo "== $ex" >> "$OUT/memcheck.txt"
    compute-sanitizer --tool memcheck --error-exitcode 3 "$host" --artifacts "$ART" \
      --chip "$CHIP" --size 1003 --no-bench >> "$OUT/memcheck.txt" 2>&1
    rc=$?
    log "memcheck $ex (n=1003): $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc")"
    [ $rc = 0 ] || status=1
  fi
done

# The TMA pipelines: shared-memory races and barrier misuse.
# (tma-pipeline at 300 x 300; rmsnorm at 4 x 1000, where the TMA kernel runs.)
if command -v compute-sanitizer >/dev/null 2>&1; then
  for ex_size in tma-pipeline:300 rmsnorm:1000; do
    ex=${ex_size%%:*}; size=${ex_size##*:}
    [ -x build-gpu/bin/$ex-host ] || continue
    for tool in racecheck synccheck; do
      compute-sanitizer --tool $tool --error-exitcode 3 build-gpu/bin/$ex-host \
        --artifacts "$ART" --chip "$CHIP" --size $size --no-bench > "$OUT/$tool-$ex.txt" 2>&1
      rc=$?
      log "$tool $ex (--size $size): $([ $rc = 0 ] && echo clean || echo "FAILED rc=$rc") $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$tool-$ex.txt")"
      [ $rc = 0 ] || status=1
    done
  done
fi

# Debug checks (test/gpu/debug-checks): must trap on a violated precondition.
if [ -x build-gpu/bin/debug-checks-host ]; then
  build-gpu/bin/debug-checks-host --artifacts "$ART" --chip "$CHIP" \
    > "$OUT/debug-checks.txt" 2>&1 || status=1
  grep -E "^(CHECK|RESULT|FATAL)|cute:" "$OUT/debug-checks.txt" | tee -a "$OUT/summary.txt"
fi

# debug-hangs (test/gpu/debug-hangs): a pipeline hang must become a message.
if [ -x build-gpu/bin/debug-hangs-host ]; then
  timeout 120 build-gpu/bin/debug-hangs-host --artifacts "$ART" --chip "$CHIP" \
    > "$OUT/debug-hangs.txt" 2>&1 || status=1
  grep -m2 "cute debug-hangs:" "$OUT/debug-hangs.txt" | tee -a "$OUT/summary.txt"
  grep -E "^(CHECK|RESULT|FATAL)" "$OUT/debug-hangs.txt" | tee -a "$OUT/summary.txt"
  grep -q "cute debug-hangs:" "$OUT/debug-hangs.txt" || { log "debug-hangs printed no report"; status=1; }
fi

python3 bench/torch_baselines.py > "$OUT/peers.txt" 2>&1
python3 bench/gemm_peers.py >> "$OUT/peers.txt" 2>&1
grep -E "^PEER" "$OUT/peers.txt" | tee -a "$OUT/summary.txt"
log "exit status $status"
exit $status
