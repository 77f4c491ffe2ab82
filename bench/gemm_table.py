#!/usr/bin/env python3
"""Turns the BENCH lines of the GEMM examples and the PEER lines of
bench/gemm_peers.py (all from one GPU session) into a markdown table with
the ratio of each kernel to its peer at the same shape:
gemm_bf16 -> torch.matmul[bf16]; gemm_e4m3 -> torch._scaled_mm with and
without fast accumulation. Usage: gemm_table.py LOG [LOG...]"""
import re
import sys

BENCH = re.compile(r"^BENCH (\S+) (\d+)x(\d+)x(\d+): ([\d.]+) ms, ([\d.]+) TFLOP/s")
PEER = re.compile(r"^PEER (\S+)\s+m=(\d+) n=(\d+) k=(\d+) time_ms=([\d.]+) "
                  r"TFLOP/s=([\d.]+)")
PEERS = {
    "gemm_bf16": ["torch.matmul[bf16,A@B^T]"],
    "gemm_e4m3": ["torch._scaled_mm[e4m3,fast_accum=0]",
                  "torch._scaled_mm[e4m3,fast_accum=1]"],
}


def main(paths):
    ours, peers = [], {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if m := BENCH.match(line):
                    ours.append((m[1], int(m[2]), int(m[3]), int(m[4]),
                                 float(m[5]), float(m[6])))
                elif m := PEER.match(line):
                    peers[(m[1], int(m[2]), int(m[3]), int(m[4]))] = (
                        float(m[5]), float(m[6]))
    print("| kernel | M x N x K | ms | TFLOP/s | peer | peer TFLOP/s | ratio |")
    print("|---|---|---|---|---|---|---|")
    for name, m, n, k, ms, tf in ours:
        shape = f"{m}x{n}x{k}"
        rows = [(p, peers[(p, m, n, k)]) for p in PEERS.get(name, [])
                if (p, m, n, k) in peers]
        if not rows:
            print(f"| {name} | {shape} | {ms:.3f} | {tf:.1f} | - | - | - |")
        for p, (pms, ptf) in rows:
            print(f"| {name} | {shape} | {ms:.3f} | {tf:.1f} | {p} | "
                  f"{ptf:.1f} | {pms / ms:.2f}x |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
