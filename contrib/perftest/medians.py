#!/usr/bin/env python3
"""Medians and spreads of several passes of the perftest suite.

Usage: medians.py [--csv FILE] [--match KEY=REGEX ...] PASS_DIR...

Each PASS_DIR holds one pass's logs (run_suite.sh's $OUT/perftest: *.log). A series is a
RESULT line's keys but value (name, scope, size, metric, unit, impl, path, pes, ...); the
GPU machine is noisy, so each series is reported as the median of its values over the
passes with the lowest and highest beside it, as a markdown table on standard output:
    | name | scope | size | metric | impl | path | pes | median | min | max | passes |
--csv FILE also writes every series with those columns and all of its keys. --match keeps
the series whose KEY matches REGEX (Python re.search), e.g. --match chart=coll-.
Needs only the standard library. Exit 0; 1 when no RESULT line was found; 2 on bad usage.
"""
import csv
import os
import re
import statistics
import sys
from collections import defaultdict

TABLE_KEYS = ["name", "scope", "size", "metric", "impl", "path", "pes"]


def results(pass_dir):
    for entry in sorted(os.listdir(pass_dir)):
        if not entry.endswith(".log"):
            continue
        with open(os.path.join(pass_dir, entry), errors="replace") as f:
            for line in f:
                if line.startswith("RESULT "):
                    yield dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)


def main(argv):
    csv_path, matches, dirs = None, [], []
    it = iter(argv)
    for arg in it:
        if arg == "--csv":
            csv_path = next(it, None)
        elif arg == "--match":
            key, _, regex = next(it, "").partition("=")
            matches.append((key, re.compile(regex)))
        else:
            dirs.append(arg)
    if not dirs or csv_path == "" or any(not os.path.isdir(d) for d in dirs):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2

    values, keys_of = defaultdict(list), {}
    for d in dirs:
        for r in results(d):
            if "value" not in r or any(not rx.search(r.get(k, "")) for k, rx in matches):
                continue
            series = tuple(sorted((k, v) for k, v in r.items() if k != "value"))
            values[series].append(float(r["value"]))
            keys_of[series] = r
    if not values:
        print("no RESULT lines", file=sys.stderr)
        return 1

    def order(s):
        r = keys_of[s]
        return [r.get(k, "") if k != "size" else int(r.get(k, "0") or 0) for k in TABLE_KEYS]

    rows = []
    for s in sorted(values, key=order):
        v = values[s]
        rows.append((s, statistics.median(v), min(v), max(v), len(v)))
    print("| " + " | ".join(TABLE_KEYS + ["median", "min", "max", "passes"]) + " |")
    print("|" + " --- |" * (len(TABLE_KEYS) + 4))
    for s, med, lo, hi, n in rows:
        r = keys_of[s]
        unit = r.get("unit", "")
        cells = [r.get(k, "") for k in TABLE_KEYS]
        cells += ["%.4g %s" % (med, unit), "%.4g" % lo, "%.4g" % hi, str(n)]
        print("| " + " | ".join(cells) + " |")
    if csv_path:
        extra = sorted({k for s, *_ in rows for k, _ in s} - set(TABLE_KEYS))
        with open(csv_path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(TABLE_KEYS + extra + ["median", "min", "max", "passes"])
            for s, med, lo, hi, n in rows:
                r = keys_of[s]
                w.writerow([r.get(k, "") for k in TABLE_KEYS + extra] + [med, lo, hi, n])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
