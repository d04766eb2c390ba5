"""A small runner for `switchboard eval` suites (format v1, docs in the eval branch) on the support
app, until `switchboard eval` lands on main: only the checks the support suites use (`agent`,
`not_contains`, `contains_any`, `asks`), with the same folding (NFKD, no accents, case-folded,
whole-word phrases).

Each case runs on a fresh session of one shared app (as `switchboard eval` does: a fresh user and
session per case, one app per suite).
"""

from __future__ import annotations

import json
import re
import time
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", bare.casefold()).strip()


def has_phrase(text: str, phrase: str) -> bool:
    folded = fold(phrase)
    body = r"\s+".join(re.escape(w) for w in folded.split(" "))
    start = r"(?<!\w)" if folded[:1].isalnum() else ""
    end = r"(?!\w)" if folded[-1:].isalnum() else ""
    return re.search(start + body + end, fold(text)) is not None


@dataclass
class TurnResult:
    case: str
    index: int
    user: str
    intent: str
    expected: list[str]
    agent: str
    text: str
    failures: list[str] = field(default_factory=list)
    ms: float = 0.0
    calls: int = 0
    """Model calls the turn made (every agent, every step)."""
    checked: frozenset[str] = frozenset()
    """The checks this turn's `expect` asks for."""

    @property
    def ok(self) -> bool:
        return not self.failures


def load(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    cases = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("//"):
                cases.append(json.loads(line))
    return cases


def check(expect: dict[str, Any], agent: str, text: str) -> list[str]:
    failures = []
    wanted = expect.get("agent")
    if wanted is not None:
        allowed = wanted if isinstance(wanted, list) else [wanted]
        if agent not in allowed:
            failures.append("agent")
    for phrase in expect.get("not_contains", []):
        if has_phrase(text, phrase):
            failures.append("not_contains")
    any_of = expect.get("contains_any")
    if any_of and not any(has_phrase(text, p) for p in any_of):
        failures.append("contains_any")
    if "asks" in expect and expect["asks"] != text.rstrip().endswith("?"):
        failures.append("asks")
    if not text.strip():
        failures.append("empty")
    return failures


async def run(app: Any, cases: list[dict[str, Any]]) -> list[TurnResult]:
    results = []
    for case in cases:
        session = f"eval-{case['id']}"
        user = f"u-{case['id']}"
        for index, turn in enumerate(case["turns"]):
            started = time.perf_counter()
            reply = await app.reply(session, turn["user"], user_id=user)
            ms = (time.perf_counter() - started) * 1000
            expect = turn.get("expect")
            if expect is None:
                continue
            wanted = expect.get("agent")
            results.append(
                TurnResult(
                    case=case["id"],
                    index=index,
                    user=turn["user"],
                    intent=turn.get("intent", case.get("intent", "")),
                    expected=wanted if isinstance(wanted, list) else [wanted],
                    agent=reply.agent,
                    text=reply.text,
                    failures=check(expect, reply.agent, reply.text),
                    ms=ms,
                    calls=reply.usage.calls,
                    checked=frozenset(expect),
                )
            )
    return results
