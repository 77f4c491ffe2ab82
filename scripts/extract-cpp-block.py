#!/usr/bin/env python3
"""Prints the first ```c++ block of a markdown file (docs/kernels.md's
example), so that the build compiles and ctest runs exactly what the doc
shows.

  extract-cpp-block.py FILE.md OUT.cpp
"""
import re
import sys

text = open(sys.argv[1]).read()
m = re.search(r"```c\+\+\n(.*?)```", text, re.S)
if not m:
    sys.exit(f"{sys.argv[1]}: no ```c++ block")
open(sys.argv[2], "w").write(m.group(1))
