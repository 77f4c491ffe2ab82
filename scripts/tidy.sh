#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy: bugprone, performance, LLVM naming) over the
# given C++ files, or over every lib/ and tools/ source, using the build's
# compile_commands.json. Not part of scripts/test.sh: a full run takes a
# while on two cores; run it on what you changed.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${CUTE_BUILD_DIR:-build}
[ -f "$BUILD_DIR/compile_commands.json" ] || scripts/build.sh
if [ $# -eq 0 ]; then
  mapfile -t files < <(git ls-files 'lib/*.cpp' 'tools/*.cpp')
else
  files=("$@")
fi
clang-tidy -p "$BUILD_DIR" --quiet "${files[@]}"
