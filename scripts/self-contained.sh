#!/usr/bin/env bash
# The nightly-style job for the self-contained configuration
# (CUTE_SELF_CONTAINED=ON: LLVM/MLIR, zlib and zstd linked statically into
# cute-opt and libcute-jit.so). Too slow for every CI run (README.md gives
# the times), so run by hand or nightly:
#   1. configures and builds ${CUTE_STATIC_BUILD_DIR:-build-static};
#   2. runs every test there (ctest: the GoogleTest suites including the JIT's
#      and the AOT libraries'; lit with that build's cute-opt);
#   3. checks with ldd that cute-opt and libcute-jit.so need only the C/C++
#      runtimes, and reports their stripped sizes and the cold and warm start
#      time of `cute-opt --version`;
#   4. installs the package (stripped) into <build>/install, builds and runs
#      examples/consumer against it, and packs it as
#      <build>/cute-mlir-<version>-self-contained.tar.xz (what
#      scripts/gpu/run-jit.sh unpacks on the GPU machine, which has no LLVM).
# Prints a summary with the durations of each step; exits non-zero on any
# failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
for p in libzstd-dev zlib1g-dev; do
  if ! dpkg -s "$p" >/dev/null 2>&1; then
    echo "[self-contained] installing $p"
    $SUDO apt-get install -y -qq "$p" >/dev/null
  fi
done
BUILD_DIR=${CUTE_STATIC_BUILD_DIR:-build-static}
SUMMARY=()
note() { SUMMARY+=("$*"); echo "[self-contained] $*"; }
step_start=$(date +%s)
elapsed() { local now; now=$(date +%s); echo "$((now - step_start)) s"; step_start=$now; }

cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ -DCUTE_SELF_CONTAINED=ON >/dev/null
ninja -C "$BUILD_DIR"
note "build: $(elapsed)"

status=0
(cd "$BUILD_DIR" && ctest -j2 --output-on-failure > ctest.log 2>&1) || status=1
note "ctest: $(grep -E 'tests passed' "$BUILD_DIR/ctest.log" | tail -n 1) ($(elapsed))"
if sass_bin=$(scripts/sass.sh --install); then
  export CUTE_NVDISASM="$sass_bin/nvdisasm" CUTE_CUOBJDUMP="$sass_bin/cuobjdump"
fi
/usr/lib/llvm-22/bin/lit -s "$BUILD_DIR/test" > "$BUILD_DIR/lit.log" 2>&1 || status=1
note "lit: $(grep -E '^ *(Passed|Failed|Unsupported)' "$BUILD_DIR/lit.log" | tr -s ' ' | tr '\n' ' ')($(elapsed))"

# Run-time dependencies: only the C and C++ runtimes may remain.
allowed='^(linux-vdso|ld-linux-x86-64|libc|libm|libstdc\+\+|libgcc_s|libdl|libpthread|librt)\.'
for bin in "$BUILD_DIR/bin/cute-opt" "$BUILD_DIR"/lib/libcute-jit.so; do
  deps=$(ldd "$bin" | awk '{print $1}' | sed 's|.*/||' | sort | tr '\n' ' ')
  bad=$(ldd "$bin" | awk '{print $1}' | sed 's|.*/||' | grep -vE "$allowed" || true)
  if [ -n "$bad" ]; then
    note "ldd $(basename "$bin"): FAIL, needs $bad"
    status=1
  else
    note "ldd $(basename "$bin"): $deps"
  fi
  stripped=$(mktemp)
  strip -o "$stripped" "$(readlink -f "$bin")"
  note "size $(basename "$bin"): $(du -m --apparent-size "$(readlink -f "$bin")" | cut -f1) MB, stripped $(du -m --apparent-size "$stripped" | cut -f1) MB"
  rm -f "$stripped"
done
# libcute-jit.so exports the cute:: API only (lib/JIT/cute-jit.map).
foreign=$(nm -D --defined-only "$BUILD_DIR/lib/libcute-jit.so" | c++filt |
  grep -cvE ' (cute::|typeinfo for cute::|typeinfo name for cute::|vtable for cute::)' || true)
if [ "$foreign" != 0 ]; then
  note "libcute-jit.so exports $foreign symbols outside cute:: (FAIL)"
  status=1
else
  note "libcute-jit.so exports only cute:: ($(nm -D --defined-only "$BUILD_DIR/lib/libcute-jit.so" | wc -l) symbols)"
fi
timeit() { # ms of one run
  local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 ))
}
sync
cold=$(timeit "$BUILD_DIR/bin/cute-opt" --version)
warm=()
for _ in 1 2 3 4 5; do warm+=("$(timeit "$BUILD_DIR/bin/cute-opt" --version)"); done
note "cute-opt --version: first run $cold ms, then ${warm[*]} ms"

# The package: stripped install, a consumer built against it, the tarball.
version=$(sed -n 's/^project(cute-mlir VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
PREFIX=$BUILD_DIR/install
rm -rf "$PREFIX"
cmake --install "$BUILD_DIR" --prefix "$PREFIX" --strip >/dev/null
consumer=$BUILD_DIR/consumer
rm -rf "$consumer"
if cmake -G Ninja -S examples/consumer -B "$consumer" \
     -DCMAKE_PREFIX_PATH="$(realpath "$PREFIX")" >"$BUILD_DIR/consumer.log" 2>&1 &&
   ninja -C "$consumer" >>"$BUILD_DIR/consumer.log" 2>&1 &&
   CUTE_CACHE_DIR=$(mktemp -d) "$consumer/consumer" >>"$BUILD_DIR/consumer.log" 2>&1; then
  note "consumer against the package: $(grep '^RESULT' "$BUILD_DIR/consumer.log")"
else
  note "consumer against the package: FAILED (see $BUILD_DIR/consumer.log)"
  tail -n 20 "$BUILD_DIR/consumer.log"
  status=1
fi
tarball=$BUILD_DIR/cute-mlir-$version-self-contained.tar.xz
tar -C "$PREFIX" -cf - . | xz -T2 -6 > "$tarball"
note "package $tarball: $(du -m --apparent-size "$tarball" | cut -f1) MB ($(du -sm --apparent-size "$PREFIX" | cut -f1) MB installed) ($(elapsed))"

echo "== self-contained summary =="
printf '%s\n' "${SUMMARY[@]}"
[ "$status" = 0 ] && echo "SELF-CONTAINED PASSED" || echo "SELF-CONTAINED FAILED"
exit "$status"
