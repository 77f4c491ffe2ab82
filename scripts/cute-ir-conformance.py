#!/usr/bin/env python3
"""Conformance harness: run a directory of split-input-file MLIR tests
(e.g. the CuTe IR dialect lit tests) through our cute-opt.

Usage:
  scripts/cute-ir-conformance.py --tests DIR --opt PATH/TO/cute-opt
      [--report FILE] [--list-failures] [--roundtrip] [--filter SUBSTR]
      [-j N] [--timeout SECONDS]

Each .mlir file under DIR is split on `// -----` lines, the way
`mlir-opt --split-input-file` does. A chunk holding `expected-error`,
`expected-warning` or `expected-remark` annotations is an *error chunk*;
any other chunk with non-comment content is a *positive chunk*; chunks
holding only comments/blank lines are skipped.

  positive chunk: accepted when cute-opt exits 0 (parse + verify).
                  With --roundtrip it is also printed (custom and generic
                  form) and the printed text must be re-parsed.
  error chunk:    'rejected' when cute-opt exits non-zero without crashing;
                  'matched' when `cute-opt -verify-diagnostics` exits 0, i.e.
                  exactly the expected diagnostics were produced.
  crash:          killed by a signal, or output holding 'Stack dump',
                  'LLVM ERROR', 'terminate called' or 'Assertion'.

--allow-unregistered-dialect is passed only when the file's RUN lines use
it. Other cute-opt flags found on RUN lines (besides %s, split-input-file,
verify-diagnostics, print-op-generic) are listed, and passed only with
--pass-run-flags.

--report FILE writes every chunk's result as JSON.
Only the Python standard library is used.
"""

import argparse
import concurrent.futures as cf
import json
import os
import re
import shlex
import signal
import subprocess
import sys

SPLIT_RE = re.compile(r"^\s*//\s*-----\s*$")
EXPECT_RE = re.compile(
    r"expected-(error|warning|remark)(?:-re)?\s*"
    r"(?:@(above|below|unknown|[+-]\d+))?\s*(?:\{\{(.*?)\}\})?")
RUN_RE = re.compile(r"//\s*RUN:\s*(.*)$")
CRASH_MARKERS = ("Stack dump", "LLVM ERROR", "terminate called", "Assertion")
OPT_IGNORED = {
    "%s", "-split-input-file", "--split-input-file", "-verify-diagnostics",
    "--verify-diagnostics", "-mlir-print-op-generic", "--mlir-print-op-generic",
}
UNREG = ("-allow-unregistered-dialect", "--allow-unregistered-dialect")
OP_RE = re.compile(r"(?<![!#\w.])(cute\.[A-Za-z_][\w.]*)")


def split_chunks(text):
    """Returns the list of chunks (each a string) in file order."""
    chunks, cur = [], []
    for line in text.splitlines(keepends=True):
        if SPLIT_RE.match(line):
            chunks.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    chunks.append("".join(cur))
    return chunks


def is_blank_chunk(chunk):
    for line in chunk.splitlines():
        s = line.strip()
        if s and not s.startswith("//"):
            return False
    return True


def run_line_flags(text):
    """Flags given to the first cute-opt of each RUN line (concatenated)."""
    runs, flags = [], []
    for line in text.splitlines():
        m = RUN_RE.search(line)
        if m:
            runs.append(m.group(1).strip())
    for r in runs:
        first = r.split("|")[0]
        try:
            toks = shlex.split(first)
        except ValueError:
            toks = first.split()
        for t in toks[1:]:
            if t not in flags:
                flags.append(t)
    return runs, flags


def first_op_line(chunk):
    """The line an expected-* annotation points to, else the first line
    naming a cute op, else the first non-comment line."""
    lines = chunk.splitlines()
    for i, line in enumerate(lines):
        m = EXPECT_RE.search(line)
        if not m:
            continue
        where = m.group(2)
        tgt = i
        if where and where[0] in "+-":
            tgt = i + int(where)
        elif where in ("below", "above"):
            # The nearest line in that direction that is not an annotation.
            step = 1 if where == "below" else -1
            tgt = i + step
            while 0 <= tgt < len(lines) and "expected-" in lines[tgt]:
                tgt += step
        if 0 <= tgt < len(lines):
            return lines[tgt].strip()
    for line in lines:
        s = line.strip()
        if s and not s.startswith("//") and OP_RE.search(s):
            return s
    for line in lines:
        s = line.strip()
        if s and not s.startswith("//"):
            return s
    return ""


