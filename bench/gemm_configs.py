#!/usr/bin/env python3
"""Table of the GEMM configurations against their peers in one run (issue 23):
reads the `BENCH <kernel>[/s<splits>] <m>x<n>x<k>: <ms> ms, ...` lines of
gemm-sm90-host, the `PEER ...` lines of bench/gemm_peers.py and the
`PICK <dtype> <m>x<n>x<k> <config> splits <s>` lines (the plan of
include/cute/Kernels/GemmSelect.h), and prints per dtype and shape: each
configuration's fastest measured time (and its splits), the peer's, the
heuristic's plan and its measured speed relative to the peer
(torch.matmul for bf16, torch._scaled_mm with fast accumulation for e4m3:
our e4m3 kernel does not promote partial sums either), and the plan with
atomic split-K reductions allowed (`PICK-ND` lines; splits `<s>a` are
atomic, BENCH names `/s<s>a`). Geomeans at the end; with --sweep also
every measured split count."""
import math
import re
import sys

BENCH = re.compile(r"^BENCH (\S+) (\d+)x(\d+)x(\d+): ([0-9.]+) ms")
PEER = re.compile(r"^PEER (\S+)\s+m=(\d+) n=(\d+) k=(\d+) time_ms=([0-9.]+)")
PICK = re.compile(r"^PICK(-ND)? (\S+) (\d+)x(\d+)x(\d+) (\S+) splits (\d+)( atomic)?")
SPLIT = re.compile(r"s\d+a?")


def split_order(sp):
    return (int(sp.rstrip("a")), sp.endswith("a"))
CONFIGS = (("128x256", ""), ("128x128", "_n128"), ("swap128x64", "_swap"),
           ("2x1-128x256", "_c2"), ("2x1-128x128", "_n128_c2"),
           ("128x192", "_n192"), ("128x128 block-scaled", "_n128_bs"),
           ("swap128x64 block-scaled", "_swap_bs"))


def main(args):
    sweep = "--sweep" in args
    paths = [a for a in args if a != "--sweep"]
    ours, peers, picks, nd_picks, epilogues = {}, {}, {}, {}, {}
    for p in paths:
        for line in open(p):
            m = BENCH.match(line)
            if m:
                name, *rest = m.group(1).split("/")
                sp = [r[1:] for r in rest if SPLIT.fullmatch(r)]
                epi = [r for r in rest if not SPLIT.fullmatch(r)]
                shape = tuple(int(x) for x in m.group(2, 3, 4))
                key = (name, shape, sp[0] if sp else "1")
                if epi:  # fused epilogues: their own table
                    ekey = key + (epi[0],)
                    epilogues[ekey] = min(float(m.group(5)),
                                          epilogues.get(ekey, 1e30))
                    continue
                ours[key] = min(float(m.group(5)), ours.get(key, 1e30))
            m = PICK.match(line)
            if m:
                shape = tuple(int(x) for x in m.group(3, 4, 5))
                plan = (m.group(6), m.group(7) + ("a" if m.group(8) else ""))
                (nd_picks if m.group(1) else picks)[(m.group(2), shape)] = plan
            m = PEER.match(line)
            if m:
                shape = tuple(int(x) for x in m.group(2, 3, 4))
                peers[(m.group(1), shape)] = float(m.group(5))
    shapes = sorted({s for (_, s, _) in ours}, key=lambda s: (s[0] * s[1] * s[2], s))
    fmt = lambda x: f"{x * 1000:.1f}" if x else "-"
    for dtype, peer in (("bf16", "torch.matmul[bf16,A@B^T]"),
                        ("e4m3", "torch._scaled_mm[e4m3,fast_accum=1]")):
        print(f"\n### {dtype} (peer: {peer}; times in us)\n")
        print("| M x N x K | "
              + " | ".join(f"{c} best (splits)" for c, _ in CONFIGS)
              + " | peer | plan | plan us "
              "| plan / peer speed | plan, atomic allowed | its us "
              "| its speed |")
        print("|---|" + "---|" * (len(CONFIGS) + 7))
        ratios, nd_ratios = [], []
        for s in shapes:
            cells, times = [], {}
            for cname, suffix in CONFIGS:
                runs = {sp: t for (n, sh, sp), t in ours.items()
                        if n == f"gemm_{dtype}{suffix}" and sh == s}
                times[cname] = runs
                if runs:
                    sp = min(runs, key=lambda k: (runs[k], split_order(k)))
                    cells.append(f"{fmt(runs[sp])} ({sp})")
                else:
                    cells.append("-")
            if all(c == "-" for c in cells):
                continue
            q = peers.get((peer, s))
            which, sp = picks.get((dtype, s), ("128x256", "1"))
            t = times.get(which, {}).get(sp)
            r = q / t if q and t else None
            if r:
                ratios.append(r)
            nwhich, nsp = nd_picks.get((dtype, s), (which, sp))
            nt = times.get(nwhich, {}).get(nsp)
            nr = q / nt if q and nt else None
            if nr:
                nd_ratios.append(nr)
            print(f"| {s[0]} x {s[1]} x {s[2]} | {' | '.join(cells)} "
                  f"| {fmt(q)} | {which} s{sp} | {fmt(t)} "
                  f"| {f'{r:.2f}x' if r else '-'} | {nwhich} s{nsp} "
                  f"| {fmt(nt)} | {f'{nr:.2f}x' if nr else '-'} |")
        for what, rs in (("plan", ratios), ("plan, atomic allowed", nd_ratios)):
            if rs:
                g = math.exp(sum(math.log(r) for r in rs) / len(rs))
                print(f"\n{what}: geomean {g:.3f}x over {len(rs)} shapes; "
                      f"min {min(rs):.2f}x")
        if sweep:
            counts = sorted({sp for (_, _, sp) in ours}, key=split_order)  # 0: stream-K
            print(f"\n#### {dtype}: every split count (us)\n")
            print("| M x N x K | config | " + " | ".join(f"s{c}" for c in counts) + " |")
            print("|---|---|" + "---|" * len(counts))
            for s in shapes:
                for cname, suffix in CONFIGS:
                    row = [ours.get((f"gemm_{dtype}{suffix}", s, c)) for c in counts]
                    if sum(1 for x in row if x) > 1:
                        print(f"| {s[0]} x {s[1]} x {s[2]} | {cname} | "
                              + " | ".join(fmt(x) for x in row) + " |")
    epilogue_table(ours, epilogues, peers)


def epilogue_table(ours, epilogues, peers):
    """Each fused epilogue's time against the same kernel without one, and
    torch's bias + GELU (cuBLASLt's epilogue and the unfused chain)."""
    if not epilogues:
        return
    fmt = lambda x: f"{x * 1000:.1f}" if x else "-"
    print("\n### fused epilogues (times in us)\n")
    print("| kernel | M x N x K | splits | epilogue | plain | fused | "
          "fused / plain | torch addmm+gelu (cuBLASLt) | torch unfused |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (name, s, sp, epi), t in sorted(epilogues.items(),
                                        key=lambda kv: (kv[0][1], kv[0])):
        plain = ours.get((name, s, sp))
        lt = peers.get(("addmm_activation[bias,gelu]", s))
        un = peers.get(("unfused[matmul,+bias,gelu]", s))
        print(f"| {name} | {s[0]} x {s[1]} x {s[2]} | {sp} | {epi} "
              f"| {fmt(plain)} | {fmt(t)} "
              f"| {f'{t / plain:.3f}' if plain else '-'} | {fmt(lt)} "
              f"| {fmt(un)} |")


if __name__ == "__main__":
    main(sys.argv[1:])
