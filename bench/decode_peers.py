#!/usr/bin/env python3
"""Decode-attention peers measured in the same run as
examples/decode-attention (issue 25): for each (batch, context), bf16 with
32 q / 8 kv heads and d 128 (Qwen3-8B), one new token per sequence:
  - torch SDPA with the cuDNN backend on a dense cache (q [B, 32, 1, 128],
    k/v [B, 8, ctx, 128], enable_gqa=True);
  - torch's copy_ of the same K and V bytes (the bandwidth a kernel that
    reads the cache once can reach).
Prints `PEER <name> b<B> ctx<C> time_ms=.. KV GB/s=..` with the KV bytes
(2 x B x ctx x 8 x 128 x 2) over the time (torch_baselines.median_ms)."""
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
    ap.add_argument("--batches", type=int, nargs="*", default=[1, 16, 64, 256])
    ap.add_argument("--contexts", type=int, nargs="*",
                    default=[1024, 4096, 16384, 32768])
    args = ap.parse_args()
    torch.manual_seed(0)
    print(f"PEER-INFO torch {torch.__version__} cudnn "
          f"{torch.backends.cudnn.version()}")
    hq, hkv, d = 32, 8, 128
    for b in args.batches:
        for ctx in args.contexts:
            q = torch.randn(b, hq, 1, d, device="cuda", dtype=torch.bfloat16)
            k = torch.randn(b, hkv, ctx, d, device="cuda", dtype=torch.bfloat16)
            v = torch.randn(b, hkv, ctx, d, device="cuda", dtype=torch.bfloat16)
            nbytes = 2.0 * b * hkv * ctx * d * 2
            name = f"b{b} ctx{ctx}"
            try:
                with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                    ms = median_ms(lambda: F.scaled_dot_product_attention(
                        q, k, v, enable_gqa=True))
                print(f"PEER sdpa-cudnn {name} time_ms={ms:.4f} "
                      f"KV GB/s={nbytes / (ms * 1e6):.1f}", flush=True)
            except Exception as ex:  # noqa: BLE001 (report and go on)
                print(f"PEER-SKIP sdpa-cudnn {name}: "
                      f"{str(ex).splitlines()[0][:200]}")
            try:
                k2 = torch.empty_like(k)
                v2 = torch.empty_like(v)

                def copy():
                    k2.copy_(k)
                    v2.copy_(v)
                ms = median_ms(copy)
                # copy_ reads and writes: the time to read the bytes once
                # is about half, reported as the read bandwidth of both.
                print(f"PEER copy_ {name} time_ms={ms:.4f} "
                      f"read+write GB/s={2 * nbytes / (ms * 1e6):.1f}",
                      flush=True)
                del k2, v2
            except Exception as ex:  # noqa: BLE001 (out of memory: go on)
                print(f"PEER-SKIP copy_ {name}: "
                      f"{str(ex).splitlines()[0][:200]}")
            del q, k, v
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
