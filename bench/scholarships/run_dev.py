"""The scholarship assistant on the dev suites (offline), until `switchboard eval` lands on main.

    PYTHONPATH=src python bench/scholarships/run_dev.py [FILE ...] [--show-failures] [--write]

Defaults to `/work/data/dev/scholarships_income.jsonl` and `scholarships_flows.jsonl` (the
dev split: tune on these only). Each case runs as a fresh user and session of the offline app
(embedded model, in-memory store); each graded turn is checked the way docs/eval_format.md
says, with the same rules as the `switchboard eval` branch: effects are the profile fields this
turn set or changed (the stored profile plus the values the workflows hold), compared as a
multiset; `asks` is a last sentence ending in "?"; `figures` are pt-BR numbers in the answer;
`contains*` are whole phrases, accents and case ignored; `citation` is an "item N" in the
answer; `not_found` is an honest "não encontrei". `--write` rewrites RESULTS.md's dev table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import re
import sys
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from switchboard.apps.scholarships.app import build
from switchboard.apps.scholarships.records import PROFILES
from switchboard.core.clock import ManualClock
from switchboard.patterns.workflows.state import WorkflowState

HERE = Path(__file__).parent
DEV = Path("/work/data/dev")
DEFAULT = [DEV / "scholarships_income.jsonl", DEV / "scholarships_flows.jsonl"]

PROFILE_FIELDS = {
    "name": "name", "age": "age", "city": "city", "uf": "uf", "education": "education",
    "course_interest": "course_interest", "enem_score": "enem_score", "shifts": "shifts",
    "institution_type": "institution_type", "household_size": "household_size",
    "household_income": "household_income", "per_capita_income": "income_per_capita",
}  # fmt: skip
SLOT_FIELDS = {
    "name": "name", "age": "age", "city": "city", "education": "education",
    "course": "course_interest", "score": "enem_score", "shifts": "shifts",
    "institution_type": "institution_type", "per_capita_income": "income_per_capita",
}  # fmt: skip
NUMERIC = {"enem_score", "income_per_capita", "household_income"}
NOT_FOUND = re.compile(
    r"(?<!\w)(?:nao (?:encontrei|encontramos|localizei|achei)|nao (?:foi possivel|consegui) "
    r"(?:encontrar|localizar|achar)|nao (?:tenho|possuo|temos) (?:(?:essa|esta|a|as) )?informac"
    r"|nao (?:consta|constam)|sem informac(?:ao|oes) (?:sobre|a respeito))"
)
CITATION = re.compile(
    r"(?<!\w)(?:sub)?ite(?:m|ns)\s+(\d+(?:\.\d+)*(?:\s*(?:,|;|/|\be\b|\bou\b)\s*\d+(?:\.\d+)*)*)"
)


def fold(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", bare.casefold()).strip()


def has(folded: str, phrase: str) -> bool:
    words = fold(phrase).split(" ")
    body = r"\s+".join(re.escape(w) for w in words)
    start = r"(?<!\w)" if words[0][:1].isalnum() else ""
    end = r"(?!\w)" if words[-1][-1:].isalnum() else ""
    return re.search(start + body + end, folded) is not None


def asks(text: str) -> bool:
    rest = text.strip()
    while (shorter := re.sub(r"\s*\([^()]*\)\s*$", "", rest)) != rest:
        rest = shorter
    rest = rest.rstrip(" \"'”’»)]*_~")
    while rest and unicodedata.category(rest[-1]).startswith("S"):
        rest = rest[:-1].rstrip()
    return rest.endswith("?")


def numbers(text: str) -> list[float]:
    found: list[float] = []
    for m in re.finditer(r"(?<![\d])(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?|\d+\.\d+)", text):
        raw = m.group(1)
        if "," in raw:
            raw = raw.replace(".", "").replace(",", ".")
        elif re.fullmatch(r"\d{1,3}(?:\.\d{3})+", raw):
            raw = raw.replace(".", "")
        found.append(float(raw))
    return found


def cites(text: str, items: list[str]) -> bool:
    cited = [
        i for m in CITATION.finditer(fold(text)) for i in re.findall(r"\d+(?:\.\d+)*", m.group(1))
    ]
    return any(c == w or c.startswith(w + ".") for w in items for c in cited)


def _value(field: str, value: Any) -> Any:
    if isinstance(value, Decimal) or (field in NUMERIC and isinstance(value, str)):
        return float(value)
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return value


def same(want: Any, got: Any, tol: float) -> bool:
    if isinstance(want, bool) or want is None:
        return want == got
    if isinstance(want, int | float):
        return isinstance(got, int | float) and abs(float(got) - want) <= tol + 1e-9
    if isinstance(want, list):
        return isinstance(got, list) and sorted(map(fold, map(str, want))) == sorted(
            map(fold, map(str, got))
        )
    return isinstance(got, str) and fold(str(want)) == fold(got)


def effects_match(expected: list[dict[str, Any]], got: dict[str, Any]) -> bool:
    if len(expected) != len(got):
        return False
    left = dict(got)
    for effect in expected:
        name = effect["field"]
        if name not in left:
            return False
        tol = float(effect.get("tol", 0.005))
        if not same(effect["value"], left.pop(name), tol):
            return False
    return True


@dataclass
class Tally:
    turns: int = 0
    passed: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    tags: dict[str, list[int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


async def view(app: Any, user: str, session: str) -> dict[str, Any]:
    profile = await app.store.repository(PROFILES).get(user)
    out: dict[str, Any] = {}
    if profile is not None:
        for stored, name in PROFILE_FIELDS.items():
            value = getattr(profile, stored)
            if value is not None and value != []:
                out[name] = _value(name, value)
    record = await app.store.get_session(session)
    if record is not None:
        for frame in record.state.get(WorkflowState).stack:
            for slot, value in frame.slots.items():
                if (name := SLOT_FIELDS.get(slot)) is not None and value is not None:
                    out[name] = _value(name, value)
    return out


async def run(files: list[Path], show: bool) -> tuple[dict[str, Tally], float]:
    app = build(model="embedded", clock=ManualClock())
    await app.start()
    results: dict[str, Tally] = {}
    start = time.perf_counter()
    for path in files:
        tally = results.setdefault(path.name, Tally())
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if not line.strip() or line.startswith("//"):
                continue
            case = json.loads(line)
            user, session = f"u{n}-{path.stem}", f"s{n}-{path.stem}"
            before = await view(app, user, session)
            for index, turn in enumerate(case["turns"]):
                reply = await app.reply(session, turn["user"], user_id=user)
                after = await view(app, user, session)
                changed = {k: v for k, v in after.items() if before.get(k) != v}
                before = after
                expect = turn.get("expect")
                if not expect:
                    continue
                text, folded = reply.text, fold(reply.text)
                verdicts: dict[str, bool] = {}
                if "effects" in expect:
                    verdicts["effects"] = effects_match(expect["effects"], changed)
                if "asks" in expect:
                    verdicts["asks"] = asks(text) == expect["asks"]
                if "figures" in expect:
                    found = numbers(text)
                    verdicts["figures"] = all(
                        any(abs(x - f["value"]) <= f.get("tol", 0.005) for x in found)
                        for f in expect["figures"]
                    )
                if "contains" in expect:
                    verdicts["contains"] = all(has(folded, p) for p in expect["contains"])
                if "contains_any" in expect:
                    verdicts["contains_any"] = any(has(folded, p) for p in expect["contains_any"])
                if "not_contains" in expect:
                    verdicts["not_contains"] = not any(
                        has(folded, p) for p in expect["not_contains"]
                    )
                if "citation" in expect:
                    verdicts["citation"] = cites(text, expect["citation"])
                if "not_found" in expect:
                    verdicts["not_found"] = bool(NOT_FOUND.search(folded)) == expect["not_found"]
                ok = all(verdicts.values())
                tally.turns += 1
                tally.passed += ok
                for kind, good in verdicts.items():
                    tally.checks[kind] += 1
                    tally.failed[kind] += not good
                for tag in case.get("tags", []):
                    tally.tags.setdefault(tag, [0, 0])
                    tally.tags[tag][0] += 1
                    tally.tags[tag][1] += ok
                if not ok:
                    bad = [k for k, v in verdicts.items() if not v]
                    tally.failures.append(
                        f"{case['id']} t{index} {bad} user={turn['user']!r}\n    effects={changed}"
                        f"\n    answer={text[:600]!r}"
                    )
    return results, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    results, seconds = asyncio.run(run(args.files, args.show_failures))
    rows = []
    for name, tally in results.items():
        rate = tally.passed / tally.turns if tally.turns else 0.0
        per_check = ", ".join(
            f"{k} {tally.checks[k] - tally.failed[k]}/{tally.checks[k]}"
            for k in sorted(tally.checks)
        )
        rows.append(f"| {name} | {tally.passed}/{tally.turns} ({rate:.1%}) | {per_check} |")
        print(f"{name}: {tally.passed}/{tally.turns} graded turns pass ({rate:.1%}) — {per_check}")
        weak = sorted(
            ((t, v) for t, v in tally.tags.items() if v[1] < v[0]), key=lambda x: x[1][1] / x[1][0]
        )
        for tag, (total, good) in weak[:12]:
            print(f"    tag {tag}: {good}/{total}")
        if args.show_failures:
            for failure in tally.failures:
                print("  -", failure)
    print(f"{seconds:.1f}s on {platform.machine()} / Python {sys.version.split()[0]}")
    if args.write:
        table = "\n".join(["| suite | graded turns passed | per check |", "|---|---|---|", *rows])
        out = HERE / "RESULTS.md"
        text = out.read_text(encoding="utf-8") if out.exists() else ""
        marker = "<!-- dev-table -->"
        block = (
            f"{marker}\nRun {date.today().isoformat()} on {platform.node()} "
            f"({platform.machine()}, {platform.processor() or 'cpu'}, Python "
            f"{sys.version.split()[0]}), offline (embedded model, in-memory store), "
            f"{seconds:.1f}s:\n\n{table}\n{marker}"
        )
        if marker in text:
            head, _, rest = text.partition(marker)
            _, _, tail = rest.partition(marker)
            text = head + block + tail
        else:
            text = text + "\n" + block + "\n"
        out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
