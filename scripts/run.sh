#!/usr/bin/env bash
# The README's main command: builds cute-mlir, runs the layout-algebra
# examples through cute-opt, compiles every example kernel for sm_90a,
# sm_100a and sm_120a (PTX, cubin via ptxas, metadata) into build-artifacts/,
# and, when this machine has an NVIDIA GPU and driver, runs each example's
# check and benchmark on it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
source scripts/setup.sh
BUILD_DIR=${CUTE_BUILD_DIR:-build}

for f in examples/layout-algebra/*.mlir; do
  echo "== $f: static algebra folded, dynamic algebra expanded to arith =="
  "$BUILD_DIR/bin/cute-opt" "$f" --cute-expand-ops --canonicalize --cse
done

echo "== compiling the example kernels =="
CUTE_PTXAS_OK=$CUTE_PTXAS_OK scripts/compile-examples.sh

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n 1 | tr -d '.')
  chip=sm_${cc}a
  if [ -d "build-artifacts/$chip" ]; then
    for ex in elementwise swiglu rmsnorm; do
      echo "== running $ex on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1) =="
      "$BUILD_DIR/bin/$ex-host" --artifacts "build-artifacts/$chip" --chip "$chip"
    done
  else
    echo "GPU with compute capability $cc: no kernels are compiled for $chip"
  fi
else
  echo "No GPU on this machine: kernels compiled (build-artifacts/), not run."
  echo "On a GPU machine without LLVM/MLIR use scripts/gpu/run-examples.sh."
fi
