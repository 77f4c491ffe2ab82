#!/usr/bin/env bash
# Compiles every example kernel (examples/*/*.mlir with a gpu.module) for
# sm_90a, sm_100a and sm_120a into build-artifacts/<chip>/ (PTX, cubin via
# ptxas, metadata JSON) and prints each compile's wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${CUTE_BUILD_DIR:-build}
OPT="$BUILD_DIR/bin/cute-opt"
CHIPS=${CHIPS:-"sm_90a sm_100a sm_120a"}
FORMAT=cubin
[ "${CUTE_PTXAS_OK:-1}" = 1 ] || FORMAT=ptx
mkdir -p build-artifacts
git rev-parse --short HEAD > build-artifacts/COMMIT 2>/dev/null || true
for kernel in examples/*/*.mlir; do
  grep -q "gpu.module" "$kernel" || continue
  # A `// chips: ...` line limits a module to the chips it supports.
  only=$(sed -n 's|^// chips: *||p' "$kernel" | head -n 1)
  for chip in $CHIPS; do
    if [ -n "$only" ] && ! echo " $only " | grep -q " $chip "; then
      printf 'skipped  %-36s for %-8s (its chips: %s)\n' "$kernel" "$chip" "$only"
      continue
    fi
    out=build-artifacts/$chip
    mkdir -p "$out"
    start=$(date +%s%N)
    "$OPT" "$kernel" --cute-compile="chip=$chip format=$FORMAT output-dir=$out" -o /dev/null
    end=$(date +%s%N)
    printf 'compiled %-36s for %-8s in %4d ms (%s)\n' "$kernel" "$chip" \
      $(( (end - start) / 1000000 )) "$FORMAT"
  done
done

# The debug-checks GPU test kernel (test/gpu/debug-checks), with the checks on.
for chip in $CHIPS; do
  "$OPT" test/gpu/debug-checks/kernel.mlir \
    --cute-compile="chip=$chip format=$FORMAT output-dir=build-artifacts/$chip debug-checks=true" -o /dev/null
done

# The debug-hangs GPU test kernel (test/gpu/debug-hangs): a deliberately
# wrong expect_tx, so the protocol check is off and every wait is bounded.
for chip in $CHIPS; do
  "$OPT" test/gpu/debug-hangs/kernel.mlir \
    --cute-compile="chip=$chip format=$FORMAT output-dir=build-artifacts/$chip debug-hangs=200000 verify-protocol=false" -o /dev/null
done
