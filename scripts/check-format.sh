#!/usr/bin/env bash
# Fails when a tracked C++ file is not formatted as .clang-format says (LLVM
# style). `scripts/check-format.sh --fix` formats them in place.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.cu' | grep -v '^test/unittests/Runtime/kernels/')
if [ "${1:-}" = "--fix" ]; then
  "$CLANG_FORMAT" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! "$CLANG_FORMAT" --dry-run -Werror "$f" >/dev/null 2>&1; then
    bad+=("$f")
  fi
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "[format] ${#bad[@]} file(s) differ from $($CLANG_FORMAT --version | head -n1):"
  printf '  %s\n' "${bad[@]}"
  echo "[format] run scripts/check-format.sh --fix"
  exit 1
fi
echo "[format] ${#files[@]} C++ files formatted"
