"""A small runner for the complex-question dev suite, for what `switchboard eval` does not
measure: `--mission` also runs each final question as a mission when triage sent it elsewhere
(the missions' own accuracy, triage aside), and the mission status of every final turn. The
end-to-end numbers come from `switchboard eval` (same file, same checks).

    PYTHONPATH=src python bench/finance/run_complex_dev.py /work/data/dev/finance_complex.jsonl \
        [--only fin-cpx-0001,...] [--show-failures] [--json OUT]

Reads the suite format of `/work/notes/eval_format.md` (the subset the complex suite uses:
route, effects, figures, contains, contains_any, not_contains) and drives the finance app
offline, one fresh user and session per case, on a `ManualClock` set to the case's `today`
(12:00 in São Paulo). Number reading follows the eval's rules (pt-BR first: `1.952,13`,
`0,9%`, `1,5 mil`); phrases are compared folded (no accents, no case) as whole words. It also
counts the answers that mention illustrative (offline) market data without the label.

Dev split only: the held-out split is run by the lead with `switchboard eval`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from switchboard.apps.finance.app import build
from switchboard.apps.finance.ledger import LEDGER, FlowFilter
from switchboard.apps.finance.missions.telemetry import MISSIONS
from switchboard.apps.finance.triage import analyse
from switchboard.config import Settings
from switchboard.core.clock import ManualClock
from switchboard.core.events import DoneEvent
from switchboard.sessions.progress import Progress

ROUTES = {"junior": "trivial", "lancador": "lancamento", "simplista": "simplista"}
ROUTES["orquestrador"] = "complexa"

_NUMBER = r"\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+|\d+\.\d+|\d+"
_TOKEN = re.compile(
    r"(?<![\d.,])(?P<num>" + _NUMBER + r")(?![\d]|[.,]\d)"
    r"(?:\s?(?P<scale>mil|milh(?:ao|oes)|mi|bilh(?:ao|oes)|bi|k)(?![a-z]))?",
    re.IGNORECASE,
)
_SCALES = {"mil": 1000, "k": 1000, "mi": 10**6, "milhao": 10**6, "milhoes": 10**6}
_ILLUSTRATIVE = ("ilustrativ",)
_MARKET_HINTS = ("segundo brapi", "segundo yahoo", "cotacao", "fechou a", "manchete")


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", bare.casefold()).strip()


def parse_number(raw: str) -> Decimal:
    if "," in raw and "." in raw:
        if raw.rfind(".") > raw.rfind(","):
            return Decimal(raw.replace(",", ""))
        return Decimal(raw.replace(".", "").replace(",", "."))
    if "," in raw:
        return Decimal(raw.replace(",", "."))
    if "." in raw:
        groups = raw.split(".")
        if all(len(g) == 3 for g in groups[1:]):
            return Decimal(raw.replace(".", ""))
    return Decimal(raw)


def numbers_in(text: str) -> list[float]:
    plain = fold(text)
    found = []
    for match in _TOKEN.finditer(plain):
        value = parse_number(match.group("num"))
        scale = match.group("scale")
        if scale:
            value *= _SCALES.get(scale.lower(), 1)
        found.append(float(value))
    return found


def has_phrase(folded: str, phrase: str) -> bool:
    words = fold(phrase).split(" ")
    body = r"\s+".join(re.escape(w) for w in words)
    start = r"(?<!\w)" if words[0][:1].isalnum() else ""
    end = r"(?!\w)" if words[-1][-1:].isalnum() else ""
    return re.search(start + body + end, folded) is not None


@dataclass
class TurnResult:
    case: str
    index: int
    user: str
    answer: str
    route: str
    failures: list[str] = field(default_factory=list)
    graded: bool = False
    ms: float = 0.0
    mission_answer: str | None = None
    """`--mission`: the answer of a mission run directly (when triage sent the turn elsewhere)."""
    mission_failures: list[str] = field(default_factory=list)
    status: str | None = None
    """The mission's recorded final status (telemetry), when the turn ran one."""


def _tolerance(fig: dict[str, Any]) -> float:
    if "tol" in fig:
        return float(fig["tol"])
    if "rtol" in fig:
        return float(fig["rtol"]) * abs(float(fig["value"]))
    return 0.005


def grade(expect: dict[str, Any], answer: str, route: str, added: int) -> list[str]:
    failures = []
    folded = fold(answer)
    if "route" in expect and expect["route"] != route:
        failures.append(f"route: want {expect['route']} got {route}")
    if "effects" in expect and len(expect["effects"]) != added:
        failures.append(f"effects: want {len(expect['effects'])} rows got {added}")
    if "figures" in expect:
        numbers = numbers_in(answer)
        missing = [
            f["value"]
            for f in expect["figures"]
            if not any(abs(abs(n) - abs(f["value"])) <= _tolerance(f) + 1e-9 for n in numbers)
        ]
        if missing:
            failures.append(f"figures missing: {missing}")
    for phrase in expect.get("contains", []):
        if not has_phrase(folded, phrase):
            failures.append(f"contains: {phrase!r}")
    if "contains_any" in expect and not any(has_phrase(folded, p) for p in expect["contains_any"]):
        failures.append("contains_any: none")
    for phrase in expect.get("not_contains", []):
        if has_phrase(folded, phrase):
            failures.append(f"not_contains: {phrase!r}")
    return failures


