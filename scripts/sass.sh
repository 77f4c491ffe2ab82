#!/usr/bin/env bash
# Prints the SASS (the machine code ptxas emitted) of cute-mlir's cubins, with
# nvdisasm or cuobjdump from NVIDIA's PyPI wheels nvidia-cuda-nvdisasm and
# nvidia-cuda-cuobjdump (CUDA 13), installed into a virtual environment. The
# one place that knows where those tools live: scripts/test.sh installs them
# with --install and hands their paths to lit (docs/sass.md).
#
#   scripts/sass.sh --install       install the tools unless present (no
#                                   network then); prints their directory
#   scripts/sass.sh --where         prints their directory (exit 1: none)
#   scripts/sass.sh --env           prints `export CUTE_NVDISASM=... CUTE_CUOBJDUMP=...`
#                                   (eval it to let lit run `REQUIRES: sass` tests)
#   scripts/sass.sh [options] FILE.cubin|DIR...
#                                   SASS of each cubin (a directory: its *.cubin)
#   scripts/sass.sh [options] --compile CHIP INPUT.mlir
#                                   compiles INPUT with cute-opt --cute-compile
#                                   (format=cubin) into a temporary directory
#                                   and prints the SASS of its cubins
# Options:
#   --tool nvdisasm|cuobjdump  disassembler (default nvdisasm: `nvdisasm -c`,
#                              code only, branch targets as labels;
#                              cuobjdump: `cuobjdump -sass`, with encodings)
#   --function NAME            only kernel NAME
#   --chip CHIP                for a directory: only its *.CHIP.cubin
#   --nvdisasm PATH, --cuobjdump PATH, --cute-opt PATH
#                              tools to use (lit passes all three)
# Where the tools are found, first match wins: --nvdisasm/--cuobjdump, the
# environment's CUTE_NVDISASM/CUTE_CUOBJDUMP, the virtual environment
# (CUTE_SASS_VENV, default ~/.cache/cute-mlir/sass-tools-$CUTE_SASS_VERSION),
# then $CUDA_HOME/bin or /usr/local/cuda/bin (a full toolkit has both).
set -euo pipefail

# CUDA 13 wheels: /usr/local/cuda is 13.0, whose ptxas writes the cubins;
# PyPI's oldest CUDA 13 disassemblers are 13.2.x (newer tools read older
# cubins). Pinned so that the SASS in tests and docs/sass.md is reproducible.
CUTE_SASS_VERSION=13.2.86
SASS_VENV=${CUTE_SASS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/cute-mlir/sass-tools-$CUTE_SASS_VERSION}
SASS_PACKAGES=("nvidia-cuda-nvdisasm==$CUTE_SASS_VERSION"
               "nvidia-cuda-cuobjdump==$CUTE_SASS_VERSION")
REPO=$(cd "$(dirname "$0")/.." && pwd)

die() {
  echo "[sass] $*" >&2
  exit 1
}

# The wheels' binaries: <venv>/lib/python3.X/site-packages/nvidia/cu13/bin.
venv_bin_dir() {
  local d
  for d in "$SASS_VENV"/lib/python3*/site-packages/nvidia/cu13/bin; do
    if [ -x "$d/nvdisasm" ] && [ -x "$d/cuobjdump" ]; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

# Installed and working: the stamp names the pinned packages and both tools run.
venv_ready() {
  local d
  d=$(venv_bin_dir) || return 1
  [ "$(cat "$SASS_VENV/.cute-sass-packages" 2>/dev/null)" = "${SASS_PACKAGES[*]}" ] || return 1
  "$d/nvdisasm" --version >/dev/null 2>&1 && "$d/cuobjdump" --version >/dev/null 2>&1
}

install_tools() {
  if venv_ready; then
    venv_bin_dir
    return 0
  fi
  echo "[sass] installing ${SASS_PACKAGES[*]} into $SASS_VENV" >&2
  rm -rf "$SASS_VENV"
  mkdir -p "$(dirname "$SASS_VENV")"
  # Debian's python3 makes venvs with pip only with python3-venv (PEP 668
  # forbids pip installs into the system python).
  if ! python3 -m venv "$SASS_VENV" >/dev/null 2>&1; then
    rm -rf "$SASS_VENV"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "[sass] installing python3-venv" >&2
    $sudo apt-get update -qq >&2 || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null ||
      die "apt-get install python3-venv failed"
    python3 -m venv "$SASS_VENV" >&2 || die "python3 -m venv $SASS_VENV failed"
  fi
  "$SASS_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-input "${SASS_PACKAGES[@]}" >&2 ||
    die "pip install ${SASS_PACKAGES[*]} failed (PyPI unreachable?)"
  printf '%s' "${SASS_PACKAGES[*]}" > "$SASS_VENV/.cute-sass-packages"
  venv_ready || die "the wheels installed, but nvdisasm/cuobjdump are not in $SASS_VENV/lib/python3*/site-packages/nvidia/cu13/bin or do not run"
  venv_bin_dir
}

# Directory holding both tools, by the order in the header (without the
# explicit paths).
find_tool_dir() {
  local d
  if [ -n "${CUTE_NVDISASM:-}" ] && [ -n "${CUTE_CUOBJDUMP:-}" ]; then
    dirname "$CUTE_NVDISASM"
    return 0
  fi
  if venv_ready; then
    venv_bin_dir
    return 0
  fi
  for d in "${CUDA_HOME:-}/bin" /usr/local/cuda/bin; do
    if [ -x "$d/nvdisasm" ] && [ -x "$d/cuobjdump" ]; then
      echo "$d"
      return 0
    fi
  done
  return 1
}

tool=nvdisasm
function_name=""
chip=""
compile_chip=""
nvdisasm=""
cuobjdump=""
cute_opt=""
inputs=()
while [ $# -gt 0 ]; do
  case "$1" in
  --install)
    install_tools
    exit 0
    ;;
  --where)
    find_tool_dir || die "no nvdisasm/cuobjdump found; run scripts/sass.sh --install"
    exit 0
    ;;
  --env)
    d=$(find_tool_dir) || die "no nvdisasm/cuobjdump found; run scripts/sass.sh --install"
    printf 'export CUTE_NVDISASM=%q CUTE_CUOBJDUMP=%q\n' "$d/nvdisasm" "$d/cuobjdump"
    exit 0
    ;;
  --tool) tool=$2; shift 2 ;;
  --function) function_name=$2; shift 2 ;;
  --chip) chip=$2; shift 2 ;;
  --compile) compile_chip=$2; shift 2 ;;
  --nvdisasm) nvdisasm=$2; shift 2 ;;
  --cuobjdump) cuobjdump=$2; shift 2 ;;
  --cute-opt) cute_opt=$2; shift 2 ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 0
    ;;
  -*) die "unknown option $1 (see --help)" ;;
  *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -gt 0 ] || die "no cubin, directory or input given (see --help)"
