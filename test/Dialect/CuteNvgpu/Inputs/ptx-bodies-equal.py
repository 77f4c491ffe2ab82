"""Exits 0 when two .entry functions of a PTX file have the same body.

Usage: ptx-bodies-equal.py FILE.ptx KERNEL_A KERNEL_B. Each kernel's name,
which its parameter and shared-memory buffer names also carry, is replaced
by one placeholder before the bodies are compared; a difference is printed
as a unified diff.
"""
import difflib
import re
import sys


def body(ptx, name):
    m = re.search(r"\.entry " + re.escape(name) + r"\(", ptx)
    if not m:
        sys.exit(f"no .entry {name} in the PTX")
    start = m.start()
    depth, i = 0, ptx.index("{", start)
    for j in range(i, len(ptx)):
        if ptx[j] == "{":
            depth += 1
        elif ptx[j] == "}":
            depth -= 1
            if depth == 0:
                text = ptx[start:j + 1]
                # The name, its parameters (NAME_param_i) and its
                # shared-memory buffer (__cute_smem_NAME).
                return re.sub(r"(?<![A-Za-z0-9$])" + re.escape(name) +
                              r"(?=_param_|\b)", "KERNEL", text).splitlines()
    sys.exit(f"unterminated .entry {name}")


path, a, b = sys.argv[1:4]
ptx = open(path).read()
ba, bb = body(ptx, a), body(ptx, b)
if ba != bb:
    sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
        ba, bb, fromfile=a, tofile=b, lineterm=""))
    sys.exit(1)
