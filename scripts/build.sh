#!/usr/bin/env bash
# Configures (once) and builds cute-mlir into ${CUTE_BUILD_DIR:-build}.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
BUILD_DIR=${CUTE_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++
fi
ninja -C "$BUILD_DIR" "$@"
