#!/usr/bin/env bash
# The README's main command: builds cute-mlir, runs the layout-algebra
# examples through cute-opt, compiles every example kernel for sm_90a,
# sm_100a and sm_120a (PTX, cubin via ptxas, metadata) into build-artifacts/,
# and runs the examples: on the machine's NVIDIA GPU (checks and
# benchmarks) when it has one, else on the emulator (cute-emu,
# docs/emulator.md) for every chip whose kernels it runs, with small sizes
# and no benchmarks.
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
    ex_list="elementwise swiglu rmsnorm"
    [ "$chip" = sm_90a ] && ex_list="$ex_list fmha-prefill decode-attention mla-decode"
    for ex in $ex_list; do
      echo "== running $ex on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1) =="
      "$BUILD_DIR/bin/$ex-host" --artifacts "build-artifacts/$chip" --chip "$chip"
    done
  else
    echo "GPU with compute capability $cc: no kernels are compiled for $chip"
  fi
else
  echo "No GPU on this machine: running the example kernels on the emulator"
  echo "(cute-emu, CUTE_DEVICE=emu:<chip>; docs/emulator.md): small sizes, no timing."
  status=0
  run_emu() { # chip driver args...
    local chip=$1 ex=$2
    shift 2
    echo "== $ex on emu:$chip =="
    CUTE_DEVICE=emu:$chip "$BUILD_DIR/bin/$ex-host" --artifacts "build-artifacts/$chip" \
      --chip "$chip" "$@" --no-bench | grep -E "^(DEVICE|CHECK|RESULT|SKIP|FATAL)" || status=1
  }
  for chip in sm_90a sm_100a sm_120a; do
    run_emu "$chip" elementwise --size 1003
    run_emu "$chip" swiglu --size 1003
    run_emu "$chip" rmsnorm --size 1000
    run_emu "$chip" softmax --size 1003
    run_emu "$chip" tma-pipeline --size 300
    run_emu "$chip" narrow-float
  done
  run_emu sm_90a mma-atoms --size 128
  run_emu sm_90a gemm-sm90 --shape 256x512x128
  run_emu sm_90a gemm-sm90 --grouped sizes=0/1/130/77,n=136,k=256
  run_emu sm_90a gemm-sm90 --shape 200x256x128 --grouped sizes=33/0/190,n=256,k=256 --epilogue swiglu
  run_emu sm_90a blockscaled-dequant --size 1
  run_emu sm_90a blockscale-gemm-sm90 --size 1
  run_emu sm_90a fmha-prefill --size 45 --grid 4
  for chip in sm_90a sm_100a sm_120a; do
    run_emu "$chip" decode-attention --size 300
  done
  run_emu sm_90a mla-decode --size 300
  for chip in sm_90a sm_100a sm_120a; do
    run_emu "$chip" mma-reductions --size 256
    run_emu "$chip" epilogue-stmatrix --size 256
  done
  # Blackwell: tcgen05 and Tensor Memory (sm_100a), block-scaled mma.sync
  # (sm_120a). No Blackwell GPU has run these; the emulator has.
  run_emu sm_100a gemm-2cta-sm100 --shape 256x352x64 --shape 512x704x256 --size 1
  run_emu sm_100a blockscale-gemm-sm120 --size 1
  run_emu sm_100a fmha-prefill --size 45 --grid 4
  run_emu sm_120a blockscale-gemm-sm120 --size 1
  exit $status
fi
