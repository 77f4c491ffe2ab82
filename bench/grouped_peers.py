#!/usr/bin/env python3
"""Grouped GEMM (MoE) peers measured in the same run as gemm_<T>_grouped:
torch._grouped_mm (bf16; A [M, K] with the groups' rows one after the
other, B [E, K, N] as the transpose of our [E, N, K] weights, int32 end
offsets) and a loop of torch.matmul over the groups (cuBLAS per expert),
and for e4m3 torch._scaled_grouped_mm when this torch has it. Group sizes
come from the driver's `GROUPS <spec> sizes=a/b/..` line (the same
problem). Prints `PEER <name> m=.. n=.. k=.. time_ms=.. TFLOP/s=..` with
m the total rows (median of 30 launches after 5 warm-ups)."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# One report format and timing method for every peer script (gemm_peers
# exits quietly where torch is missing).
from gemm_peers import median_ms, report, torch  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--problem", nargs=3, action="append", default=[],
                    metavar=("SIZES", "N", "K"),
                    help="group sizes a/b/.., N and K")
    args = ap.parse_args()
    torch.manual_seed(0)
    print(f"PEER-INFO torch {torch.__version__} "
          f"grouped_mm={hasattr(torch, '_grouped_mm')} "
          f"scaled_grouped_mm={hasattr(torch, '_scaled_grouped_mm')}")
    for sizes_text, n, k in args.problem:
        sizes = [int(x) for x in sizes_text.split("/")]
        n, k = int(n), int(k)
        e, m = len(sizes), sum(sizes)
        offs = torch.cumsum(torch.tensor(sizes, device="cuda"), 0).to(torch.int32)
        a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
        w = torch.randn(e, n, k, device="cuda", dtype=torch.bfloat16)
        if hasattr(torch, "_grouped_mm"):
            try:
                report("torch._grouped_mm[bf16]", m, n, k, median_ms(
                    lambda: torch._grouped_mm(a, w.transpose(-2, -1), offs=offs)))
            except Exception as ex:  # noqa: BLE001 (report and go on)
                print(f"PEER-SKIP torch._grouped_mm: {ex}")
        starts = [0]
        for s in sizes:
            starts.append(starts[-1] + s)
        views = [(a[starts[g]:starts[g + 1]], w[g]) for g in range(e)
                 if sizes[g]]
        out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        outs = [out[starts[g]:starts[g + 1]] for g in range(e) if sizes[g]]

        def loop():
            for (x, y), o in zip(views, outs):
                torch.matmul(x, y.t(), out=o)
        report("loop[torch.matmul,bf16]", m, n, k, median_ms(loop))
        if hasattr(torch, "_scaled_grouped_mm"):
            try:
                a8 = a.to(torch.float8_e4m3fn)
                w8 = w.to(torch.float8_e4m3fn)
                sa = torch.ones(m, device="cuda", dtype=torch.float32)
                sb = torch.ones(e, n, device="cuda", dtype=torch.float32)
                report("torch._scaled_grouped_mm[e4m3]", m, n, k, median_ms(
                    lambda: torch._scaled_grouped_mm(
                        a8, w8.transpose(-2, -1), sa, sb, offs=offs,
                        out_dtype=torch.bfloat16)))
            except Exception as ex:  # noqa: BLE001
                print(f"PEER-SKIP torch._scaled_grouped_mm: {ex}")


if __name__ == "__main__":
    main()
