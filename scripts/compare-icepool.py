#!/usr/bin/env python3
"""Compare Feldherr's exact dice odds with icepool's: values and timings.

Usage (from the repository root):

    python3 scripts/compare-icepool.py [--rounds N] [--timeout SECONDS] [EXPR ...]

Without expressions it runs the rows of issue #29: 2d6+3, 3d20kh1, 100d6,
200d6, 500d6, 10d20kh3, 20d20kh5, 4d6dl1, 8d10!, 10d6r<3, 3d20<12,
d{0,0,1,1,2,3}x20, 50d1000, 50d1000kh25.

This script installs nothing. It needs the Python package `icepool`
(`pip install icepool`, tried with 2.1.3); without it, it prints only
Feldherr's figures.

How the figures are taken (both sides warm and in-process, interleaved):

- One Feldherr process (`dice_odds --serve`, built with `cargo build
  --release -p feldherr-dice --example dice_odds`) and one Python worker
  with icepool stay up for the whole run. Each evaluates an expression
  from its text (Feldherr: parse, cost check, exact distribution; icepool:
  building the die from the same notation), so both sides parse.
- Every round times every row on both sides, one after the other: each
  side's figure for the round is the median of repeated evaluations for
  about --slice seconds (at least 3). After --rounds rounds (default 10)
  a row prints each side's min and median over the rounds, and the ratio
  icepool / Feldherr: the median of the per-round ratios and the worst
  round's. Rounds interleave the two sides, so a busy moment of a shared
  machine hits both.
- A row icepool cannot do within --timeout seconds (first, cold
  evaluation in a fresh worker) is given up for icepool and printed with
  the reason; Feldherr's side is still timed.
- Values: icepool's exact fractions are converted to floats and the
  largest absolute difference of any probability is printed ("max diff").
"""

import argparse
import json
import multiprocessing as mp
import os
import platform
import re
import statistics
import subprocess
import sys
import time

ROWS = ["2d6+3", "3d20kh1", "100d6", "200d6", "500d6", "10d20kh3", "20d20kh5",
        "4d6dl1", "8d10!", "10d6r<3", "3d20<12", "d{0,0,1,1,2,3}x20",
        "50d1000", "50d1000kh25"]

TERM = re.compile(
    r"(?P<count>\d*)d(?:(?P<sides>\d+)|\{(?P<faces>-?\d+(?:,-?\d+)*)\})"
    r"(?:r(?P<rop><=|<|=)?(?P<rval>-?\d+))?"
    r"(?P<explode>!(?P<depth>\d+)?)?"
    r"(?:(?P<keep>kh|kl|dh|dl)(?P<kn>\d+))?"
    r"(?:(?P<cop>>=|<=|>|<|=)(?P<cval>-?\d+))?"
    r"(?:x(?P<times>\d+))?"
    r"(?:(?P<sign>[+-])(?P<const>\d+))?")


def icepool_expr(text):
    """The icepool die for one dice term of Feldherr's notation with an
    optional constant: NdS, d{faces}, rN / r<N, !, khN / klN / dhN / dlN,
    >=N / <N ..., xN (the term N times, added), +C / -C."""
    import icepool
    m = TERM.fullmatch(text.replace(" ", "").lower())
    if not m:
        raise ValueError(f"no icepool translation for {text}")
    n = int(m["count"] or 1)
    die = icepool.d(int(m["sides"])) if m["sides"] else \
        icepool.Die([int(f) for f in m["faces"].split(",")])
    compare = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
               "=": lambda a, b: a == b, ">": lambda a, b: a > b,
               ">=": lambda a, b: a >= b}
    if m["rval"]:
        op, value = compare[m["rop"] or "="], int(m["rval"])
        die = die.reroll([f for f in die.outcomes() if op(f, value)], depth=1)
    if m["explode"]:
        die = die.explode(depth=int(m["depth"] or 20))
    if m["keep"]:
        k = int(m["kn"])
        pool = die.pool(n)
        kept = {"kh": lambda: pool.highest(k), "kl": lambda: pool.lowest(k),
                "dl": lambda: pool.highest(n - k), "dh": lambda: pool.lowest(n - k)}[m["keep"]]()
        if m["cop"]:
            raise ValueError(f"no icepool translation for {text} (keep and count)")
        result = kept.sum()
    elif m["cop"]:
        op, value = compare[m["cop"]], int(m["cval"])
        result = n @ die.map(lambda o: 1 if op(o, value) else 0)
    else:
        result = n @ die
    if m["times"]:
        result = int(m["times"]) @ result
    if m["const"]:
        c = int(m["const"])
        result = result + (c if m["sign"] == "+" else -c)
    return result


