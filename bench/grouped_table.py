#!/usr/bin/env python3
"""Table of the grouped GEMM (gemm_<T>_grouped) against its peers in one
run: reads the driver's `BENCH gemm_<T>_grouped <m>x<n>x<k>: <ms> ms` lines
(m: the groups' rows in all) and bench/grouped_peers.py's `PEER` lines on
the same group sizes; prints per problem the times (us), TFLOP/s and the
speed relative to torch._grouped_mm (bf16) or torch._scaled_grouped_mm
(e4m3, when this torch has it), and to the loop of torch.matmul."""
import re
import sys

BENCH = re.compile(r"^BENCH (gemm_(\w+?)_grouped) (\d+)x(\d+)x(\d+): ([0-9.]+) ms")
PEER = re.compile(r"^PEER (\S+)\s+m=(\d+) n=(\d+) k=(\d+) time_ms=([0-9.]+)")


def main(paths):
    ours, peers = {}, {}
    for p in paths:
        for line in open(p):
            m = BENCH.match(line)
            if m:
                key = (m.group(2),) + tuple(int(x) for x in m.group(3, 4, 5))
                ours[key] = min(float(m.group(6)), ours.get(key, 1e30))
            m = PEER.match(line)
            if m:
                shape = tuple(int(x) for x in m.group(2, 3, 4))
                peers[(m.group(1), shape)] = float(m.group(5))
    print("| type | rows (128 experts, top-8) x N x K | ours us | TFLOP/s "
          "| grouped peer us | ours / peer speed | loop of matmul us "
          "| ours / loop speed |")
    print("|---|---|---|---|---|---|---|---|")
    for (t, m, n, k), ms in sorted(ours.items(), key=lambda kv: (kv[0][0], kv[0][3], kv[0][1])):
        tf = 2.0 * m * n * k / (ms * 1e9)
        peer = peers.get(("torch._grouped_mm[bf16]" if t == "bf16"
                          else "torch._scaled_grouped_mm[e4m3]", (m, n, k)))
        loop = peers.get(("loop[torch.matmul,bf16]", (m, n, k)))
        f = lambda x: f"{x * 1000:.1f}" if x else "-"
        r = lambda x: f"{x / ms:.2f}x" if x else "-"
        print(f"| {t} | {m} x {n} x {k} | {f(ms)} | {tf:.0f} | {f(peer)} "
              f"| {r(peer)} | {f(loop)} | {r(loop)} |")


if __name__ == "__main__":
    main(sys.argv[1:])
