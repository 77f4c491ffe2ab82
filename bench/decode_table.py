#!/usr/bin/env python3
"""The decode-attention table from one run's log (scripts/gpu/bench-decode.sh):
for each benchmark row of examples/decode-attention (batch, context, page
size, cache type) the kernel's KV bandwidth, and its ratio to torch SDPA with
cuDNN on a dense bf16 cache and to copy_'s read+write bandwidth, both
measured in the same run at the same batch and context (mixed lengths: the
peers' nearest uniform context to their mean); then the cp.async
instances' times against the register ones on the same rows, and the fused
QKV epilogue's rows (BENCH qkv_...). Markdown on stdout.

    python3 bench/decode_table.py gpu-results/decode.txt
"""
import re
import sys


def main(path):
    ours, cudnn, copy = {}, {}, {}
    bench = re.compile(r"^BENCH decode_(\w+?)_d(\d+) b(\d+) ctx(\d+)( mixed)? page(\d+) "
                       r"splits (\d+): ([\d.]+) ms, KV ([\d.]+) GB/s")
    peer = re.compile(r"^PEER (sdpa-cudnn|copy_) b(\d+) ctx(\d+) time_ms=([\d.]+) "
                      r"(?:KV|read\+write) GB/s=([\d.]+)")
    qkv = []
    qkvre = re.compile(r"^BENCH qkv_(\w+) M(\d+) N(\d+) K(\d+): plain GEMM "
                       r"([\d.]+) ms, unfused chain ([\d.]+) ms, fused "
                       r"([\d.]+) ms(?:.*separate kernels ([\d.]+) ms)?")
    for line in open(path):
        m = qkvre.match(line)
        if m:
            qkv.append(m.groups())
            continue
        m = bench.match(line)
        if m:
            kv, d, b, ctx, mixed, page, splits, ms, gbs = m.groups()
            # Head dims other than 128 (the peers' shape) get no peers.
            if int(d) != 128:
                kv = f"{kv} d{d}"
            ours[(kv, int(b), int(ctx), bool(mixed), int(page))] = (
                int(splits), float(ms), float(gbs))
            continue
        m = peer.match(line)
        if m:
            name, b, ctx, ms, gbs = m.groups()
            (cudnn if name == "sdpa-cudnn" else copy)[(int(b), int(ctx))] = (
                float(ms), float(gbs))
    print("| cache | batch | context | page | splits | time (us) | KV GB/s "
          "| cuDNN (us) | x cuDNN time | copy_ GB/s | x copy_ |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    def near(peers, b, ctx):
        # Mixed lengths (ctx is their mean): the peer at the nearest context.
        at = [k for k in peers if k[0] == b]
        if not at:
            return None
        return peers[min(at, key=lambda k: abs(k[1] - ctx))]

    for (kv, b, ctx, mixed, page), (splits, ms, gbs) in sorted(ours.items()):
        c = near(cudnn, b, ctx) if mixed else cudnn.get((b, ctx))
        p = near(copy, b, ctx) if mixed else copy.get((b, ctx))
        if " d" in kv:  # another head dim: its own bytes, no cuDNN ratio
            c = None
        ctx = f"{ctx} (mixed, mean)" if mixed else ctx
        print(f"| {kv} | {b} | {ctx} | {page} | {splits} | {ms * 1e3:.1f} | "
              f"{gbs:.0f} | {c[0] * 1e3:.1f} | {c[0] / ms:.2f} | "
              if c else f"| {kv} | {b} | {ctx} | {page} | {splits} | "
              f"{ms * 1e3:.1f} | {gbs:.0f} | - | - | ", end="")
        print(f"{p[1]:.0f} | {gbs / p[1]:.2f} |" if p else "- | - |")
    # The cp.async instances (cache "<kv>cp": decode_<kv>cp_d128) against
    # the register ones on the same rows: > 1 means the cp form is faster.
    pairs = [(key, ours[(key[0] + "cp",) + key[1:]])
             for key in sorted(ours) if (key[0] + "cp",) + key[1:] in ours]
    if pairs:
        print()
        print("| cache | batch | context | page | registers (us) | cp.async "
              "(us) | registers / cp.async |")
        print("|---|---|---|---|---|---|---|")
        for (kv, b, ctx, mixed, page), cp in pairs:
            reg = ours[(kv, b, ctx, mixed, page)]
            ctx = f"{ctx} (mixed, mean)" if mixed else ctx
            print(f"| {kv} | {b} | {ctx} | {page} | {reg[1] * 1e3:.1f} | "
                  f"{cp[1] * 1e3:.1f} | {reg[1] / cp[1]:.2f} |")
    if qkv:
        # The QKV projection with the fused KV append (Gemm::runQkv) against
        # the plain GEMM and the unfused chain (GEMM, then append.mlir).
        print()
        # "one kernel": GEMM then append.mlir; "separate kernels": GEMM then
        # chain.mlir's norm, RoPE and quantize+scatter launches.
        print("| cache | M | N x K | plain GEMM (us) | GEMM + append, one "
              "kernel (us) | GEMM + separate kernels (us) | fused (us) | "
              "fused / plain | one kernel / fused | separate / fused |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for kv, m, n, k, plain, chain, fused, sep in qkv:
            plain, chain, fused = float(plain), float(chain), float(fused)
            sepus = f"{float(sep) * 1e3:.1f}" if sep else "-"
            sepx = f"{float(sep) / fused:.2f}" if sep else "-"
            print(f"| {kv} | {m} | {n} x {k} | {plain * 1e3:.1f} | "
                  f"{chain * 1e3:.1f} | {sepus} | {fused * 1e3:.1f} | "
                  f"{fused / plain:.2f} | {chain / fused:.2f} | {sepx} |")


if __name__ == "__main__":
    main(sys.argv[1])
