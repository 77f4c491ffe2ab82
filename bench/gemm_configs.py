#!/usr/bin/env python3
"""Table of the GEMM configurations against their peers in one run (issue 23):
reads the `BENCH <kernel> <m>x<n>x<k>: <ms> ms, ...` lines of gemm-sm90-host
and the `PEER ...` lines of bench/gemm_peers.py, and prints, per shape and
dtype, each configuration's time, the peer's, the configuration the
heuristic picks (PICK lines, include/cute/Kernels/GemmSelect.h) and its
speed relative to the peer
(torch.matmul for bf16, torch._scaled_mm with fast accumulation for e4m3:
our e4m3 kernel does not promote partial sums either). Geomeans at the
end."""
import math
import re
import sys

BENCH = re.compile(r"^BENCH (\S+) (\d+)x(\d+)x(\d+): ([0-9.]+) ms")
PEER = re.compile(r"^PEER (\S+)\s+m=(\d+) n=(\d+) k=(\d+) time_ms=([0-9.]+)")
PICK = re.compile(r"^PICK (\d+)x(\d+)x(\d+) (\S+)")


def main(paths):
    ours, peers, picks = {}, {}, {}
    for p in paths:
        for line in open(p):
            m = BENCH.match(line)
            if m:
                name, shape = m.group(1), tuple(int(x) for x in m.group(2, 3, 4))
                ours[(name, shape)] = float(m.group(5))
            m = PICK.match(line)
            if m:
                picks[tuple(int(x) for x in m.group(1, 2, 3))] = m.group(4)
            m = PEER.match(line)
            if m:
                shape = tuple(int(x) for x in m.group(2, 3, 4))
                peers[(m.group(1), shape)] = float(m.group(5))
    shapes = sorted({s for (_, s) in ours}, key=lambda s: (s[0] * s[1] * s[2], s))
    for dtype, peer in (("bf16", "torch.matmul[bf16,A@B^T]"),
                        ("e4m3", "torch._scaled_mm[e4m3,fast_accum=1]")):
        print(f"\n### {dtype} (peer: {peer})\n")
        print("| M x N x K | 128x256 ms | 128x128 ms | peer ms | heuristic picks "
              "| picked / peer speed |")
        print("|---|---|---|---|---|---|")
        ratios = []
        for s in shapes:
            a = ours.get((f"gemm_{dtype}", s))
            b = ours.get((f"gemm_{dtype}_n128", s))
            q = peers.get((peer, s))
            if a is None and b is None:
                continue
            which = picks.get(s, "128x256")
            t = b if which == "128x128" else a
            r = q / t if q and t else None
            if r:
                ratios.append(r)
            fmt = lambda x: f"{x:.4f}" if x else "-"
            print(f"| {s[0]} x {s[1]} x {s[2]} | {fmt(a)} | {fmt(b)} | {fmt(q)} "
                  f"| {which} | {f'{r:.2f}x' if r else '-'} |")
        if ratios:
            g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
            print(f"\ngeomean {g:.3f}x over {len(ratios)} shapes; "
                  f"min {min(ratios):.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
