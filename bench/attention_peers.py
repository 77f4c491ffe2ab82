#!/usr/bin/env python3
"""Attention forward peers measured in the same run as examples/fmha-prefill:
torch.nn.functional.scaled_dot_product_attention with the cuDNN backend and
with the flash backend (bf16, [B, H, S, D] tensors, causal and not; GQA via
enable_gqa where this torch has it, else K/V repeated over the group, which
the flash/cuDNN kernels then read as MHA). Prints `PEER <name> <shape>
causal=.. time_ms=.. TFLOP/s=..` (4 B Hq Sq Sk D flops, half causal;
torch_baselines.median_ms: median of 30 launches after 5 warm-ups). A
backend that refuses a shape prints PEER-SKIP with its reason."""
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


def shape(text):
    # BxHQxHKVxSxD
    b, hq, hkv, s, d = (int(x) for x in text.split("x"))
    return b, hq, hkv, s, d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shapes", type=shape, nargs="*", default=[
        (4, 32, 32, 4096, 64), (4, 32, 32, 4096, 128), (4, 32, 32, 4096, 256),
        (1, 64, 8, 16384, 128)])
    args = ap.parse_args()
    torch.manual_seed(0)
    print(f"PEER-INFO torch {torch.__version__} cudnn "
          f"{torch.backends.cudnn.version()}")
    for b, hq, hkv, s, d in args.shapes:
        q = torch.randn(b, hq, s, d, device="cuda", dtype=torch.bfloat16)
        k = torch.randn(b, hkv, s, d, device="cuda", dtype=torch.bfloat16)
        v = torch.randn(b, hkv, s, d, device="cuda", dtype=torch.bfloat16)
        name = f"{b}x{hq}x{hkv}x{s}x{d}"
        for causal in (False, True):
            flops = 4.0 * b * hq * s * s * d * (0.5 if causal else 1.0)
            for backend, label in ((SDPBackend.CUDNN_ATTENTION, "sdpa-cudnn"),
                                   (SDPBackend.FLASH_ATTENTION, "sdpa-flash")):
                kk, vv, extra = k, v, {}
                if hkv != hq:
                    try:
                        with sdpa_kernel(backend):
                            F.scaled_dot_product_attention(
                                q[:, :, :128], k[:, :, :128], v[:, :, :128],
                                is_causal=causal, enable_gqa=True)
                        extra = {"enable_gqa": True}
                    except Exception:  # noqa: BLE001 (fall back to repeat)
                        kk = k.repeat_interleave(hq // hkv, dim=1)
                        vv = v.repeat_interleave(hq // hkv, dim=1)
                try:
                    with sdpa_kernel(backend):
                        ms = median_ms(lambda: F.scaled_dot_product_attention(
                            q, kk, vv, is_causal=causal, **extra))
                    print(f"PEER {label:<11} {name} causal={int(causal)} "
                          f"time_ms={ms:.4f} TFLOP/s={flops / (ms * 1e9):.1f}"
                          f"{' (gqa)' if extra else (' (kv repeated)' if hkv != hq else '')}",
                          flush=True)
                except Exception as ex:  # noqa: BLE001 (report and go on)
                    print(f"PEER-SKIP {label} {name} causal={int(causal)}: "
                          f"{str(ex).splitlines()[0][:200]}")
        # FP8 (e4m3) through SDPA, where this torch accepts it (the issue
        # asks for cuDNN FP8 if torch exposes it): one try per shape, a
        # refusal is printed.
        if hasattr(torch, "float8_e4m3fn"):
            q8, k8, v8 = (t.to(torch.float8_e4m3fn) for t in (q, k, v))
            for causal in (False, True):
                flops = 4.0 * b * hq * s * s * d * (0.5 if causal else 1.0)
                try:
                    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                        ms = median_ms(lambda: F.scaled_dot_product_attention(
                            q8, k8, v8, is_causal=causal,
                            enable_gqa=hkv != hq))
                    print(f"PEER {'sdpa-fp8':<11} {name} causal={int(causal)} "
                          f"time_ms={ms:.4f} TFLOP/s={flops / (ms * 1e9):.1f}",
                          flush=True)
                except Exception as ex:  # noqa: BLE001 (report and go on)
                    print(f"PEER-SKIP sdpa-fp8 {name} causal={int(causal)}: "
                          f"{str(ex).splitlines()[0][:200]}")
            del q8, k8, v8
        del q, k, v
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
