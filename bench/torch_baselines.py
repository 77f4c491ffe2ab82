#!/usr/bin/env python3
"""Peers measured in the same run as our kernels: torch's copy_ of the same
number of bytes (the memory-bandwidth roof) and torch eager for each op.
Prints lines `PEER <name> n=<n> bytes=<b> time_ms=<t> GB/s=<g>`."""
import argparse
import sys

try:
    import torch
except ImportError:
    print("PEER-SKIP torch is not installed on this machine")
    sys.exit(0)


def median_ms(fn, reps=30, warmup=5):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    times.sort()
    return times[len(times) // 2]


def report(name, n, nbytes, ms):
    print(f"PEER {name:<24} n={n:<10} bytes={nbytes:.3g} time_ms={ms:.4f} "
          f"GB/s={nbytes / (ms * 1e6):.1f}", flush=True)


def copy_same_bytes(name, nbytes):
    # copy_ reads and writes: a tensor of nbytes/2 moves nbytes.
    n = int(nbytes // 2 // 4)
    src = torch.randn(n, device="cuda", dtype=torch.float32)
    dst = torch.empty_like(src)
    report(f"copy_[{name}]", n, 2 * n * 4, median_ms(lambda: dst.copy_(src)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rmsnorm-rows", type=int, default=16384)
    ap.add_argument("--rmsnorm-cols", type=int, default=8192)
    args = ap.parse_args()
    torch.manual_seed(0)
    dtypes = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
    for name, dt in dtypes.items():
        n = 1 << (27 if dt == torch.float32 else 28)
        a = torch.randn(n, device="cuda", dtype=dt)
        b = torch.randn(n, device="cuda", dtype=dt)
        c = torch.empty_like(a)
        nbytes = 3 * n * a.element_size()
        report(f"torch.add[{name}]", n, nbytes,
               median_ms(lambda: torch.add(a, b, out=c)))
        copy_same_bytes(f"add_{name}", nbytes)
    n = 1 << 28
    g = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    u = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    nbytes = 3 * n * 2
    silu = torch.nn.functional.silu
    report("torch.swiglu[bf16]", n, nbytes, median_ms(lambda: silu(g) * u))
    copy_same_bytes("swiglu_bf16", nbytes)
    cdim = args.rmsnorm_cols
    for r in (args.rmsnorm_rows, 2 * args.rmsnorm_rows):
        x = torch.randn(r, cdim, device="cuda", dtype=torch.bfloat16)
        w = torch.randn(cdim, device="cuda", dtype=torch.bfloat16)
        nbytes = 2 * r * cdim * 2 + cdim * 2
        if hasattr(torch.nn.functional, "rms_norm"):
            fn = lambda: torch.nn.functional.rms_norm(x, (cdim,), w, 1e-6)
        else:
            fn = lambda: (x.float() * torch.rsqrt(
                x.float().pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype) * w
        report(f"torch.rms_norm[bf16,{r}x{cdim}]", r * cdim, nbytes, median_ms(fn))
        copy_same_bytes(f"rmsnorm_{r}x{cdim}", nbytes)
        del x, w
    for r, cdim in ((32768, 8192),):
        x = torch.randn(r, cdim, device="cuda", dtype=torch.bfloat16)
        nbytes = 2 * r * cdim * 2
        report(f"torch.softmax[bf16,{r}x{cdim}]", r * cdim, nbytes,
               median_ms(lambda: torch.softmax(x, dim=-1)))
        copy_same_bytes(f"softmax_{r}x{cdim}", nbytes)
        del x
    # TMA-pipelined copy/transpose of f32 matrices: copy_ of the same tensor
    # (the bandwidth roof) and torch's transpose materialized.
    for s in (8192, 16384):
        x = torch.randn(s, s, device="cuda", dtype=torch.float32)
        y = torch.empty_like(x)
        nbytes = 2 * s * s * 4
        report(f"copy_[f32,{s}x{s}]", s * s, nbytes,
               median_ms(lambda: y.copy_(x)))
        report(f"transpose.contiguous[f32,{s}x{s}]", s * s, nbytes,
               median_ms(lambda: y.copy_(x.t())))
        del x, y


if __name__ == "__main__":
    main()
