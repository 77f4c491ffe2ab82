#!/usr/bin/env python3
"""Writes test/unittests/Emu/ApproxH200.inc from approx_probe's outputs:
approx_table.txt (f32 functions), ex2_half.u16 (f16/bf16 ex2, all inputs)
and rcp64_table.txt (rcp.approx.ftz.f64).
Usage: make_approx_inc.py RUN1_APPROX_DIR RUN2_APPROX_DIR > ApproxH200.inc"""
import array
import random
import sys

run1, run2 = sys.argv[1], sys.argv[2]
out = []
out.append("// Measured on an NVIDIA H200 (sm_90a, driver 580.159.04, ptxas 13.0),")
out.append("// 2026-12-02, by test/gpu/emu-probes/approx_probe.cu; written by")
out.append("// make_approx_inc.py. f32 rows {fn, x, gpu(x)}: fn 0..14 = ex2, ex2.ftz,")
out.append("// rcp, rcp.ftz, rsqrt, rsqrt.ftz, sqrt, sqrt.ftz, lg2, lg2.ftz, sin,")
out.append("// sin.ftz, cos, cos.ftz, tanh (.approx.f32). Inputs: special values,")
out.append("// per sign/exponent class mantissa 0 and a random one (all 512 classes),")
out.append("// integers -160..130 and their neighbours (ex2 only), random bits.")
out.append("#ifdef APPROX_F32_ROWS")
# The table lists per function: 40 special values, 3 x 512 class samples
# (mantissa 0, 0x7fffff, random), 871 integers -160..130 with neighbours,
# 512 random bit patterns. Kept: all for ex2; for the others the specials,
# the class samples with mantissa 0 and random, and 128 random patterns.
perfn = {}
for line in open(run1 + "/approx_table.txt"):
    fn, x, y = line.split()
    perfn.setdefault(int(fn), []).append((int(fn), int(x, 16), int(y, 16)))
kept = []
for fn in sorted(perfn):
    seen = set()
    for i, r in enumerate(perfn[fn]):
        if fn > 1:
            if 40 <= i < 40 + 1536 and (i - 40) % 3 == 1:
                continue
            if 40 + 1536 <= i < 40 + 1536 + 871:
                continue
            if i >= 40 + 1536 + 871 + 128:
                continue
        if r[1] in seen:
            continue
        seen.add(r[1])
        kept.append(r)
for i in range(0, len(kept), 4):
    out.append(" ".join("{%d, 0x%08xu, 0x%08xu}," % r for r in kept[i:i + 4]))
out.append("#endif")

half = array.array("H")
half.frombytes(open(run2 + "/ex2_half.u16", "rb").read())
out.append("// f16/bf16 rows {kind, x, gpu(x)}: kind 0 ex2.approx.f16, 1 ex2.approx.ftz.bf16")
out.append("// (the GPU's outputs for all 2^16 inputs matched the model; these are every")
out.append("// 32nd input plus the neighbourhoods of 0, 1, -2^-23 and of the subnormals).")
out.append("#ifdef APPROX_HALF_ROWS")
sel = sorted(set(list(range(0, 65536, 32)) + list(range(0, 64)) +
                 list(range(0x8000, 0x8040)) + list(range(0x3bf0, 0x3c10)) +
                 list(range(0xa4b0, 0xa4c8)) + list(range(0x7c00, 0x7c04)) +
                 list(range(0xfc00, 0xfc04)) + list(range(0x7f80, 0x7f84)) +
                 list(range(0xff80, 0xff84))))
hr = []
for kind, base in ((0, 0), (1, 3)):
    for x in sel:
        hr.append((kind, x, half[base * 65536 + x]))
for i in range(0, len(hr), 6):
    out.append(" ".join("{%d, 0x%04x, 0x%04x}," % r for r in hr[i:i + 6]))
out.append("#endif")

out.append("// rcp.approx.ftz.f64 rows {x, gpu(x)}: specials, every third exponent with")
out.append("// random bits, random inputs in [1, 2).")
out.append("#ifdef APPROX_F64_ROWS")
r64 = [tuple(int(v, 16) for v in l.split()) for l in open(run2 + "/rcp64_table.txt")]
for i in range(0, len(r64), 3):
    out.append(" ".join("{0x%016xull, 0x%016xull}," % r for r in r64[i:i + 3]))
out.append("#endif")
print("\n".join(out))
