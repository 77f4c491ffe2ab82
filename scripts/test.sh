#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, checks the C++
# formatting (.clang-format), and runs every test (GoogleTest and the
# docs/reference check through ctest, then lit), printing the counts of each;
# then installs the build (`cmake --install`) into a temporary prefix and
# builds and runs examples/consumer against the installed package, and does
# the same with the runtime-only package (CUTE_ENABLE_MLIR=OFF in
# build/runtime-only), which must not name LLVM or MLIR.
# The SASS tests (`REQUIRES: sass`, docs/sass.md) run here: this script
# installs nvdisasm and cuobjdump (scripts/sass.sh --install) and fails when
# it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
source scripts/setup.sh # CUTE_PTXAS_OK
BUILD_DIR=${CUTE_BUILD_DIR:-build}

echo "== SASS tools =="
if ! sass_bin=$(scripts/sass.sh --install); then
  echo "FAILED: cannot install nvdisasm and cuobjdump (PyPI packages"
  echo "nvidia-cuda-nvdisasm, nvidia-cuda-cuobjdump; see scripts/sass.sh):"
  echo "the SASS tests (REQUIRES: sass) would not run."
  exit 1
fi
export CUTE_NVDISASM="$sass_bin/nvdisasm" CUTE_CUOBJDUMP="$sass_bin/cuobjdump"
echo "[sass] nvdisasm and cuobjdump $("$CUTE_NVDISASM" --version | grep -o 'V[0-9][0-9.]*' | tail -n 1) in $sass_bin"

set +e
echo "== format =="
scripts/check-format.sh
format_status=$?

echo "== GoogleTest =="
(cd "$BUILD_DIR" && ctest --output-on-failure -j2 > ctest.log 2>&1)
gtest_status=$?
grep -E "tests passed|Failed|FAILED|\*\*\*" "$BUILD_DIR/ctest.log" | tail -n 20

echo "== lit =="
/usr/lib/llvm-22/bin/lit -v --order=lexical "$BUILD_DIR/test" > "$BUILD_DIR/lit.log" 2>&1
lit_status=$?
grep -vE "^PASS:" "$BUILD_DIR/lit.log" | tail -n 40

# Without a GPU the consumer's launches run on the emulator (docs/emulator.md).
consumer_env=()
if ! (command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1); then
  consumer_env=(CUTE_DEVICE=emu:sm_90a)
fi

echo "== consumer project against the installed package =="
consumer_status=0
prefix=$(mktemp -d /tmp/cute-install.XXXXXX)
rm -rf "$BUILD_DIR/consumer"
if [ "${CUTE_PTXAS_OK:-0}" != 1 ]; then
  echo "skipped: no ptxas for sm_90a/100a/120a (cute_add_kernel_library needs it)"
elif cmake --install "$BUILD_DIR" --prefix "$prefix" > "$BUILD_DIR/install.log" 2>&1 &&
   cmake -G Ninja -S examples/consumer -B "$BUILD_DIR/consumer" \
     -DCMAKE_PREFIX_PATH="$prefix" > "$BUILD_DIR/consumer.log" 2>&1 &&
   ninja -C "$BUILD_DIR/consumer" >> "$BUILD_DIR/consumer.log" 2>&1 &&
   env "${consumer_env[@]}" CUTE_CACHE_DIR="$prefix/jit-cache" \
     timeout 300 "$BUILD_DIR/consumer/consumer" \
     >> "$BUILD_DIR/consumer.log" 2>&1; then
  grep -E "^(PASS|FAIL|RESULT|no GPU|SKIP)" "$BUILD_DIR/consumer.log"
else
  consumer_status=1
  tail -n 30 "$BUILD_DIR/install.log" "$BUILD_DIR/consumer.log" 2>/dev/null
fi
rm -rf "$prefix"