case "$tool" in
nvdisasm | cuobjdump) ;;
*) die "--tool is nvdisasm or cuobjdump, not $tool" ;;
esac

if [ -z "$nvdisasm" ] || [ -z "$cuobjdump" ]; then
  d=$(find_tool_dir) || die "no nvdisasm/cuobjdump found; run scripts/sass.sh --install"
  nvdisasm=${nvdisasm:-${CUTE_NVDISASM:-$d/nvdisasm}}
  cuobjdump=${cuobjdump:-${CUTE_CUOBJDUMP:-$d/cuobjdump}}
fi

workdir=""
trap '[ -z "$workdir" ] || rm -rf "$workdir"' EXIT
if [ -n "$compile_chip" ]; then
  [ ${#inputs[@]} -eq 1 ] || die "--compile takes one input file"
  cute_opt=${cute_opt:-$REPO/${CUTE_BUILD_DIR:-build}/bin/cute-opt}
  [ -x "$cute_opt" ] || die "no cute-opt at $cute_opt (build it, or pass --cute-opt)"
  workdir=$(mktemp -d)
  "$cute_opt" "${inputs[0]}" -o /dev/null \
    --cute-compile="chip=$compile_chip format=cubin output-dir=$workdir" ||
    die "cute-opt --cute-compile=\"chip=$compile_chip format=cubin\" failed on ${inputs[0]}"
  inputs=("$workdir")
  chip=$compile_chip
fi

cubins=()
for path in "${inputs[@]}"; do
  if [ -d "$path" ]; then
    shopt -s nullglob
    if [ -n "$chip" ]; then
      found=("$path"/*."$chip".cubin)
    else
      found=("$path"/*.cubin)
    fi
    shopt -u nullglob
    [ ${#found[@]} -gt 0 ] || die "no *.${chip:-*}.cubin in $path"
    cubins+=("${found[@]}")
  elif [ -f "$path" ]; then
    cubins+=("$path")
  else
    die "no such cubin or directory: $path"
  fi
done

# nvdisasm -c prints each kernel as a section headed
#   //--------------------- .text.NAME ---...
# cuobjdump -sass has -fun NAME, and only warns when there is none.
print_sass() {
  local cubin=$1 out
  if [ "$tool" = cuobjdump ]; then
    if [ -n "$function_name" ]; then
      out=$("$cuobjdump" -sass -fun "$function_name" "$cubin") ||
        die "cuobjdump -sass failed on $cubin"
      grep -q "Function : $function_name\$" <<<"$out" ||
        die "no kernel $function_name in $cubin"
    else
      out=$("$cuobjdump" -sass "$cubin") || die "cuobjdump -sass failed on $cubin"
    fi
  else
    out=$("$nvdisasm" -c "$cubin") || die "nvdisasm failed on $cubin"
    if [ -n "$function_name" ]; then
      out=$(awk -v name="$function_name" '
        /^\/\/-+ / { on = ($2 == ".text." name) }
        on' <<<"$out")
      [ -n "$out" ] || die "no kernel $function_name in $cubin"
    fi
  fi
  printf '%s\n' "$out"
}

for cubin in "${cubins[@]}"; do
  echo "// cubin: $(basename "$cubin")"
  print_sass "$cubin"
done
