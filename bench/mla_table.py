#!/usr/bin/env python3
"""The MLA-decode table of one run (scripts/gpu/bench-mla.sh's log): each
BENCH row of examples/mla-decode with its TFLOP/s, the cache bytes it read
per second, and the ratio to torch copy_'s read+write rate of the same bytes
(PEER lines of bench/mla_peers.py, same run), and cuDNN SDPA where it ran."""
import re
import sys

bench = re.compile(r"^BENCH (\S+) b(\d+) sq(\d+) hq(\d+) ctx(\d+)( mixed)? "
                   r"splits (\d+): ([\d.]+) ms, ([\d.]+) TFLOP/s, KV ([\d.]+) GB/s")
copy = re.compile(r"^PEER copy_ b(\d+) ctx(\d+) time_ms=([\d.]+) "
                  r"read\+write GB/s=([\d.]+)")
cudnn = re.compile(r"^PEER sdpa-cudnn b(\d+) sq(\d+) ctx(\d+) time_ms=([\d.]+)")


def main():
    rows, copies, cud = [], {}, {}
    for line in open(sys.argv[1]):
        if m := bench.match(line):
            rows.append(m.groups())
        elif m := copy.match(line):
            copies[(m[1], m[2])] = float(m[4])
        elif m := cudnn.match(line):
            cud[(m[1], m[2], m[3])] = float(m[4])
    print("| cache | batch | sq | ctx | splits | us | TFLOP/s | KV GB/s | "
          "vs copy_ | cuDNN us |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (name, b, sq, _, ctx, mixed, sp, ms, tf, gb) in rows:
        kv = name.split("_")[-1]
        c = copies.get((b, ctx)) if not mixed else None
        ratio = f"{float(gb) / c:.2f}" if c else "-"
        cu = cud.get((b, sq, ctx)) if not mixed else None
        print(f"| {kv} | {b} | {sq} | {ctx}{' mixed' if mixed else ''} | {sp} | "
              f"{float(ms) * 1000:.1f} | {tf} | {gb} | {ratio} | "
              f"{cu * 1000:.1f} |" if cu else
              f"| {kv} | {b} | {sq} | {ctx}{' mixed' if mixed else ''} | {sp} | "
              f"{float(ms) * 1000:.1f} | {tf} | {gb} | {ratio} | - |")


if __name__ == "__main__":
    main()
