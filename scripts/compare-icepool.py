#!/usr/bin/env python3
"""Compare Feldherr's exact dice odds with icepool's: values and timings.

Usage (from the repository root):

    python3 scripts/compare-icepool.py [--timeout SECONDS] [EXPR ...]

Without expressions it runs the rows of issue #15: 2d6+3, 20d10, 3d20kh1,
50d6, 100d6, 200d6, 10d20kh3, 50d1000, 50d1000kh25.

This script installs nothing. If the Python package `icepool` is installed
(`pip install icepool`, tried with 2.1.3) it computes the same expressions
with it; otherwise it says so and prints only Feldherr's figures.

How the figures are taken:

- Feldherr: `cargo run --release -p feldherr-dice --example dice_odds --
  --time EXPR...` evaluates each expression in-process (parse, cost check,
  exact distribution) repeatedly for about half a second (at least 5 times)
  and reports the median wall time. The criterion benchmark
  `cargo bench -p feldherr-dice --bench expressions` measures the same rows
  more carefully.
- icepool: every expression runs in its own Python process (so that a slow
  or recursing one can be stopped after --timeout seconds, default 60).
  "cold" is the first evaluation in that process; "warm" is the median of
  further evaluations in the same process (at least 5, for about half a
  second), which profit from icepool's internal caches. Only rows whose
  cold run finished are timed warm.
- Values: icepool's exact fractions are converted to floats and the
  largest absolute difference of any probability is printed ("max diff").

Timings depend on the machine and on what else runs on it; on a shared
machine run it twice and compare.
"""

import argparse
import json
import multiprocessing as mp
import statistics
import subprocess
import sys
import time

ROWS = ["2d6+3", "20d10", "3d20kh1", "50d6", "100d6", "200d6", "10d20kh3",
        "50d1000", "50d1000kh25"]


def icepool_expr(text):
    """The icepool die for the notation used in ROWS (NdS, +C, khK)."""
    import icepool
    import re
    m = re.fullmatch(r"(\d*)d(\d+)(?:kh(\d+))?(?:\+(\d+))?", text)
    if not m:
        raise ValueError(f"no icepool translation for {text}")
    n = int(m.group(1) or 1)
    sides = int(m.group(2))
    die = icepool.d(sides)
    if m.group(3):
        result = die.pool(n).highest(int(m.group(3))).sum()
    else:
        result = n @ die
    if m.group(4):
        result = result + int(m.group(4))
    return result


def icepool_worker(text, queue):
    try:
        start = time.perf_counter()
        die = icepool_expr(text)
        cold = time.perf_counter() - start
        samples = []
        begin = time.perf_counter()
        while len(samples) < 5 or time.perf_counter() - begin < 0.5:
            t = time.perf_counter()
            icepool_expr(text)
            samples.append(time.perf_counter() - t)
            if len(samples) > 10000:
                break
        den = die.denominator()
        probs = {int(o): q / den for o, q in die.items()}
        queue.put({"cold_ms": cold * 1000, "warm_ms": statistics.median(samples) * 1000,
                   "probs": probs, "mean": float(die.mean())})
    except BaseException as e:  # RecursionError and friends are results too
        queue.put({"error": f"{type(e).__name__}: {e}"[:80]})


def run_icepool(text, timeout):
    queue = mp.Queue()
    proc = mp.Process(target=icepool_worker, args=(text, queue))
    proc.start()
    proc.join(timeout)
    if proc.is_alive():
        proc.terminate()
        proc.join()
        return {"error": f"did not finish in {timeout:g} s"}
    try:
        return queue.get(timeout=5)
    except Exception:
        return {"error": "no result"}


def run_feldherr(exprs):
    cmd = ["cargo", "run", "--quiet", "--release", "-p", "feldherr-dice",
           "--example", "dice_odds", "--", "--time", *exprs]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def fmt_ms(ms):
    if ms is None:
        return "-"
    return f"{ms:.4f} ms" if ms < 10 else f"{ms:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("exprs", nargs="*", default=ROWS)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds before an icepool row is given up")
    args = parser.parse_args()

    try:
        import icepool
        have_icepool = True
        print(f"icepool {icepool.__version__} found")
    except ImportError:
        have_icepool = False
        print("icepool is not installed (pip install icepool); "
              "printing Feldherr's figures only")

    feldherr = run_feldherr(args.exprs)
    header = f"{'expression':<14} {'feldherr':>12} {'mean':>14}"
    if have_icepool:
        header += f" {'icepool cold':>14} {'icepool warm':>14} {'speed-up':>9} {'max diff':>9}"
    print(header)
    for row in feldherr:
        text = row["expression"]
        if "error" in row:
            print(f"{text:<14} refused: {row['error']}")
            continue
        line = f"{text:<14} {fmt_ms(row['median_ms']):>12} {row['exact_mean'] or round(row['mean'], 6):>14}"
        if have_icepool:
            ice = run_icepool(text, args.timeout)
            if "error" in ice:
                line += f" {ice['error']}"
            else:
                ours = {v: p for v, p in row["outcomes"]}
                keys = set(ours) | set(ice["probs"])
                diff = max(abs(ours.get(k, 0.0) - ice["probs"].get(k, 0.0)) for k in keys)
                speed = ice["warm_ms"] / row["median_ms"] if row["median_ms"] else float("nan")
                line += (f" {fmt_ms(ice['cold_ms']):>14} {fmt_ms(ice['warm_ms']):>14}"
                         f" {speed:>8.0f}x {diff:>9.1e}")
        print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
