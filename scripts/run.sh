#!/usr/bin/env bash
# The README's main command: builds cute-mlir and runs the bundled examples
# through cute-opt (today: the layout-algebra examples of docs/examples).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
BUILD_DIR=${CUTE_BUILD_DIR:-build}
for f in examples/layout-algebra/*.mlir; do
  echo "== $f: folded =="
  "$BUILD_DIR/bin/cute-opt" "$f" --cute-fold-static
  echo "== $f: dynamic algebra expanded to arith =="
  "$BUILD_DIR/bin/cute-opt" "$f" --cute-expand-ops --canonicalize --cse
done
