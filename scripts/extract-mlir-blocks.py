#!/usr/bin/env python3
"""Prints the ```mlir code blocks of a markdown file, separated by
`// -----` so that `cute-opt -split-input-file` checks each one. Used by the
lit tests that keep the docs' examples honest."""
import sys

blocks, cur, inside = [], [], False
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("```mlir"):
        inside, cur = True, []
    elif line.startswith("```") and inside:
        inside = False
        blocks.append("".join(cur))
    elif inside:
        cur.append(line)
print("\n// -----\n".join(blocks))
