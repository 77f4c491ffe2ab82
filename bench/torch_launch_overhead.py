"""torch's host time per op launch, the peer of jit-host launch-overhead.

Times batches of 200 `torch.add(a, b, out=c)` on 512 float32 values (one
small kernel each, like add_f32 with grid 1): host time of the batch's
calls, synchronized between batches, median over 150 batches after 10
warm-up batches. Prints one PEER line.
"""
import statistics
import time

import torch


def main():
    n, batch, rounds = 512, 200, 150
    a = torch.rand(n, device="cuda")
    b = torch.rand(n, device="cuda")
    c = torch.empty(n, device="cuda")
    per = []
    for r in range(rounds + 10):
        torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(batch):
            torch.add(a, b, out=c)
        us = (time.perf_counter() - t) * 1e6 / batch
        if r >= 10:
            per.append(us)
    torch.cuda.synchronize()
    assert torch.equal(c, a + b)
    per.sort()
    print(f"PEER torch.add(out=) launch overhead {statistics.median(per):.3f} "
          f"us/op (p10 {per[len(per) // 10]:.3f} p90 {per[len(per) * 9 // 10]:.3f}; "
          f"torch {torch.__version__})")


if __name__ == "__main__":
    main()
