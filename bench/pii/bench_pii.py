"""PII redaction benchmark: recall per kind, false positives on ledger-like text, speed.

A value counts as recalled when it no longer appears in the redacted text and the expected
placeholder does. A negative (ledger-like) row is a false positive when anything in it is
redacted. Extra redactions inside positive rows are counted too (over-redaction).

    PYTHONPATH=src python bench/pii/bench_pii.py [--write]   # --write updates RESULTS.md
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from switchboard.memory.pii import PII_KINDS, redact

HERE = Path(__file__).parent


def handwritten() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for line in (HERE / "handwritten.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        expected, text = line.split("\t", 1)
        pii = []
        if expected != "-":
            for item in expected.split(";"):
                kind, value = item.split("=", 1)
                pii.append({"kind": kind, "value": value})
        rows.append({"text": text, "pii": pii})
    return rows


def main() -> None:
    rows = [json.loads(line) for line in (HERE / "data.jsonl").open(encoding="utf-8")]
    hand = handwritten()
    rows += hand
    total: Counter[str] = Counter()
    hit: Counter[str] = Counter()
    negatives = false_pos = over = 0
    misses: list[str] = []
    fps: list[str] = []
    timings: list[float] = []
    for row in rows:
        start = time.perf_counter()
        result = redact(row["text"])
        timings.append((time.perf_counter() - start) * 1000)
        expected = row["pii"]
        if not expected:
            negatives += 1
            if result.findings:
                false_pos += 1
                fps.append(f"{row['text']!r} -> {result.text!r}")
            continue
        for item in expected:
            total[item["kind"]] += 1
            if item["value"] not in result.text and f"[{item['kind']}]" in result.text:
                hit[item["kind"]] += 1
            else:
                misses.append(f"{item['kind']}: {row['text']!r} -> {result.text!r}")
        over += max(0, len(result.findings) - len(expected))
    timings.sort()
    lines = [
        f"Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Machine: {platform.machine()}, "
        f"{platform.processor() or 'cpu'}, Python {platform.python_version()}.",
        f"Data: `bench/pii/data.jsonl` (seed 2026), {len(rows)} rows: "
        f"{len(rows) - negatives} with PII, {negatives} ledger-like negatives; of these, "
        f"{len(hand)} hand-written in `handwritten.tsv` (written before the first run on them).",
        "",
        "| kind | n | recall |",
        "|---|---:|---:|",
    ]
    for kind in PII_KINDS:
        if total[kind]:
            lines.append(f"| {kind} | {total[kind]} | {hit[kind] / total[kind]:.2%} |")
    all_hit, all_n = sum(hit.values()), sum(total.values())
    lines += [
        f"| **all** | {all_n} | **{all_hit / all_n:.2%}** |",
        "",
        f"False positives on ledger-like text: **{false_pos} / {negatives}**; "
        f"over-redactions in PII rows: {over}.",
        f"Latency per message: p50 {statistics.median(timings):.3f} ms, "
        f"p99 {timings[int(len(timings) * 0.99)]:.3f} ms.",
    ]
    report = "\n".join(lines)
    print(report)
    for m in misses[:20]:
        print("MISS", m)
    for fp in fps[:20]:
        print("FP  ", fp)
    if "--write" in sys.argv:
        (HERE / "RESULTS.md").write_text(
            "# PII redaction benchmark\n\n"
            "`PYTHONPATH=src python bench/pii/make_data.py && "
            "PYTHONPATH=src python bench/pii/bench_pii.py --write`\n\n"
            + report
            + "\n\nLimits: the synthetic set and the rules were written by the same author, so "
            "its 100% says the rules do what they were meant to do, not how real users type; "
            "the hand-written lines and the misses printed by the script are the better guide.\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
