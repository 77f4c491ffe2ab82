#!/usr/bin/env python3
"""Kernel compile time: every example kernel for every chip, file to cubin
(ptxas included), median CPU time of N runs of cute-opt; with --instructions
also the instruction count of cute-opt alone (format=ptx, no ptxas) under
valgrind's cachegrind, which does not depend on machine load.

  bench/compile-time.py [--opt build/bin/cute-opt] [--runs 15] [--instructions]
"""
import argparse, glob, os, resource, statistics, subprocess, tempfile

def cpu_seconds(cmd, runs):
    times = []
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    return statistics.median(times)

def instructions(cmd):
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null"] + cmd,
                         check=True, capture_output=True, text=True).stderr
    for line in out.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split()[-1].replace(",", ""))
    raise RuntimeError("no instruction count in cachegrind output")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", default="build/bin/cute-opt")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--chips", default="sm_90a,sm_100a,sm_120a")
    ap.add_argument("--instructions", action="store_true")
    a = ap.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    out = tempfile.mkdtemp(prefix="cute-compile-time-")
    print(f"{'kernel':28s} {'chip':8s} {'cubin ms':>9s}" +
          (f" {'cute-opt Minstr':>16s}" if a.instructions else ""))
    for kernel in sorted(glob.glob("examples/*/kernel.mlir")):
        for chip in a.chips.split(","):
            base = [a.opt, kernel, "-o", "/dev/null"]
            t = cpu_seconds(base + [f"--cute-compile=chip={chip} format=cubin output-dir={out}"], a.runs)
            row = f"{kernel:28s} {chip:8s} {t * 1000:9.1f}"
            if a.instructions:
                n = instructions(base + [f"--cute-compile=chip={chip} format=ptx output-dir={out}"])
                row += f" {n / 1e6:16.1f}"
            print(row, flush=True)

if __name__ == "__main__":
    main()
