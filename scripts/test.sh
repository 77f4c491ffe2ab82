#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, checks the C++
# formatting (.clang-format), and runs every test (GoogleTest and the
# docs/reference check through ctest, then lit), printing the counts of each;
# then installs the build (`cmake --install`) into a temporary prefix and
# builds and runs examples/consumer against the installed package.
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
   CUTE_CACHE_DIR="$prefix/jit-cache" timeout 300 "$BUILD_DIR/consumer/consumer" \
     >> "$BUILD_DIR/consumer.log" 2>&1; then
  grep -E "^(PASS|FAIL|RESULT|no GPU)" "$BUILD_DIR/consumer.log"
else
  consumer_status=1
  tail -n 30 "$BUILD_DIR/install.log" "$BUILD_DIR/consumer.log" 2>/dev/null
fi
rm -rf "$prefix"
set -e

if [ "$gtest_status" -ne 0 ] || [ "$lit_status" -ne 0 ] ||
   [ "$format_status" -ne 0 ] || [ "$consumer_status" -ne 0 ]; then
  echo "FAILED (gtest=$gtest_status lit=$lit_status format=$format_status consumer=$consumer_status)"
  exit 1
fi
echo "ALL TESTS PASSED"
