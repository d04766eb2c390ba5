"""Write bench/support/eval/messages.jsonl, an independent eval suite for the support app.

Why a generator: the messages and their labels live here as plain data, so a reviewer reads the
intent and the expected agent beside each message; ids, splits, tags and checks are derived the
same way every time. The messages were written from how Brazilian customers type, without
looking at the app's intents, examples, FAQ or tests (see README.md).

Run: python bench/support/eval/make_suite.py  (no dependencies; rewrites messages.jsonl).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cases_multi import MULTI
from cases_single import SINGLE

NOT_UNDERSTOOD = ["não entendi", "nao entendi"]
TICKET_WORDS = ["chamado", "protocolo"]
OUT = Path(__file__).with_name("messages.jsonl")


def split_of(case_id: str) -> str:
    """Deterministic split: the last hex digit of sha1(id) below 5 puts the case in test."""
    return "test" if int(hashlib.sha1(case_id.encode()).hexdigest()[-1], 16) < 5 else "dev"


def expect_of(agent: str | None, ticket: bool) -> dict[str, object]:
    """The graded checks of one turn: the answering agent (unless ambiguous), no 'não entendi',
    and a ticket offer (chamado/protocolo) when the FAQ is not expected to cover the question."""
    expect: dict[str, object] = {}
    if agent is not None:
        expect["agent"] = agent
    expect["not_contains"] = NOT_UNDERSTOOD
    if ticket:
        expect["contains_any"] = TICKET_WORDS
    return expect


def style_tags(texts: list[str]) -> list[str]:
    """Length tags computed from the words, so the summary shows short and long messages."""
    words = sum(len(t.split()) for t in texts)
    if len(texts) == 1 and words <= 4:
        return ["curto"]
    if words >= 25:
        return ["longo"]
    return []


def turn_of(spec: dict[str, object]) -> dict[str, object]:
    """One turn: graded unless `context` is set; `notes` marks an ambiguous expectation."""
    turn: dict[str, object] = {"user": spec["user"]}
    if spec.get("context"):
        return turn
    turn["intent"] = spec["intent"]
    if spec.get("notes"):
        turn["notes"] = spec["notes"]
    turn["expect"] = expect_of(spec.get("agent"), bool(spec.get("ticket")))  # type: ignore[arg-type]
    return turn


def build() -> list[dict[str, object]]:
    cases: list[dict[str, object]] = []
    n = 0
    for domain, intent, agent, text, extra in SINGLE:
        n += 1
        case_id = f"sup-{n:04d}"
        spec = {"user": text, "intent": intent, "agent": agent, **extra}
        tags = [domain, *style_tags([text])]
        if extra.get("notes"):
            tags.append("ambiguo")
        if extra.get("ticket"):
            tags.append("sem_faq")
        cases.append(
            {
                "id": case_id,
                "app": "support",
                "split": split_of(case_id),
                "tags": tags,
                "turns": [turn_of(spec)],
            }
        )
    for domain, turns in MULTI:
        n += 1
        case_id = f"sup-{n:04d}"
        tags = [domain, "multi_turno", *style_tags([str(t["user"]) for t in turns])]
        if any(t.get("notes") for t in turns):
            tags.append("ambiguo")
        if any(t.get("ticket") for t in turns):
            tags.append("sem_faq")
        cases.append(
            {
                "id": case_id,
                "app": "support",
                "split": split_of(case_id),
                "tags": tags,
                "turns": [turn_of(t) for t in turns],
            }
        )
    return cases


def main() -> None:
    cases = build()
    ids = [c["id"] for c in cases]
    texts = [json.dumps(c["turns"], ensure_ascii=False) for c in cases]
    assert len(set(ids)) == len(ids), "duplicate ids"
    assert len(set(texts)) == len(texts), "duplicate conversations"
    with OUT.open("w", encoding="utf-8") as fh:
        for case in cases:
            fh.write(json.dumps(case, ensure_ascii=False) + "\n")
    multi = sum(1 for c in cases if len(c["turns"]) > 1)  # type: ignore[arg-type]
    test = sum(1 for c in cases if c["split"] == "test")
    print(f"{len(cases)} cases ({multi} multi-turn): {len(cases) - test} dev, {test} test")


if __name__ == "__main__":
    main()
