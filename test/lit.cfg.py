# lit configuration for cute-mlir.
import os
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
