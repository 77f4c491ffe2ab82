#!/usr/bin/env bash
# Runs on the GPU machine (CUDA, cmake, a C++ compiler; no LLVM/MLIR), in the
# repository root, with the sm_90a kernels compiled beforehand by
# scripts/compile-examples.sh into build-artifacts/sm_90a/. Builds the
# runtime-only configuration (it includes cute-emu), then runs every sm_90a
# example driver twice with the same inputs (CUTE_SEED): on the GPU and on
# the emulator (CUTE_DEVICE=emu:sm_90a). With CUTE_RT_HASH_COPIES the runtime
# prints a hash of every device-to-host copy; the two runs' sequences of
# hashes are compared copy by copy. Writes ${OUT:-gpu-results}/emu-vs-gpu.md
# (the table of docs/emulator.md), the raw logs, and the emulator's speed
# on this machine's cores (bench/emu).
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/cuda/bin"
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/emu-vs-gpu"
ART=build-artifacts/sm_90a
SEED=${SEED:-20261202}
threads=$(nproc)
# DRY_RUN=1 (a machine without a GPU): the "GPU" runs use the emulator too,
# to check this script.
gpu_env=()
[ "${DRY_RUN:-0}" = 1 ] && gpu_env=(CUTE_DEVICE=emu:sm_90a)
BUILD=${BUILD:-build-gpu}

if [ "$BUILD" = build-gpu ]; then
  cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
    -DCUTE_ENABLE_MLIR=OFF -DCUTE_ENABLE_TESTS=OFF > "$OUT/emu-build.log" 2>&1 &&
    ninja -C build-gpu >> "$OUT/emu-build.log" 2>&1 ||
    { echo "BUILD FAILED"; tail -30 "$OUT/emu-build.log"; exit 1; }
fi

# example:arguments (small enough for the emulator on $threads cores).
runs=(
  "elementwise:--size 1003 --size 65536"
  "swiglu:--size 65536"
  "rmsnorm:--size 1000 --size 4096"
  "softmax:--size 1003 --size 4096"
  "tma-pipeline:--size 300"
  "mma-atoms:--size 128"
  "gemm-sm90:--shape 256x512x128 --shape 384x640x256"
  "narrow-float:"
  "blockscaled-dequant:--size 1"
  "blockscale-gemm-sm90:--size 1"
)
table=$OUT/emu-vs-gpu.md
{
  echo "| example | arguments | copies | bytes | equal copies | GPU checks | emulator checks | GPU run on | emulator time |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$table"
for r in "${runs[@]}"; do
  ex=${r%%:*}; args=${r#*:}
  host=$BUILD/bin/$ex-host
  [ -x "$host" ] || { echo "| $ex | | missing driver | | | | | |" >> "$table"; continue; }
  base=$OUT/emu-vs-gpu/$ex
  # shellcheck disable=SC2086
  env "${gpu_env[@]}" CUTE_SEED=$SEED CUTE_RT_HASH_COPIES=1 timeout 300 "$host" --artifacts "$ART" \
    --chip sm_90a $args --no-bench > "$base.gpu.out" 2> "$base.gpu.err"
  gpu_rc=$?
  start=$(date +%s%N)
  # shellcheck disable=SC2086
  CUTE_SEED=$SEED CUTE_RT_HASH_COPIES=1 CUTE_DEVICE=emu:sm_90a CUTE_EMU_THREADS=$threads \
    timeout 300 "$host" --artifacts "$ART" --chip sm_90a $args --no-bench \
    > "$base.emu.out" 2> "$base.emu.err"
  emu_rc=$?
  end=$(date +%s%N)
  grep -o 'DtoH.*' "$base.gpu.err" > "$base.gpu.hashes"
  grep -o 'DtoH.*' "$base.emu.err" > "$base.emu.hashes"
  n=$(wc -l < "$base.gpu.hashes")
  bytes=$(awk '{s += $2} END {print s + 0}' "$base.gpu.hashes")
  equal=$(paste -d' ' "$base.gpu.hashes" "$base.emu.hashes" | awk '$4 == $8 && $2 == $6 {e++} END {print e + 0}')
  gpass=$(grep -c '^CHECK.*PASS' "$base.gpu.out"); gfail=$(grep -c '^CHECK.*FAIL' "$base.gpu.out")
  epass=$(grep -c '^CHECK.*PASS' "$base.emu.out"); efail=$(grep -c '^CHECK.*FAIL' "$base.emu.out")
  on=$(sed -n 's/^DEVICE //p' "$base.gpu.out" | head -n 1)
  printf '| %s | %s | %s | %s | %s of %s%s | %s pass, %s fail (rc %s) | %s pass, %s fail (rc %s) | %s | %s.%01d s |\n' \
    "$ex" "${args:-(default)}" "$n" "$bytes" "$equal" "$n" \
    "$([ "$n" -gt 0 ] && [ "$equal" = "$n" ] && [ "$(wc -l < "$base.emu.hashes")" = "$n" ] && echo ' (all equal)')" \
    "$gpass" "$gfail" "$gpu_rc" "$epass" "$efail" "$emu_rc" "$on" \
    $(( (end - start) / 1000000000 )) $(( (end - start) / 100000000 % 10 )) >> "$table"
done
cat "$table"
tar -czf "$OUT/emu-vs-gpu-logs.tar.gz" -C "$OUT" emu-vs-gpu && rm -rf "$OUT/emu-vs-gpu"

echo "== emulator speed on $threads cores ==" | tee "$OUT/emu-speed.txt"
$BUILD/bin/emu-speed --threads "$threads" | tee -a "$OUT/emu-speed.txt"
CUTE_DEVICE=emu:sm_90a CUTE_EMU_STATS=1 CUTE_EMU_THREADS=1 $BUILD/bin/gemm-sm90-host \
  --artifacts "$ART" --chip sm_90a --shape 256x512x128 --no-bench 2>&1 |
  grep -E 'cute-emu: gemm|CHECK' | tee -a "$OUT/emu-speed.txt"
