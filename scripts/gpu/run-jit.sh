#!/usr/bin/env bash
# Runs on the GPU machine (CUDA, cmake, a C++ compiler; no LLVM/MLIR), in the
# repository root. Needs, under build-artifacts/ (carried there):
#   <chip>/                the AOT cubins, PTX and metadata
#                          (scripts/compile-examples.sh);
#   package/cute-mlir-*-self-contained.tar.xz
#                          the self-contained package (scripts/self-contained.sh).
# Unpacks the package, checks it needs no LLVM, builds the runtime-only
# configuration against it (so the example drivers have --jit), and:
#   - runs every example through the AOT cubins and through the JIT (cold
#     cache, then warm), all checks against the CPU references;
#   - bench/jit-host: per module cold compile, disk hit, memory hit, PTX and
#     cubin against the AOT artifacts; first launch of a cached kernel in a
#     fresh process; compile scaling with threads; 8 threads compiling and
#     launching at once; two processes sharing one cache; host overhead per
#     launch (raw cuLaunchKernel, PreparedLaunch, typed launcher), and
#     torch's per-op launch overhead beside it;
#   - the GPU test of the AOT libraries (CuteAotTests) and the consumer
#     project (examples/consumer) built against the package.
# Writes everything under ${OUT:-gpu-results}; summary.txt has the lines.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
CHIP=${CHIP:-sm_90a}
ART=build-artifacts/$CHIP
log() { echo "[gpu-jit] $*" | tee -a "$OUT/summary.txt"; }
T0=$(date +%s)
status=0
fail() { log "FAIL: $*"; status=1; }

log "date $(date -u +%FT%TZ) commit $(cat build-artifacts/COMMIT 2>/dev/null || echo unknown)"
log "gpu $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null) cpus $(nproc)"
log "llvm on this machine: $(ls -d /usr/lib/llvm-* 2>/dev/null | tr '\n' ' ')$(command -v llvm-config || echo 'no llvm-config')"

pkg=$(ls build-artifacts/package/cute-mlir-*-self-contained.tar.xz 2>/dev/null | head -n 1)
[ -n "$pkg" ] || { log "no package under build-artifacts/package"; exit 1; }
PREFIX=$(mktemp -d /tmp/cute-pkg.XXXXXX)
s=$(date +%s%N)
tar -xJf "$pkg" -C "$PREFIX" || { log "cannot unpack $pkg"; exit 1; }
log "package $(basename "$pkg"): $(du -m --apparent-size "$pkg" | cut -f1) MB, unpacked in $(( ($(date +%s%N) - s) / 1000000 )) ms"
for bin in "$PREFIX/bin/cute-opt" "$PREFIX"/lib/libcute-jit.so; do
  log "ldd $(basename "$bin"): $(ldd "$bin" | awk '{print $1}' | sed 's|.*/||' | tr '\n' ' ')"
  ldd "$bin" | grep -q "not found" && fail "$(basename "$bin") has unresolved libraries"
done
for i in 1 2 3 4 5 6; do
  s=$(date +%s%N)
  "$PREFIX/bin/cute-opt" --version > "$OUT/cute-opt-version.txt" 2>&1 || fail "cute-opt --version"
  t+=("$(( ($(date +%s%N) - s) / 1000000 ))")
done
log "cute-opt --version here: first run ${t[0]} ms, then ${t[*]:1} ms ($(head -n 1 "$OUT/cute-opt-version.txt"))"

# The runtime-only build, linked with the package's JIT.
# EXAMPLES (default: all ten), MODES (default "aot jit-cold jit-warm") and
# EXAMPLE_ARGS (more driver options) choose what runs; only those drivers
# and CuteAotTests are built.
EXAMPLES=${EXAMPLES:-"elementwise swiglu rmsnorm softmax tma-pipeline mma-atoms gemm-sm90 narrow-float blockscaled-dequant blockscale-gemm-sm90"}
MODES=${MODES:-"aot jit-cold jit-warm"}
targets=(CuteAotTests CuteRuntimeTests)
for ex in $EXAMPLES; do targets+=("$ex-host"); done
s=$(date +%s)
cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCUTE_ENABLE_MLIR=OFF \
  -DCuteMLIR_DIR="$PREFIX/lib/cmake/CuteMLIR" > "$OUT/build.log" 2>&1 &&
  ninja -C build-gpu "${targets[@]}" >> "$OUT/build.log" 2>&1 || { log "BUILD FAILED"; tail -30 "$OUT/build.log"; exit 1; }