# The runtime-only package (CUTE_ENABLE_MLIR=OFF) must need no LLVM: install
# it, check that nothing in it names LLVM/MLIR, and build the consumer
# against it with axpy precompiled by this build's cute-opt (no JIT part).
echo "== consumer project against the runtime-only package =="
rt_status=0
rt_build=$BUILD_DIR/runtime-only
rt_prefix=$(mktemp -d /tmp/cute-rt-install.XXXXXX)
rm -rf "$BUILD_DIR/consumer-rt"
if [ "${CUTE_PTXAS_OK:-0}" != 1 ]; then
  echo "skipped: no ptxas for sm_90a/100a/120a"
elif cmake -G Ninja -S . -B "$rt_build" -DCMAKE_BUILD_TYPE=Release \
     -DCUTE_ENABLE_MLIR=OFF -DCUTE_ENABLE_TESTS=OFF > "$BUILD_DIR/runtime-only.log" 2>&1 &&
   ninja -C "$rt_build" CuteSupport CuteLayout CuteAtom CuteEmu CuteRuntime CuteAot cute-aot \
     >> "$BUILD_DIR/runtime-only.log" 2>&1 &&
   cmake --install "$rt_build" --prefix "$rt_prefix" >> "$BUILD_DIR/runtime-only.log" 2>&1; then
  for chip in sm_90a sm_100a sm_120a; do
    "$BUILD_DIR/bin/cute-opt" examples/consumer/axpy.mlir \
      --cute-compile="chip=$chip format=cubin output-dir=$rt_prefix/axpy/$chip" -o /dev/null || rt_status=1
  done
  llvm_refs=$( (grep -rlE 'find_package\((LLVM|MLIR)|llvm-[0-9]|/llvm|(^|[^A-Za-z])(MLIR|LLVM)[A-Za-z]*::' "$rt_prefix/lib/cmake";
                grep -rlE '#include [<"](llvm|mlir)/' "$rt_prefix/include") || true)
  if [ -n "$llvm_refs" ]; then
    echo "FAILED: the runtime-only package needs LLVM/MLIR: $llvm_refs"
    rt_status=1
  fi
  if [ "$rt_status" = 0 ] &&
     cmake -G Ninja -S examples/consumer -B "$BUILD_DIR/consumer-rt" \
       -DCMAKE_PREFIX_PATH="$rt_prefix" -DAXPY_PRECOMPILED="$rt_prefix/axpy" \
       >> "$BUILD_DIR/runtime-only.log" 2>&1 &&
     ninja -C "$BUILD_DIR/consumer-rt" >> "$BUILD_DIR/runtime-only.log" 2>&1 &&
     env "${consumer_env[@]}" timeout 300 "$BUILD_DIR/consumer-rt/consumer" \
       > "$BUILD_DIR/consumer-rt.log" 2>&1 &&
     ! ldd "$BUILD_DIR/consumer-rt/consumer" | grep -qiE "llvm|mlir|cute-jit"; then
    echo "runtime-only package: $(ls "$rt_prefix/lib" | tr '\n' ' ')"
    grep -E "^(RESULT|FAIL)" "$BUILD_DIR/consumer-rt.log"
  else
    rt_status=1
  fi
else
  rt_status=1
fi
if [ "$rt_status" != 0 ]; then
  echo "FAILED: runtime-only package"
  tail -n 30 "$BUILD_DIR/runtime-only.log" "$BUILD_DIR/consumer-rt.log" 2>/dev/null
fi
rm -rf "$rt_prefix"
set -e

if [ "$gtest_status" -ne 0 ] || [ "$lit_status" -ne 0 ] ||
   [ "$format_status" -ne 0 ] || [ "$consumer_status" -ne 0 ] ||
   [ "$rt_status" -ne 0 ]; then
  echo "FAILED (gtest=$gtest_status lit=$lit_status format=$format_status consumer=$consumer_status runtime-only=$rt_status)"
  exit 1
fi
echo "ALL TESTS PASSED"
