#!/usr/bin/env python3
"""Mutates valid CuTe layout strings at random (seeded) and wraps each in
an algebra op, for the no-crash test (fuzz-no-crash.mlir)."""
import random, sys
random.seed(int(sys.argv[1]))
seeds = ["(4,(2,8)):(16,(1,4))", "(?,8):(1,?)", "8:1", "((2,3),4):((1,2),6)", "(3,4):(4,1)", "S<3,4,3> o 0 o (8,64):(64,1)", "(128,64):(1@1,1@0)", "(?{i64},2):(2,1)", "(0,3):(1,2)", "(-1,2):(1,1)"]
alphabet = "()?:,@S<>o_{}i6402-1357 "
def mutate(s):
    s = list(s)
    for _ in range(random.randint(1, 4)):
        op = random.random()
        if op < 0.3 and s: s.pop(random.randrange(len(s)))
        elif op < 0.6: s.insert(random.randrange(len(s)+1), random.choice(alphabet))
        elif s: s[random.randrange(len(s))] = random.choice(alphabet)
    if random.random() < 0.1: s += list(str(random.choice([2**62, 2**63-1, 2**64, 10**30])))
    return "".join(s).replace('"', '')
ops = ["composition(%a, %b)", "complement(%a)", "logical_divide(%a, %b)", "logical_product(%a, %b)", "coalesce(%a)", "right_inverse(%a)", "left_inverse(%a)", "blocked_product(%a, %b)", "zipped_divide(%a, %b)"]
out = []
for i in range(int(sys.argv[2])):
    a = mutate(random.choice(seeds)); b = random.choice(seeds[:5] + [mutate(random.choice(seeds))])
    op = random.choice(ops)
    kind_a = "composed_layout" if " o " in a else "layout"
    name = op.split("(")[0]; args = op[op.index("(")+1:-1]
    tys = '!cute.' + kind_a + '<"' + a + '">'
    if "%b" in op: tys += ', !cute.layout<"' + b + '">'
    out.append('func.func @f%d(%%a: !cute.%s<"%s">, %%b: !cute.layout<"%s">) {\n  %%r = "cute.%s"(%s) : (%s) -> !cute.layout<"1:0">\n  return\n}' % (i, kind_a, a, b, name, args, tys))
print("\n// -----\n".join(out))