log "runtime-only build against the package: $(( $(date +%s) - s )) s"
build-gpu/bin/CuteAotTests --gtest_brief=1 > "$OUT/aot-tests.txt" 2>&1 || fail "CuteAotTests"
log "CuteAotTests: $(grep -E 'PASSED|FAILED|SKIPPED' "$OUT/aot-tests.txt" | tr '\n' ' ')"
build-gpu/bin/CuteRuntimeTests --gtest_brief=1 > "$OUT/runtime-tests.txt" 2>&1 || fail "CuteRuntimeTests"
log "CuteRuntimeTests: $(grep -E 'PASSED|FAILED|SKIPPED' "$OUT/runtime-tests.txt" | tr '\n' ' ')"

# Every example: AOT, then JIT with a cold cache, then warm.
export CUTE_CACHE_DIR=$(mktemp -d /tmp/cute-cache.XXXXXX)
rmdir "$CUTE_CACHE_DIR" # the JIT creates it (0700)
for ex in $EXAMPLES; do
  host=build-gpu/bin/$ex-host
  [ -x "$host" ] || { fail "no $host"; continue; }
  for mode in $MODES; do
    if [ "$mode" = aot ]; then
      args=(--artifacts "$ART")
    else
      args=(--jit "examples/$ex/kernel.mlir")
    fi
    s=$(date +%s)
    # shellcheck disable=SC2086 # EXAMPLE_ARGS: more driver options, e.g. "--size 512"
    timeout 240 "$host" "${args[@]}" --chip "$CHIP" --no-bench ${EXAMPLE_ARGS:-} > "$OUT/current.txt" 2>&1 || fail "$ex $mode exit $?"
    { echo "== $ex $mode"; cat "$OUT/current.txt"; } >> "$OUT/examples-jit.txt"
    checks=$(grep -c "^CHECK" "$OUT/current.txt")
    failed=$(grep "^CHECK" "$OUT/current.txt" | grep -c "FAIL")
    log "$ex $mode: $checks checks, $failed failed ($(( $(date +%s) - s )) s); $(grep -m1 -E '^JIT' "$OUT/current.txt") $(grep -E '^(RESULT|FATAL)' "$OUT/current.txt" | tr '\n' ' ')"
    [ "$checks" -gt 0 ] && [ "$failed" = 0 ] && grep -q "^RESULT .* PASS" "$OUT/current.txt" || fail "$ex $mode"
  done
done

# bench/jit-host against the package.
cmake -G Ninja -S bench/jit-host -B build-jit-host -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$PREFIX" -DELEMENTWISE_PRECOMPILED="$PWD/build-artifacts" \
  > "$OUT/jit-host-build.log" 2>&1 && ninja -C build-jit-host >> "$OUT/jit-host-build.log" 2>&1 ||
  { fail "jit-host build"; tail -30 "$OUT/jit-host-build.log"; }
