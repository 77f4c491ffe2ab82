#!/usr/bin/env python3
"""GEMM peers measured in the same run as our GEMM kernels: torch.matmul
(cuBLAS) for bf16 C = A @ B^T, and torch._scaled_mm (cuBLASLt FP8) for e4m3
with per-tensor scales, with and without fast accumulation (without: partial
sums promoted to f32, as our e4m3 kernel does not). Prints `PEER <name>
m=.. n=.. k=.. time_ms=.. TFLOP/s=..` lines (torch_baselines.median_ms:
median of 30 launches after 5 warm-ups)."""
import argparse
import os
import sys

try:
    import torch
except ImportError:
    print("PEER-SKIP torch is not installed on this machine")
    sys.exit(0)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_baselines import median_ms  # noqa: E402  (one timing method)


def report(name, m, n, k, ms):
    print(f"PEER {name:<28} m={m} n={n} k={k} time_ms={ms:.4f} "
          f"TFLOP/s={2.0 * m * n * k / (ms * 1e9):.1f}", flush=True)


def shape(text):
    m, n, k = (int(x) for x in text.split("x"))
    return m, n, k


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="*", default=[4096, 8192])
    ap.add_argument("--shapes", type=shape, nargs="*", default=[],
                    help="MxNxK problems (C = A B^T, A M x K, B N x K)")
    ap.add_argument("--swiglu", action="store_true",
                    help="also silu(gate) * up after the matmul (N = gate "
                    "and up columns), as torch runs a SwiGLU FFN's first "
                    "projection unfused")
    ap.add_argument("--epilogues", action="store_true",
                    help="also bias + GELU(tanh) through cuBLASLt's epilogue "
                    "(torch._addmm_activation) and as separate kernels, and "
                    "C + A B^T (torch.addmm with beta = 1)")
    args = ap.parse_args()
    torch.manual_seed(0)
    problems = [(s, s, s) for s in args.sizes] + list(args.shapes)
    for m, n, k in problems:
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(n, k, device="cuda", dtype=torch.bfloat16)
        report("torch.matmul[bf16,A@B^T]", m, n, k,
               median_ms(lambda: torch.matmul(a, b.t())))
        if args.swiglu:
            silu = torch.nn.functional.silu

            def swiglu():
                h = torch.matmul(a, b.t())
                g, u = h.chunk(2, dim=-1)
                return silu(g) * u
            report("unfused[matmul,silu*mul]", m, n, k, median_ms(swiglu))
        if args.epilogues:
            bias = torch.randn(n, device="cuda", dtype=torch.bfloat16)
            c = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
            gelu = torch.nn.functional.gelu
            report("addmm_activation[bias,gelu]", m, n, k, median_ms(
                lambda: torch._addmm_activation(bias, a, b.t(), use_gelu=True)))
            report("unfused[matmul,+bias,gelu]", m, n, k, median_ms(
                lambda: gelu(torch.matmul(a, b.t()) + bias, approximate="tanh")))
            report("addmm[C+AB^T]", m, n, k,
                   median_ms(lambda: torch.addmm(c, a, b.t())))
        if hasattr(torch, "_scaled_mm") and m % 16 == 0 and n % 16 == 0 \
                and k % 16 == 0:
            a8 = a.to(torch.float8_e4m3fn)
            b8 = b.to(torch.float8_e4m3fn)
            one = torch.tensor(1.0, device="cuda")
            for fast in (False, True):
                try:
                    report(f"torch._scaled_mm[e4m3,fast_accum={int(fast)}]",
                           m, n, k,
                           median_ms(lambda: torch._scaled_mm(
                               a8, b8.t(), scale_a=one, scale_b=one,
                               out_dtype=torch.bfloat16,
                               use_fast_accum=fast)))
                except (RuntimeError, TypeError) as e:  # older signatures
                    print(f"PEER-SKIP _scaled_mm fast_accum={fast}: {e}")


if __name__ == "__main__":
    main()
