#!/usr/bin/env python3
"""MLA-decode peers measured in the same run as examples/mla-decode (issue
25): for each (batch, context), torch's copy_ of the latent cache's bytes
(batch x ctx x 576 bf16: the bandwidth a kernel that reads the cache once
can reach), and torch SDPA with the cuDNN backend on a dense cache
(q [B, 128, sq, 576], k [B, 1, ctx, 576], v [B, 1, ctx, 512],
enable_gqa=True) where cuDNN takes those head dims.
Prints `PEER <name> b<B> sq<S> ctx<C> time_ms=.. ...`."""
import argparse
import os
import sys

try:
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel
except ImportError:
    print("PEER-SKIP torch (with torch.nn.attention) is not installed here")
    sys.exit(0)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_baselines import median_ms  # noqa: E402  (one timing method)

F = torch.nn.functional


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batches", type=int, nargs="*", default=[1, 16, 64, 128])
    ap.add_argument("--contexts", type=int, nargs="*",
                    default=[1024, 4096, 16384])
    args = ap.parse_args()
    torch.manual_seed(0)
    print(f"PEER-INFO torch {torch.__version__} cudnn "
          f"{torch.backends.cudnn.version()}")
    hq, dk, dv = 128, 576, 512
    for b in args.batches:
        for ctx in args.contexts:
            kv = torch.randn(b, 1, ctx, dk, device="cuda", dtype=torch.bfloat16)
            nbytes = 1.0 * b * ctx * dk * 2
            try:
                k2 = torch.empty_like(kv)
                ms = median_ms(lambda: k2.copy_(kv))
                # copy_ reads and writes: reported as the read bandwidth of
                # both (the time to read the bytes once is about half).
                print(f"PEER copy_ b{b} ctx{ctx} time_ms={ms:.4f} "
                      f"read+write GB/s={2 * nbytes / (ms * 1e6):.1f}",
                      flush=True)
                del k2
            except Exception as ex:  # noqa: BLE001 (out of memory: go on)
                print(f"PEER-SKIP copy_ b{b} ctx{ctx}: "
                      f"{str(ex).splitlines()[0][:200]}")
            for sq in (1, 2):
                q = torch.randn(b, hq, sq, dk, device="cuda",
                                dtype=torch.bfloat16)
                v = kv[..., :dv]
                name = f"b{b} sq{sq} ctx{ctx}"
                try:
                    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                        ms = median_ms(lambda: F.scaled_dot_product_attention(
                            q, kv, v, enable_gqa=True))
                    fl = 2.0 * b * hq * sq * ctx * (dk + dv)
                    print(f"PEER sdpa-cudnn {name} time_ms={ms:.4f} "
                          f"TFLOP/s={fl / (ms * 1e9):.1f}", flush=True)
                except Exception as ex:  # noqa: BLE001 (report and go on)
                    print(f"PEER-SKIP sdpa-cudnn {name}: "
                          f"{str(ex).splitlines()[0][:160]}")
                del q
            del kv
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
