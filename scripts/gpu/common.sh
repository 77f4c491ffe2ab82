# Sourced by the GPU scripts: `gpu_begin LOGNAME TARGET...` goes to the
# repository root, puts CUDA on PATH, sets OUT (${OUT:-gpu-results}), ART
# (the sm_90a artifacts of scripts/compile-examples.sh) and LOG
# ($OUT/LOGNAME), writes the run's header (date, artifacts' commit, GPU) to
# LOG and builds TARGETs in the runtime-only configuration (build-gpu;
# $OUT/build.log), exiting on a failed build.
gpu_begin() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  export PATH="$PATH:/usr/local/cuda/bin"
  OUT=${OUT:-gpu-results}
  mkdir -p "$OUT"
  ART=build-artifacts/sm_90a
  LOG=$OUT/$1
  shift
  echo "date $(date -u +%FT%TZ) commit $(cat build-artifacts/COMMIT 2>/dev/null || echo unknown)" | tee -a "$LOG"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$LOG"
  cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release \
    -DCUTE_ENABLE_MLIR=OFF > "$OUT/build.log" 2>&1 &&
    ninja -C build-gpu "$@" >> "$OUT/build.log" 2>&1 ||
    { echo "BUILD FAILED"; tail -20 "$OUT/build.log"; exit 1; }
}

# The issue-23 GEMM suite: DECODE (M in 1, 16, 64 over the Qwen3-8B linear
# layers) and SUITE (squares, odd shapes, M in 256, 2048, 8192 over the
# same layers), MxNxK words.
gemm_suite() {
  DECODE=""
  for m in 1 16 64; do
    for nk in 6144x4096 4096x4096 24576x4096 4096x12288 151936x4096; do
      DECODE="$DECODE ${m}x${nk}"
    done
  done
  SUITE="1024x1024x1024 2048x2048x2048 4096x4096x4096 8192x8192x8192 3000x5000x7008 4095x4097x2064 2048x2048x1024 128x128x65536 256x4096x14336"
  for m in 256 2048 8192; do
    for nk in 6144x4096 4096x4096 24576x4096 4096x12288 151936x4096; do
      SUITE="$SUITE ${m}x${nk}"
    done
  done
}
