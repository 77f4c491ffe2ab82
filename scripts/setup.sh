#!/usr/bin/env bash
# Installs what cute-mlir needs on a Debian 12 machine (idempotent) and
# checks the CUDA toolkit. Sourced by build.sh/test.sh/run.sh.
set -euo pipefail

CUTE_PACKAGES=(cmake ninja-build g++ llvm-22-dev libmlir-22-dev mlir-22-tools
               llvm-22-tools libgtest-dev python3 clang-format)

missing=()
for p in "${CUTE_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Locate the CUDA toolkit: CUDA_HOME, /usr/local/cuda, or ptxas on PATH.
if [ -z "${CUDA_HOME:-}" ]; then
  if [ -x /usr/local/cuda/bin/ptxas ]; then
    CUDA_HOME=/usr/local/cuda
  elif command -v ptxas >/dev/null 2>&1; then
    CUDA_HOME=$(dirname "$(dirname "$(command -v ptxas)")")
  fi
fi
export CUDA_HOME="${CUDA_HOME:-}"
CUTE_PTXAS_OK=0
if [ -n "$CUDA_HOME" ] && [ -x "$CUDA_HOME/bin/ptxas" ]; then
  probe=$(mktemp -d)
  ok=1
  for chip in sm_90a sm_100a sm_120a; do
    printf '.version 8.8\n.target %s\n.address_size 64\n.visible .entry k() { ret; }\n' \
      "$chip" > "$probe/k.ptx"
    if ! "$CUDA_HOME/bin/ptxas" -arch="$chip" "$probe/k.ptx" -o "$probe/k.cubin" 2>"$probe/err"; then
      echo "[setup] WARNING: $CUDA_HOME/bin/ptxas cannot target $chip: $(cat "$probe/err")"
      ok=0
    fi
  done
  rm -rf "$probe"
  if [ $ok = 1 ]; then
    CUTE_PTXAS_OK=1
  fi
else
  echo "[setup] WARNING: no CUDA toolkit found (set CUDA_HOME or put ptxas on PATH);"
  echo "[setup]          ptxas-dependent tests will be skipped."
fi
export CUTE_PTXAS_OK
