#!/usr/bin/env python3
"""Tables and charts from perftest logs.

Usage: plot.py OUTDIR LOG...

Reads every line starting with "RESULT " from the logs: key=value pairs separated by
spaces, e.g.
    RESULT name=put scope=raw-ofi size=8 metric=latency value=3.2 unit=us provider=shm
and writes into OUTDIR (created if missing):
  results.csv   one row per RESULT line; columns: log (the file it came from), then the
                union of the keys (name, scope, size, metric, value, unit first).
  METRIC.png    one chart per metric measured at more than one size: value against size
                (log2 x axis; log y for latency), one line per series. A series is every
                key but size, value, unit, metric and chart (so name, scope, provider, impl,
                path, pes, blocks, ...); several values of one series at one size (repeated
                runs) are averaged. A metric given in several units gets a chart per unit,
                METRIC-UNIT.png. Rows with a chart=NAME key (the collectives:
                chart=coll-reduce, ...) get charts of their own, METRIC[-UNIT]-NAME.png,
                so that each collective's series stand side by side apart from the rest.
  summary.md    the metrics measured at a single size, as markdown tables (no chart; a
                chart=NAME key gives a table of its own, e.g. the barriers).
Needs matplotlib (Debian: contrib/debian-deps.sh charts installs python3-matplotlib); draws
with the Agg backend, no display.
Exit 0; 1 when the logs hold no RESULT line; 2 on bad usage; 3 without matplotlib.
"""
import csv
import os
import re
import sys
from collections import defaultdict

try:
    import matplotlib
except ImportError:
    print("plot.py: matplotlib is missing; on Debian, contrib/debian-deps.sh charts installs "
          "it (python3-matplotlib)", file=sys.stderr)
    sys.exit(3)

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.ticker import FuncFormatter  # noqa: E402

FIRST_KEYS = ["name", "scope", "size", "metric", "value", "unit"]
AXIS_KEYS = {"size", "value", "unit", "metric"}
LOG_KEY = "log"
CHART_KEY = "chart"   # rows with it are charted apart, one set of charts per value


def parse_result(line):
    """The key=value pairs of one RESULT line, in order (words without '=' are dropped)."""
    pairs = (word.split("=", 1) for word in line.split()[1:] if "=" in word)
    return {key: value for key, value in pairs}


def read_results(paths):
    """Every RESULT line of the logs, each with the log's path under LOG_KEY."""
    rows = []
    for path in paths:
        with open(path, errors="replace") as log:
            for line in log:
                if line.startswith("RESULT "):
                    rows.append({LOG_KEY: path, **parse_result(line)})
    return rows


def columns(rows):
    """LOG_KEY, the usual keys that occur, then the others in order of first appearance."""
    seen = [LOG_KEY] + [k for k in FIRST_KEYS if any(k in r for r in rows)]
    for row in rows:
        seen += [k for k in row if k not in seen]
    return seen


def write_csv(rows, path):
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=columns(rows), restval="")
        writer.writeheader()
        writer.writerows(rows)


def as_number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def plottable(rows):
    """The rows with a metric and a numeric size and value; the others are reported."""
    good = []
    for row in rows:
        if "metric" in row and as_number(row.get("size")) is not None \
                and as_number(row.get("value")) is not None:
            good.append(row)
        else:
            print(f"plot.py: not charted (no metric, size or value): {row}", file=sys.stderr)
    return good


def series_label(row, keys):
    """name and scope by value, other keys as key=value: 'put, raw-ofi, provider=shm'."""
    parts = []
    for key in keys:
        if key in row and key not in AXIS_KEYS and key not in (LOG_KEY, CHART_KEY):
            parts.append(row[key] if key in ("name", "scope") else f"{key}={row[key]}")
    return ", ".join(parts)


def group_by_metric(rows):
    """{(metric, unit, chart): rows}, in order of first appearance (chart "" for rows
    without a chart key)."""
    groups = defaultdict(list)
    for row in rows:
        groups[(row["metric"], row.get("unit", ""), row.get(CHART_KEY, ""))].append(row)
    return groups


def mean_points(rows, keys):
    """{series label: [(size, mean value), ...] sorted by size}."""
    sums = defaultdict(lambda: defaultdict(list))
    for row in rows:
        sums[series_label(row, keys)][as_number(row["size"])].append(as_number(row["value"]))
    return {label: sorted((size, sum(vals) / len(vals)) for size, vals in by_size.items())
            for label, by_size in sums.items()}


def human_size(size, _pos=None):
    """Tick labels: 8, 512, 4K, 1M, 2G."""
    for shift, suffix in ((30, "G"), (20, "M"), (10, "K")):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{int(size) >> shift}{suffix}"
    return f"{size:g}"


def chart_name(metric, unit, units_of_metric, chart=""):
    name = metric if units_of_metric == 1 else f"{metric}-{unit}"
    if chart:
        name += f"-{chart}"
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name) + ".png"


def draw_chart(metric, unit, rows, keys, path, chart=""):
    fig, ax = plt.subplots(figsize=(13, 6))
    for label, points in sorted(mean_points(rows, keys).items()):
        sizes, values = zip(*points)
        ax.plot(sizes, values, marker="o", markersize=3, label=label)
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(human_size))
    if metric == "latency":
        ax.set_yscale("log")
    ax.set_xlabel("size (bytes per PE, as NVSHMEM's perftest counts them)"
                  if chart.startswith("coll") else "size (bytes)")
    ax.set_ylabel(f"{metric} ({unit})" if unit else metric)
    ax.set_title(f"{metric}: {chart}" if chart else metric)
    ax.grid(True, which="both", alpha=0.3)
    # Beside the axes: a suite's many series would cover the lines.
    ax.legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def markdown_table(rows, keys):
    keys = [k for k in keys if k != LOG_KEY and any(k in r for r in rows)]
    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    lines += ["| " + " | ".join(row.get(k, "") for k in keys) + " |" for row in rows]
    return "\n".join(lines)


def write_summary(single, keys, path):
    """The single-size metrics, a table each."""
    parts = ["# Single-size results", ""]
    if not single:
        parts.append("None: every metric was measured at several sizes (see the charts).")
    for (metric, unit, chart), rows in single.items():
        title = f"## {metric}" + (f" ({unit})" if unit else "") + (f": {chart}" if chart else "")
        parts += [title, "", markdown_table(rows, keys), ""]
    with open(path, "w") as out:
        out.write("\n".join(parts).rstrip() + "\n")


def main(argv):
    if len(argv) < 3 or argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    outdir, logs = argv[1], argv[2:]
    rows = read_results(logs)
    if not rows:
        print("plot.py: no RESULT line in " + " ".join(logs), file=sys.stderr)
        return 1
    os.makedirs(outdir, exist_ok=True)
    keys = columns(rows)
    write_csv(rows, os.path.join(outdir, "results.csv"))
    groups = group_by_metric(plottable(rows))
    units = defaultdict(int)
    for metric, _unit, chart in groups:
        units[(metric, chart)] += 1
    single = {}
    for (metric, unit, chart), group in groups.items():
        if len({as_number(r["size"]) for r in group}) == 1:
            single[(metric, unit, chart)] = group
            continue
        path = os.path.join(outdir, chart_name(metric, unit, units[(metric, chart)], chart))
        draw_chart(metric, unit, group, keys, path, chart)
        print(f"plot.py: {path}: {len(group)} results")
    write_summary(single, keys, os.path.join(outdir, "summary.md"))
    print(f"plot.py: {len(rows)} results from {len(logs)} logs into {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