def icepool_worker(conn):
    """Answers ("time", expr, seconds) with the median of warm evaluations
    and ("values", expr) with the probabilities."""
    while True:
        msg = conn.recv()
        if msg is None:
            return
        try:
            if msg[0] == "values":
                die = icepool_expr(msg[1])
                den = die.denominator()
                conn.send({"probs": {int(o): q / den for o, q in die.items()}})
            else:
                _, text, seconds = msg
                samples = []
                begin = time.perf_counter()
                while len(samples) < 3 or time.perf_counter() - begin < seconds:
                    t = time.perf_counter()
                    icepool_expr(text)
                    samples.append(time.perf_counter() - t)
                conn.send({"ms": statistics.median(samples) * 1000})
        except BaseException as e:  # RecursionError and friends are results too
            conn.send({"error": f"{type(e).__name__}: {e}"[:80]})


class Icepool:
    """A worker process that can be given up on and restarted."""

    def __init__(self):
        self.start()

    def start(self):
        self.conn, child = mp.Pipe()
        self.proc = mp.Process(target=icepool_worker, args=(child,), daemon=True)
        self.proc.start()

    def ask(self, msg, timeout):
        self.conn.send(msg)
        if self.conn.poll(timeout):
            return self.conn.recv()
        self.proc.terminate()
        self.proc.join()
        self.start()
        return {"error": f"did not finish in {timeout:g} s"}

    def stop(self):
        self.conn.send(None)
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.terminate()


class Feldherr:
    """The `dice_odds --serve` process."""

    def __init__(self):
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "feldherr-dice",
                        "--example", "dice_odds"], check=True)
        meta = json.loads(subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"],
            check=True, capture_output=True, text=True).stdout)
        exe = os.path.join(meta["target_directory"], "release", "examples", "dice_odds")
        self.proc = subprocess.Popen([exe, "--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, msg):
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def stop(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def fmt_time(ms):
    if ms is None:
        return "-"
    if ms < 1:
        return f"{ms * 1000:.2f} µs"
    return f"{ms:.2f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("exprs", nargs="*", default=ROWS)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--slice", type=float, default=0.05,
                        help="seconds of repeated evaluations per side, row and round")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds before an icepool row is given up")
    args = parser.parse_args()

    try:
        import icepool
        have_icepool = True
        version = icepool.__version__
    except ImportError:
        have_icepool = False
        version = None
        print("icepool is not installed (pip install icepool); "
              "printing Feldherr's figures only")
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        cpu = f"{names[0]}, {len(names)} cores" if names else cpu
    except OSError:
        pass
    print(f"{time.strftime('%Y-%m-%d %H:%M')}  {cpu}  icepool {version}  "
          f"{args.rounds} rounds, both sides warm and interleaved")

    feldherr = Feldherr()
    ice = Icepool() if have_icepool else None
    rows = {}
    for text in args.exprs:
        row = {"feldherr": [], "icepool": [], "note": ""}
        ours = feldherr.ask({"values": text})
        if "error" in ours:
            row["note"] = f"refused: {ours['error']}"
        elif ice:
            theirs = ice.ask(("values", text), args.timeout)
            if "error" in theirs:
                row["note"] = f"icepool: {theirs['error']}"
                row["icepool"] = None
            else:
                mine = {v: p for v, p in ours["outcomes"]}
                keys = set(mine) | set(theirs["probs"])
                row["diff"] = max(abs(mine.get(k, 0.0) - theirs["probs"].get(k, 0.0))
                                  for k in keys)
        rows[text] = row

    for _ in range(args.rounds):
        for text, row in rows.items():
            if row["note"].startswith("refused"):
                continue
            row["feldherr"].append(feldherr.ask({"time": text, "seconds": args.slice})["ms"])
            if ice and row["icepool"] is not None:
                answer = ice.ask(("time", text, args.slice), args.timeout)
                if "error" in answer:
                    row["note"] = f"icepool: {answer['error']}"
                    row["icepool"] = None
                else:
                    row["icepool"].append(answer["ms"])

    print(f"{'expression':<20} {'feldherr min':>13} {'median':>10} {'icepool min':>12} "
          f"{'median':>10} {'ratio median':>13} {'worst round':>12} {'max diff':>9}")
    for text, row in rows.items():
        if row["note"].startswith("refused"):
            print(f"{text:<20} {row['note']}")
            continue
        f = row["feldherr"]
        line = f"{text:<20} {fmt_time(min(f)):>13} {fmt_time(statistics.median(f)):>10}"
        if row["icepool"]:
            i = row["icepool"]
            ratios = [b / a for a, b in zip(f, i)]
            line += (f" {fmt_time(min(i)):>12} {fmt_time(statistics.median(i)):>10}"
                     f" {statistics.median(ratios):>12.0f}x {min(ratios):>11.0f}x"
                     f" {row.get('diff', float('nan')):>9.1e}")
        elif row["note"]:
            line += f"  {row['note']}"
        print(line, flush=True)
    feldherr.stop()
    if ice:
        ice.stop()


if __name__ == "__main__":
    sys.exit(main())