def unlabelled_market(answer: str) -> bool:
    """An answer that shows market data (quotes, headlines, 'segundo brapi') without saying the
    data is illustrative."""
    folded = fold(answer)
    shows = any(h in folded for h in _MARKET_HINTS)
    return shows and not any(w in folded for w in _ILLUSTRATIVE)


async def _rows(app: Any, user: str) -> int:
    ledger = app.store.repository(LEDGER)
    everything = FlowFilter()
    return (
        len(await ledger.entries(user, everything))
        + len(await ledger.purchases(user, everything))
        + len(await ledger.scheduled(user, None, paid=False))
        + len(await ledger.scheduled(user, None, paid=True))
        + len(await ledger.debts(user))
        + len(await ledger.assets(user))
    )


async def run_case(case: dict[str, Any], mission: bool = False) -> list[TurnResult]:
    today = date.fromisoformat(case.get("today", "2026-11-26"))
    clock = ManualClock(wall_start=datetime(today.year, today.month, today.day, 15, tzinfo=UTC))
    app = build(
        store="memory://",
        clock=clock,
        hosted=False,
        model="embedded",
        settings=Settings(database_url="memory://"),
    )
    await app.start()
    user, session = "eval-user", f"eval-{case['id']}"
    results = []
    missions_seen = 0
    try:
        for index, turn in enumerate(case["turns"]):
            before = await _rows(app, user)
            started = time.perf_counter()
            events = [e async for e in app.stream(session, turn["user"], user_id=user)]
            ms = (time.perf_counter() - started) * 1000
            done = next((e for e in reversed(events) if isinstance(e, DoneEvent)), None)
            answer = done.text if done else ""
            route = ROUTES.get(done.agent, done.agent) if done else "erro"
            added = await _rows(app, user) - before
            records = await app.store.repository(MISSIONS).between()
            status = records[-1].status_final if len(records) > missions_seen else None
            missions_seen = len(records)
            result = TurnResult(case["id"], index, turn["user"], answer, route, ms=ms)
            result.status = status
            if "expect" in turn:
                result.graded = True
                result.failures = grade(turn["expect"], answer, route, added)
                result.mission_failures = result.failures
                last = index == len(case["turns"]) - 1
                if mission and last and route != "complexa":
                    final = await app.missions.run(
                        analyse(turn["user"]), user_id=user, progress=Progress()
                    )
                    result.mission_answer = final.resposta_ao_usuario
                    result.status = final.status
                    result.mission_failures = grade(
                        turn["expect"], final.resposta_ao_usuario, "complexa", 0
                    )
            results.append(result)
            await clock.advance(60)
    finally:
        await app.shutdown()
    return results


def load(path: Path, only: set[str] | None) -> list[dict[str, Any]]:
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        case = json.loads(line)
        if only is None or case["id"] in only:
            cases.append(case)
    return cases


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("suite", type=Path)
    parser.add_argument("--only", default="")
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--show-answers", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--mission",
        action="store_true",
        help="also run each final question as a mission when triage sent it elsewhere",
    )
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    cases = load(args.suite, only)
    per_tag: dict[str, list[bool]] = {}
    complex_turns: list[TurnResult] = []
    case_ok = 0
    unlabelled = 0
    setup_turns = setup_wrong = 0
    mission_ok = 0
    statuses: dict[str, int] = {}
    for case in cases:
        results = await run_case(case, args.mission)
        final = results[-1]
        setup_turns += sum(1 for r in results[:-1] if r.graded)
        setup_wrong += sum(1 for r in results[:-1] if r.failures)
        ok = not final.failures
        case_ok += ok
        mission_ok += not final.mission_failures
        for tag in case.get("tags", []):
            per_tag.setdefault(tag, []).append(ok)
        complex_turns.append(final)
        statuses[final.status or "sem missão"] = statuses.get(final.status or "sem missão", 0) + 1
        if unlabelled_market(final.answer):
            unlabelled += 1
        if (args.show_failures and final.failures) or args.show_answers:
            print(f"--- {case['id']} {'OK' if ok else 'FAIL'} {final.failures}")
            print(f"    Q: {final.user}  [status: {final.status}]")
            print("    A: " + final.answer.replace("\n", "\n       "))
            if final.mission_answer is not None:
                verdict = final.mission_failures or "OK"
                print(f"    MISSION {verdict}")
                print("    M: " + final.mission_answer.replace("\n", "\n       "))
    total = len(cases)
    print(f"\ncases: {total}, final turn fully right: {case_ok} ({100 * case_ok / total:.1f}%)")
    if args.mission:
        print(
            f"final turn right when asked as a mission (route aside): {mission_ok} "
            f"({100 * mission_ok / total:.1f}%)"
        )
    print(
        "mission status of the final turns: "
        + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
    )
    print(f"setup (recording) turns: {setup_turns}, wrong: {setup_wrong}")
    print(f"answers with market data but no 'ilustrativo' label: {unlabelled}")
    ms = sorted(r.ms for r in complex_turns)
    print(f"final-turn wall time: median {ms[len(ms) // 2]:.1f} ms, max {ms[-1]:.1f} ms")
    for tag, oks in sorted(per_tag.items()):
        print(f"  {tag:22s} {sum(oks):3d}/{len(oks):3d}")
    if args.json:
        args.json.write_text(
            json.dumps(
                [r.__dict__ for r in complex_turns], ensure_ascii=False, indent=1, default=str
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
