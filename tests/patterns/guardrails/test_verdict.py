"""Exact parsing of a hosted guard's answer: UNSAFE is never read as SAFE; garbage falls back."""

from __future__ import annotations

import json

import pytest

from switchboard.patterns.guardrails import (
    GUARD_ANSWER_SCHEMA,
    GUARD_SYSTEM_PROMPT,
    GuardAnswerError,
    GuardVerdict,
    parse_verdict,
    read_verdict,
)


@pytest.mark.parametrize(
    "raw",
    ["SAFE", "safe", "  SAFE\n", "**SAFE**", "`SAFE`", '"SAFE"', "SAFE.", '{"verdict": "SAFE"}'],
)
def test_safe_answers(raw: str) -> None:
    verdict = read_verdict(raw)
    assert verdict.verdict == "SAFE"
    assert verdict.category is None
    assert verdict.source == "model"


@pytest.mark.parametrize(
    ("raw", "category"),
    [
        ("UNSAFE", None),
        ("unsafe", None),
        ("UNSAFE.", None),
        ("**UNSAFE**", None),
        ("UNSAFE: self_harm", "self_harm"),
        ("UNSAFE - fraud", "fraud"),
        ("unsafe (violence)", "violence"),
        ("UNSAFE: prompt injection", "prompt_injection"),
        ("UNSAFE: jailbreak", "prompt_injection"),
        ("unsafe\nS11", "self_harm"),  # Llama Guard's two-line answer
        ('{"verdict": "UNSAFE", "category": "harassment_sexual"}', "harassment_sexual"),
        ('```json\n{"verdict": "UNSAFE", "category": "fraud"}\n```', "fraud"),
        ('{"verdict": "unsafe", "category": null}', None),
        ('{"verdict": "UNSAFE", "category": "something new"}', None),
    ],
)
def test_unsafe_answers_are_never_read_as_safe(raw: str, category: str | None) -> None:
    verdict = read_verdict(raw)
    assert verdict.verdict == "UNSAFE"
    assert verdict.category == category


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "NOT SAFE",
        "SAFE or UNSAFE",
        "UNSAFE SAFE",
        "The message is SAFE because the student asks about Prouni.",
        "SAFE: self_harm",  # a SAFE verdict with a category is contradictory
        "UNSAFE: cooking",  # unknown category word: not a verdict we can trust
        '{"verdict": "MAYBE"}',
        '{"verdict": "SAFE"',
        "[1, 2]",
    ],
)
def test_anything_else_is_an_error(raw: str) -> None:
    with pytest.raises(GuardAnswerError) as info:
        read_verdict(raw)
    assert info.value.code == "guard_bad_answer"


def test_unreadable_answer_uses_the_fallback() -> None:
    offline = GuardVerdict("SAFE", None, 0.93, 0.4, "classifier")
    verdict = parse_verdict("I think this is fine", fallback=offline)
    assert verdict.verdict == "SAFE"
    assert verdict.confidence == 0.93
    assert verdict.source == "fallback"


def test_unreadable_answer_without_fallback_fails_closed() -> None:
    verdict = parse_verdict("hmm")
    assert verdict.verdict == "UNSAFE"
    assert verdict.category is None
    assert verdict.source == "unparsed"


def test_readable_answer_ignores_the_fallback() -> None:
    offline = GuardVerdict("SAFE", None, 0.9)
    assert parse_verdict("UNSAFE", fallback=offline).verdict == "UNSAFE"


def test_schema_and_prompt() -> None:
    assert GUARD_ANSWER_SCHEMA["required"] == ["verdict", "category"]
    assert GUARD_ANSWER_SCHEMA["properties"]["verdict"]["enum"] == ["SAFE", "UNSAFE"]
    json.dumps(GUARD_ANSWER_SCHEMA)
    for word in ("SAFE", "UNSAFE", "self_harm", "fraud", "prompt_injection", "matar a saudade"):
        assert word in GUARD_SYSTEM_PROMPT
