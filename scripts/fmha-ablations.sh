#!/usr/bin/env bash
# The attention ablation kernels (examples/fmha-prefill, issue 24), compiled
# here for sm_90a into build-artifacts/fmha-<variant>/ beside the main
# artifacts of scripts/compile-examples.sh; scripts/gpu/bench-fmha.sh times
# every variant it finds there in the same run as the main kernels:
#   nopp   PP=false: no ping-pong between the consumer warpgroups
#   noov   OV=false at every head dim: no intra-warpgroup overlap
#   ov     OV=true at every head dim: softmax(S(n)) overlaps P(n-1) V(n-1)
#   first  the first version (60a4ce1: no overlap, no ping-pong)
#   wg3    D = 64 with three consumer warpgroups (WG=3: 192-row tiles,
#          FA3's shape; setmaxnreg 32/160), BN = 128, OV off; bf16 and f16
#          (D 128 and 256 as the main instances, so every kernel is there)
#   wg3ov  the same with the intra-warpgroup overlap (FA3 has it on)
#   wg3bnN WG=3 with BN = N (e.g. wg3bn96, wg3bn160, wg3bn192; OV off)
#   ps     PS=true at D 64 and 128: P through shared memory (stmatrix, then
#          O += P V with A from smem) instead of wgmma's register A; D 256
#          as the main instance (BN = 80 takes no PS: BN % 64 and no room)
#   REV    any other name: kernel-sm90.mlir as of git revision REV (the
#          kernel before a change, timed beside it)
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
  echo "--cute-instance=bf16_d64:T=bf16,D=64,BN=192$ov$extra" \
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
for v in "${variants[@]}"; do
  out=build-artifacts/fmha-$v
  rm -rf "$out" && mkdir -p "$out"
  case $v in
  nopp) src=$SRC args=$(inst ,PP=false) ;;
  noov) src=$SRC args=$(inst ,OV=false) ;;
  ov) src=$SRC args=$(inst ,OV=true) ;;
  wg3) src=$SRC args=$(wg3 128 false) ;;
  wg3ov) src=$SRC args=$(wg3 128 true) ;;
  wg3bn*) src=$SRC args=$(wg3 "${v#wg3bn}" false) ;;
  ps)
    src=$SRC
    args="--cute-instance=bf16_d64:T=bf16,D=64,BN=192,OV=false,PS=true"
    args+=" --cute-instance=bf16_d128:T=bf16,D=128,OV=false,PS=true"
    args+=" --cute-instance=bf16_d256:T=bf16,D=256,BN=80" ;;
  first | *)
    rev=$v
    [ "$v" = first ] && rev=60a4ce1
    src=$out/kernel-sm90.mlir
    git show "$rev:$SRC" > "$src"
    args="" ;;
  esac
  # shellcheck disable=SC2086
  "$OPT" $args --cute-compile="chip=sm_90a format=cubin output-dir=$out" "$src" -o /dev/null
  echo "fmha-$v: $(ls "$out" | tr '\n' ' ')"
done
