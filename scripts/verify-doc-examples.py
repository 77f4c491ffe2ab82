#!/usr/bin/env python3
"""Makes the ```mlir examples of markdown files verifiable: prints each block
as a module for `cute-opt -split-input-file`, separated by `// -----`.

A block that is a whole module or function is printed as it is; one that
imports files (cute.imports) is left out, for a test of its own. Otherwise
the block is the body of a kernel: every SSA value it uses without defining
becomes a kernel argument, typed from the op that uses it (the operand
types of its trailing type signature, `(T1, T2) -> R` or `T1, T2` or
`T -> R`). A value whose type cannot be found that way makes the block
fail with a message, so the docs keep examples that can be checked.

  verify-doc-examples.py FILE.md|DIR... > examples.mlir
"""
import os
import re
import sys

VALUE = re.compile(r"%[A-Za-z0-9_.$-]+")


def top_level_split(text, sep):
    """Splits at `sep` outside (), <>, [], {} and strings."""
    parts, depth, cur, quoted, i = [], 0, "", False, 0
    while i < len(text):
        c = text[i]
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "(<[{":
            depth += 1
        elif not quoted and c in ")>]}" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
        if not quoted and depth == 0 and text.startswith(sep, i):
            parts.append(cur)
            cur, i = "", i + len(sep)
            continue
        cur += c
        i += 1
    parts.append(cur)
    return parts


def operand_types(signature):
    """The operand types of an op's trailing type signature."""
    sig = signature.strip()
    ins = top_level_split(sig, "->")[0].strip()
    if ins.startswith("(") and ins.endswith(")"):
        ins = ins[1:-1]
    return [t.strip() for t in top_level_split(ins, ",") if t.strip()]


def blocks_of(path):
    blocks, cur, inside, start = [], [], False, 0
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith("```mlir"):
            inside, cur, start = True, [], n
        elif line.startswith("```") and inside:
            inside = False
            blocks.append((start, "".join(cur)))
        elif inside:
            cur.append(line)
    return blocks


def wrap(path, line, body):
    if "cute.imports" in body:
        # It needs the files it imports: a test of its own compiles it
        # (test/Docs/instances-imports.mlir).
        return "// %s:%d: imports files, checked apart" % (path, line)
    if re.search(r"^\s*(module|func\.func|gpu\.module)\b", body, re.M):
        return body
    lines = [l.strip() for l in body.splitlines() if l.strip()]
    if lines and all(l.startswith(("!", "#")) for l in lines):
        # Types and attributes on their own: a declaration that carries them.
        types = [l for l in lines if l.startswith("!")]
        attrs = ["a%d = %s" % (i, l) for i, l in enumerate(lines)
                 if l.startswith("#")]
        return ("// %s:%d\nfunc.func private @example(%s)%s" %
                (path, line, ", ".join(types),
                 " attributes {%s}" % ", ".join(attrs) if attrs else ""))
    defined, args, problems = set(), {}, []
    for stmt in body.splitlines():
        code = stmt.split("//")[0].strip()
        if not code:
            continue
        lhs, rhs = "", code
        m = re.match(r"^((?:%[\w.$-]+(?::\d+)?\s*,\s*)*%[\w.$-]+(?::\d+)?)\s*=\s*(.*)$", code)
        if m:
            lhs, rhs = m.group(1), m.group(2)
        parts = top_level_split(rhs, " : ")
        uses = VALUE.findall(parts[0])
        types = operand_types(parts[-1]) if len(parts) > 1 else []
        free = [u for u in uses if u not in defined]
        if free:
            if len(types) != len(uses):
                problems.append("cannot type %s in `%s`" % (", ".join(free), code))
            else:
                for u, t in zip(uses, types):
                    if u not in defined:
                        args.setdefault(u, t)
        for name in VALUE.findall(lhs):
            defined.add(name)
    if problems:
        return "// %s:%d: %s\n#error" % (path, line, "; ".join(problems))
    sig = ", ".join("%s: %s" % (n, t) for n, t in args.items())
    indented = "".join("      " + l + "\n" for l in body.splitlines())
    return ("// %s:%d\nmodule attributes {gpu.container_module} {\n"
            "  gpu.module @docs {\n    gpu.func @example(%s) kernel {\n"
            "%s      gpu.return\n    }\n  }\n}" % (path, line, sig, indented))


def markdown_files(args):
    """The files named, and the *.md files of the directories named."""
    import os
    for a in args:
        if os.path.isdir(a):
            for name in sorted(os.listdir(a)):
                if name.endswith(".md"):
                    yield os.path.join(a, name)
        else:
            yield a


out = []
for path in markdown_files(sys.argv[1:]):
    for line, body in blocks_of(path):
        out.append(wrap(os.path.relpath(path), line, body))
print("\n// -----\n".join(out))
