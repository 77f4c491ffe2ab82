#!/usr/bin/env bash
# The attention ablation kernels (examples/fmha-prefill, issue 24), compiled
# here for sm_90a into build-artifacts/fmha-<variant>/ beside the main
# artifacts of scripts/compile-examples.sh; scripts/gpu/bench-fmha.sh times
# every variant it finds there in the same run as the main kernels:
#   nopp   PP=false: no ping-pong between the consumer warpgroups
#   noov   OV=false at every head dim: no intra-warpgroup overlap
#   ov     OV=true at every head dim: softmax(S(n)) overlaps P(n-1) V(n-1)
#   first  the first version (60a4ce1: no overlap, no ping-pong)
#   REV    any other name: kernel-sm90.mlir as of git revision REV (the
#          kernel before a change, timed beside it)
# Usage: scripts/fmha-ablations.sh [variant...]   (default: nopp noov ov first)
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
[ ${#variants[@]} -gt 0 ] || variants=(nopp noov ov first)
for v in "${variants[@]}"; do
  out=build-artifacts/fmha-$v
  rm -rf "$out" && mkdir -p "$out"
  case $v in
  nopp) src=$SRC args=$(inst ,PP=false) ;;
  noov) src=$SRC args=$(inst ,OV=false) ;;
  ov) src=$SRC args=$(inst ,OV=true) ;;
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
