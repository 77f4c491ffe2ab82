#!/usr/bin/env bash
# The attention ablation kernels (examples/fmha-prefill, issue 24), compiled
# here for sm_90a into build-artifacts/fmha-<variant>/ beside the main
# artifacts of scripts/compile-examples.sh; scripts/gpu/bench-fmha.sh times
# every variant it finds there in the same run as the main kernels:
#   nopp   PP=false: no ping-pong between the consumer warpgroups
#   noov   OV=false at every head dim: no intra-warpgroup overlap
#   ov     OV=true at every head dim: softmax(S(n)) overlaps P(n-1) V(n-1)
#   first  the first version (60a4ce1: no overlap, no ping-pong)
#   wg2    D = 64 with two consumer warpgroups and BN = 192 (the D64
#          default before 335ece6, 0.88-0.89x cuDNN on the H100)
#   wg3    D = 64 with three consumer warpgroups (WG=3: 192-row tiles,
#          FA3's shape; setmaxnreg 32/160), BN = 128, OV off; bf16 and f16
#          (D 128 and 256 as the main instances, so every kernel is there;
#          since 335ece6 this is the main D64 instance)
#   wg3ov  the same with the intra-warpgroup overlap (FA3 has it on)
#   wg3bnN WG=3 with BN = N (e.g. wg3bn96, wg3bn160, wg3bn192; OV off)
#   ps     PS=true at D 64 and 128: P through shared memory (stmatrix, then
#          O += P V with A from smem) instead of wgmma's register A; D 256
#          as the main instance (BN = 80 takes no PS: BN % 64 and no room)
#   REV    any other name: kernel-sm90.mlir as of git revision REV (the
#          kernel before a change, timed beside it; with the shared
#          helper files of that revision)
# FP8 variants (kernel-sm90-fp8.mlir, into build-artifacts/fp8-<name>/,
# which bench-fmha.sh and gpu/round-2026-12-06.sh time as BENCH-fp8-<name>):
#   fp8-vs3   a V^T ring of 3 stages (VS=3)
#   fp8-sp    32-bit shared-memory pointers (cute-opt --nvptx-short-ptr)
#   fp8-REV   the FP8 kernel as of git revision REV (fp8-3dfe03c: the
#             transposer of 4 x 4 byte blocks, before ldmatrix/stmatrix)
# Usage: scripts/fmha-ablations.sh [variant...]
#   (default: nopp noov ov first wg3 wg3ov wg3bn96 wg3bn160 wg3bn192 ps)
set -euo pipefail
cd "$(dirname "$0")/.."
OPT=${CUTE_OPT:-build/bin/cute-opt}
SRC=examples/fmha-prefill/kernel-sm90.mlir
# bf16 at the three head dims, as the main instances spell them (OV off
# at D 64 and 128) unless the variant sets OV itself.
inst() {
  local extra=$1 ov=,OV=false
  case $extra in *OV=*) ov= ;; esac
  echo "--cute-instance=bf16_d64:T=bf16,D=64,BN=128,WG=3$ov$extra" \
    "--cute-instance=bf16_d128:T=bf16,D=128$ov$extra" \
    "--cute-instance=bf16_d256:T=bf16,D=256,BN=80$extra"
}
variants=("$@")
[ ${#variants[@]} -gt 0 ] ||
  variants=(nopp noov ov first wg3 wg3ov wg3bn96 wg3bn160 wg3bn192 ps)
# D = 64 with WG=3 (bf16 and f16), BN $1, OV $2; D 128 and 256 as in inst.
wg3() {
  local d64=D=64,BN=$1,OV=$2,WG=3
  echo "--cute-instance=bf16_d64:T=bf16,$d64" "--cute-instance=f16_d64:T=f16,$d64" \
    "--cute-instance=bf16_d128:T=bf16,D=128,OV=false" \
    "--cute-instance=bf16_d256:T=bf16,D=256,BN=80"
}
FP8=examples/fmha-prefill/kernel-sm90-fp8.mlir
# The sources of revision $1 (a kernel and the helper files it imports)
# into directory $2.
sources_at() {
  local f
  for f in kernel-sm90.mlir kernel-sm90-fp8.mlir fmha-common.mlir fmha-sm90-common.mlir; do
    git show "$1:examples/fmha-prefill/$f" > "$2/$f" 2>/dev/null || rm -f "$2/$f"
  done
}
for v in "${variants[@]}"; do
  case $v in
  fp8-*)
    out=build-artifacts/$v
    rm -rf "$out" && mkdir -p "$out"
    case $v in
    fp8-vs3) args="--cute-instance=e4m3_d128:D=128,VS=3" src=$FP8 ;;
    fp8-sp) args="--nvptx-short-ptr" src=$FP8 ;;
    *) sources_at "${v#fp8-}" "$out"; args="" src=$out/kernel-sm90-fp8.mlir ;;
    esac
    # shellcheck disable=SC2086
    "$OPT" $args --cute-compile="chip=sm_90a format=cubin output-dir=$out" "$src" -o /dev/null
    echo "$v: $(ls "$out" | tr '\n' ' ')"
    continue ;;
  esac
  out=build-artifacts/fmha-$v
  rm -rf "$out" && mkdir -p "$out"
  case $v in
  nopp) src=$SRC args=$(inst ,PP=false) ;;
  noov) src=$SRC args=$(inst ,OV=false) ;;
  ov) src=$SRC args=$(inst ,OV=true) ;;
  wg2) src=$SRC
    args="--cute-instance=bf16_d64:T=bf16,D=64,BN=192,OV=false,WG=2"
    args+=" --cute-instance=f16_d64:T=f16,D=64,BN=192,OV=false,WG=2"
    args+=" --cute-instance=bf16_d128:T=bf16,D=128,OV=false"
    args+=" --cute-instance=bf16_d256:T=bf16,D=256,BN=80" ;;
  wg3) src=$SRC args=$(wg3 128 false) ;;
  wg3ov) src=$SRC args=$(wg3 128 true) ;;
  wg3bn*) src=$SRC args=$(wg3 "${v#wg3bn}" false) ;;
  ps)
    src=$SRC
    args="--cute-instance=bf16_d64:T=bf16,D=64,BN=128,OV=false,WG=3,PS=true"
    args+=" --cute-instance=bf16_d128:T=bf16,D=128,OV=false,PS=true"
    args+=" --cute-instance=bf16_d256:T=bf16,D=256,BN=80" ;;
  first | *)
    rev=$v
    [ "$v" = first ] && rev=60a4ce1
    sources_at "$rev" "$out"
    src=$out/kernel-sm90.mlir
    args="" ;;
  esac
  # shellcheck disable=SC2086
  "$OPT" $args --cute-compile="chip=sm_90a format=cubin output-dir=$out" "$src" -o /dev/null
  echo "fmha-$v: $(ls "$out" | tr '\n' ' ')"
done
