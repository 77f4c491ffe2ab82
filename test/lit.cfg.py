# lit configuration for cute-mlir.
import os
import shlex
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "cute-mlir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.excludes = ["unittests", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cute_obj_root, "test")

llvm_config.with_system_environment(["HOME", "CUDA_HOME", "PATH"])
llvm_config.use_default_substitutions()
tools = ["cute-opt"]
llvm_config.add_tool_substitutions(tools, [config.cute_tools_dir])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
config.substitutions.append(("%cute_src", config.cute_src_root))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%cute_tools_dir", config.cute_tools_dir))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# SASS inspection (docs/sass.md): scripts/test.sh installs nvdisasm and
# cuobjdump (scripts/sass.sh --install) and exports their paths as
# CUTE_NVDISASM and CUTE_CUOBJDUMP; `eval "$(scripts/sass.sh --env)"` does the
# same for a lit run by hand. Without them `REQUIRES: sass` tests are
# UNSUPPORTED. %sass is scripts/sass.sh with the tools and cute-opt given
# explicitly, so a test needs one RUN line per chip:
#   RUN: %sass --compile sm_100a %s --function NAME | FileCheck %s --check-prefix=SM100
sass_tools = {tool: os.environ.get(var, "")
              for tool, var in (("nvdisasm", "CUTE_NVDISASM"),
                                ("cuobjdump", "CUTE_CUOBJDUMP"))}
if all(path and os.access(path, os.X_OK) for path in sass_tools.values()):
    config.available_features.add("sass")
    config.substitutions.append(("%nvdisasm", shlex.quote(sass_tools["nvdisasm"])))
    config.substitutions.append(("%cuobjdump", shlex.quote(sass_tools["cuobjdump"])))
    sass_script = os.path.join(config.cute_src_root, "scripts", "sass.sh")
    config.substitutions.append((
        "%sass", " ".join(shlex.quote(arg) for arg in [
            "bash", sass_script,
            "--nvdisasm", sass_tools["nvdisasm"],
            "--cuobjdump", sass_tools["cuobjdump"],
            "--cute-opt", os.path.join(config.cute_tools_dir, "cute-opt")])))

# The CPU run of the narrow-float integer sequences
# (test/Conversion/NarrowFloats/cpu-exhaustive.mlir): mlir-runner loads the
# host reference test/lib/NarrowFloatCheck.cpp, built as a shared library.
if os.path.exists(os.path.join(config.llvm_tools_dir, "mlir-runner")):
    config.available_features.add("mlir-runner")
config.substitutions.append((
    "%narrow_float_check_lib",
    os.path.join(config.cute_obj_root, "lib", "libcute_narrow_float_check.so")))
