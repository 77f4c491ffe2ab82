#!/usr/bin/env bash
# The README's test command: installs what is missing, builds, checks the C++
# formatting (.clang-format), and runs every test (GoogleTest and the
# docs/reference check through ctest, then lit), printing the counts of each.
# The SASS tests (`REQUIRES: sass`, docs/sass.md) run here: this script
# installs nvdisasm and cuobjdump (scripts/sass.sh --install) and fails when
# it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
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
set -e

if [ "$gtest_status" -ne 0 ] || [ "$lit_status" -ne 0 ] ||
   [ "$format_status" -ne 0 ]; then
  echo "FAILED (gtest=$gtest_status lit=$lit_status format=$format_status)"
  exit 1
fi
echo "ALL TESTS PASSED"