JH=build-jit-host/jit-host
kernels=()
jobs=()
for k in examples/*/*.mlir; do
  grep -q "gpu.module" "$k" || continue
  only=$(sed -n 's|^// chips: *||p' "$k" | head -n 1)
  for chip in sm_90a sm_100a sm_120a; do
    if [ -z "$only" ] || echo " $only " | grep -q " $chip "; then
      jobs+=("$chip=$k")
      [ "$chip" = "$CHIP" ] && kernels+=("$k")
    fi
  done
done
if [ -x "$JH" ]; then
  cache=$(mktemp -d /tmp/cute-jit-bench.XXXXXX)/cache
  $JH compile "$CHIP" "$ART" "$cache" "${kernels[@]}" > "$OUT/jit-compile.txt" 2>&1 || fail "jit-host compile"
  grep -E "^(JIT|FATAL)|FAIL" "$OUT/jit-compile.txt" | tee -a "$OUT/summary.txt"
  for i in 1 2 3; do
    $JH first-launch "$CHIP" "$cache" examples/elementwise/kernel.mlir > "$OUT/first-launch.txt" 2>&1 || fail "first-launch"
    grep -E "^(FIRSTLAUNCH|FATAL)|FAIL" "$OUT/first-launch.txt" | tee -a "$OUT/summary.txt"
  done
  $JH threads "$CHIP" "${jobs[@]}" > "$OUT/jit-threads.txt" 2>&1 || fail "jit-host threads"
  grep -E "^(SCALING|JOIN|MIXED|FATAL)|FAIL" "$OUT/jit-threads.txt" | tee -a "$OUT/summary.txt"
  # Two processes on one fresh cache at once, then a third that only reads.
  shared=$(mktemp -d /tmp/cute-shared.XXXXXX)/cache
  $JH hashes "$CHIP" "$shared" "${kernels[@]}" > "$OUT/proc1.txt" 2>&1 &
  p1=$!
  $JH hashes "$CHIP" "$shared" "${kernels[@]}" > "$OUT/proc2.txt" 2>&1 || fail "process 2"
  wait $p1 || fail "process 1"
  $JH hashes "$CHIP" "$shared" "${kernels[@]}" > "$OUT/proc3.txt" 2>&1 || fail "process 3"
  h1=$(grep ^HASH "$OUT/proc1.txt" | awk '{print $2, $3}')
  h2=$(grep ^HASH "$OUT/proc2.txt" | awk '{print $2, $3}')
  h3=$(grep ^HASH "$OUT/proc3.txt" | awk '{print $2, $3}')
  n3=$(grep ^HASH "$OUT/proc3.txt" | grep -c " disk$")
  log "two processes, one cache: p1 $(grep ^STATS "$OUT/proc1.txt"); p2 $(grep ^STATS "$OUT/proc2.txt"); p3 $(grep ^STATS "$OUT/proc3.txt")"
  if [ -n "$h1" ] && [ "$h1" = "$h2" ] && [ "$h1" = "$h3" ] && [ "$n3" = "${#kernels[@]}" ]; then
    log "CHECK two processes sharing a cache: same cubins, third process all disk hits ($n3) PASS"
  else
    fail "two processes sharing a cache (hashes differ or misses in the third)"
  fi
  $JH launch-overhead > "$OUT/launch-overhead.txt" 2>&1 || fail "launch-overhead"
  grep -E "^(OVERHEAD|FATAL)" "$OUT/launch-overhead.txt" | tee -a "$OUT/summary.txt"
fi
python3 bench/torch_launch_overhead.py > "$OUT/torch-overhead.txt" 2>&1 || log "torch overhead: $(tail -n 1 "$OUT/torch-overhead.txt")"
grep -E "^PEER" "$OUT/torch-overhead.txt" | tee -a "$OUT/summary.txt"

# The consumer project against the package (its cute-opt compiles axpy here).
cmake -G Ninja -S examples/consumer -B build-consumer -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$PREFIX" > "$OUT/consumer.txt" 2>&1 &&
  ninja -C build-consumer >> "$OUT/consumer.txt" 2>&1 &&
  build-consumer/consumer >> "$OUT/consumer.txt" 2>&1 || fail "consumer"
grep -E "^(PASS|FAIL|RESULT|no GPU)" "$OUT/consumer.txt" | tee -a "$OUT/summary.txt"

log "$([ $status = 0 ] && echo "ALL GPU JIT CHECKS PASSED" || echo "SOME GPU JIT CHECKS FAILED") in $(( $(date +%s) - T0 )) s"
exit $status