def expected_messages(chunk):
    return [(m.group(1), m.group(3) or "") for m in EXPECT_RE.finditer(chunk)]


def run_opt(opt, args, stdin, timeout):
    try:
        p = subprocess.run([opt] + args, input=stdin, capture_output=True,
                           text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return {"rc": None, "timeout": True, "out": "", "err": "",
                "crash": False}
    out, err = p.stdout, p.stderr
    crash = p.returncode < 0 or any(
        k in out or k in err for k in CRASH_MARKERS)
    return {"rc": p.returncode, "timeout": False, "out": out, "err": err,
            "crash": crash}


def first_diag(res):
    if res.get("timeout"):
        return "<timeout>"
    err = res.get("err", "")
    lines = [l for l in err.splitlines() if l.strip()]
    for l in lines:
        if "error:" in l or "LLVM ERROR" in l or "Assertion" in l:
            return l.strip()
    if res.get("rc", 0) and res["rc"] < 0:
        try:
            name = signal.Signals(-res["rc"]).name
        except ValueError:
            name = str(-res["rc"])
        return "<killed by %s> %s" % (name, lines[0].strip() if lines else "")
    return lines[0].strip() if lines else ""


def strip_loc(line):
    return re.sub(r"^<stdin>:\d+:\d+:\s*", "", line)


def check_chunk(job, opt, timeout, roundtrip):
    chunk, base = job["text"], job["args"]
    r = {k: job[k] for k in ("file", "index", "kind", "op_line")}
    if job["kind"] == "positive":
        res = run_opt(opt, base, chunk, timeout)
        r["crash"] = res["crash"]
        r["timeout"] = res["timeout"]
        r["ok"] = res["rc"] == 0 and not res["crash"]
        r["diag"] = strip_loc(first_diag(res))
        if r["ok"] and roundtrip:
            rt_ok, rt_diag = True, ""
            for extra in ([], ["-mlir-print-op-generic"]):
                p1 = run_opt(opt, base + extra, chunk, timeout)
                p2 = run_opt(opt, base, p1["out"], timeout)
                if p1["rc"] != 0 or p2["rc"] != 0 or p2["crash"]:
                    rt_ok = False
                    rt_diag = ("[%s] " % ("generic" if extra else "custom")
                               + strip_loc(first_diag(p2 if p1["rc"] == 0
                                                      else p1)))
                    r["crash"] = r["crash"] or p2["crash"]
                    break
            r["roundtrip_ok"] = rt_ok
            if not rt_ok:
                r["roundtrip_diag"] = rt_diag
    else:
        plain = run_opt(opt, base, chunk, timeout)
        ver = run_opt(opt, base + ["-verify-diagnostics"], chunk, timeout)
        r["crash"] = plain["crash"] or ver["crash"]
        r["timeout"] = plain["timeout"] or ver["timeout"]
        r["rejected"] = (not plain["timeout"] and plain["rc"] != 0
                         and not plain["crash"])
        r["matched"] = ver["rc"] == 0 and not ver["crash"]
        r["ok"] = r["rejected"] and r["matched"]
        r["diag"] = strip_loc(first_diag(plain)) if plain["rc"] != 0 \
            else "<accepted>"
        r["expected"] = [m for _, m in expected_messages(chunk)]
        if not r["matched"]:
            vlines = [strip_loc(l.strip()) for l in ver["err"].splitlines()
                      if "error:" in l]
            r["verify_diag"] = vlines[:4]
    return r


def collect(tests, filt):
    files = []
    for root, _, names in os.walk(tests):
        for n in names:
            if n.endswith(".mlir"):
                p = os.path.join(root, n)
                rel = os.path.relpath(p, tests)
                if filt and filt not in rel:
                    continue
                files.append((rel, p))
    return sorted(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tests", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--report")
    ap.add_argument("--list-failures", action="store_true")
    ap.add_argument("--roundtrip", action="store_true",
                    help="also re-parse the printed output of positive chunks")
    ap.add_argument("--pass-run-flags", action="store_true",
                    help="pass other flags found on RUN lines to cute-opt")
    ap.add_argument("--filter", help="only files whose path contains this")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0)
    a = ap.parse_args()
    jobs_n = max(1, min(2, a.jobs))

    jobs, file_info = [], {}
    for rel, path in collect(a.tests, a.filter):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        runs, flags = run_line_flags(text)
        args = []
        if any(f in UNREG for f in flags):
            args.append("--allow-unregistered-dialect")
        other = [f for f in flags if f not in OPT_IGNORED and f not in UNREG]
        if a.pass_run_flags:
            args += other
        pipes_filecheck = any("FileCheck" in r for r in runs)
        file_info[rel] = {"runs": runs, "other_flags": other,
                          "filecheck": pipes_filecheck}
        for i, ch in enumerate(split_chunks(text)):
            if is_blank_chunk(ch):
                continue
            kind = "error" if expected_messages(ch) else "positive"
            jobs.append({"file": rel, "index": i, "kind": kind, "text": ch,
                         "args": args, "op_line": first_op_line(ch)})

    results = []
    with cf.ThreadPoolExecutor(max_workers=jobs_n) as ex:
        futs = [ex.submit(check_chunk, j, a.opt, a.timeout, a.roundtrip)
                for j in jobs]
        for fu in futs:
            results.append(fu.result())

    per_file = {}
    for r in results:
        s = per_file.setdefault(r["file"], {
            "pos": 0, "pos_ok": 0, "err": 0, "rej": 0, "match": 0,
            "crash": 0, "timeout": 0, "rt": 0, "rt_ok": 0})
        if r["kind"] == "positive":
            s["pos"] += 1
            s["pos_ok"] += r["ok"]
            if "roundtrip_ok" in r:
                s["rt"] += 1
                s["rt_ok"] += r["roundtrip_ok"]
        else:
            s["err"] += 1
            s["rej"] += r["rejected"]
            s["match"] += r["matched"]
        s["crash"] += r["crash"]
        s["timeout"] += r["timeout"]

    tot = {k: sum(s[k] for s in per_file.values())
           for k in ("pos", "pos_ok", "err", "rej", "match", "crash",
                     "timeout", "rt", "rt_ok")}
    w = max([len(f) for f in per_file] + [5])
    hdr = "%-*s  %9s  %9s  %9s  %5s" % (w, "file", "pos ok", "err rej",
                                        "err msg", "crash")
    if a.roundtrip:
        hdr += "  %9s" % "roundtrip"
    print(hdr)
    for f in sorted(per_file):
        s = per_file[f]
        line = "%-*s  %4d/%-4d  %4d/%-4d  %4d/%-4d  %5d" % (
            w, f, s["pos_ok"], s["pos"], s["rej"], s["err"], s["match"],
            s["err"], s["crash"])
        if a.roundtrip:
            line += "  %4d/%-4d" % (s["rt_ok"], s["rt"])
        print(line)
    print("-" * len(hdr))
    print("TOTAL: positive accepted %d/%d; error rejected %d/%d, rejected "
          "with expected message %d/%d; crashes %d; timeouts %d"
          % (tot["pos_ok"], tot["pos"], tot["rej"], tot["err"], tot["match"],
             tot["err"], tot["crash"], tot["timeout"]))
    if a.roundtrip:
        print("ROUNDTRIP: %d/%d accepted positive chunks re-parse"
              % (tot["rt_ok"], tot["rt"]))
    other = sorted({f for i in file_info.values() for f in i["other_flags"]})
    if other:
        print("RUN-line flags %s: %s"
              % ("passed" if a.pass_run_flags else "not passed",
                 " ".join(other)))

    if a.list_failures:
        print("\nFAILURES")
        for r in sorted(results, key=lambda r: (r["file"], r["index"])):
            bad = []
            if r["kind"] == "positive":
                if not r["ok"]:
                    bad.append("not-accepted")
                elif r.get("roundtrip_ok") is False:
                    bad.append("roundtrip")
            else:
                if not r["rejected"]:
                    bad.append("not-rejected")
                elif not r["matched"]:
                    bad.append("wrong-diagnostic")
            if r["crash"]:
                bad.append("CRASH")
            if r["timeout"]:
                bad.append("TIMEOUT")
            if not bad:
                continue
            print("%s #%d [%s] %s" % (r["file"], r["index"], r["kind"],
                                     ",".join(bad)))
            diag = r.get("roundtrip_diag") if "roundtrip" in bad else r["diag"]
            print("    ours: %s" % diag)
            if r["kind"] == "error" and not r["matched"]:
                print("    expected: %s" % " | ".join(r["expected"]))
            print("    op:   %s" % r["op_line"])

    if a.report:
        with open(a.report, "w") as f:
            json.dump({"totals": tot, "files": per_file,
                       "file_info": file_info,
                       "chunks": sorted(results, key=lambda r: (
                           r["file"], r["index"]))}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
