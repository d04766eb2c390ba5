"""Exact parsing of a hosted guard's answer: UNSAFE is never read as SAFE; garbage falls back."""

from __future__ import annotations

import json

import pytest

from switchboard.patterns.guardrails import (
    GUARD_ANSWER_SCHEMA,
    GUARD_CATEGORIES,
    GUARD_SYSTEM_PROMPT,
    GuardAnswerError,
    GuardCategory,
    GuardVerdict,
    most_severe,
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
        ('{"verdict": "UNSAFE", "category": "harassment_sexual"}', "harassment"),  # v3 name
        ('{"verdict": "UNSAFE", "category": "privacy"}', "privacy"),
        ('{"verdict": "UNSAFE", "category": "eligibility_fraud"}', "eligibility_fraud"),
        ('{"verdict": "UNSAFE", "category": "sexual_minors"}', "sexual_minors"),
        ('{"verdict": "UNSAFE", "category": "immediate_danger"}', "immediate_danger"),
        ("UNSAFE: hate speech", "hate"),
        ("unsafe\nS4", "sexual_minors"),
        ("unsafe\nS7", "privacy"),
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
    categories = GUARD_ANSWER_SCHEMA["properties"]["category"]["enum"]
    assert categories == [*(c.value for c in GUARD_CATEGORIES), None]
    json.dumps(GUARD_ANSWER_SCHEMA)
    for word in ("SAFE", "UNSAFE", "matar a saudade", *(c.value for c in GUARD_CATEGORIES)):
        assert word in GUARD_SYSTEM_PROMPT


def test_categories_are_a_str_enum_most_severe_first() -> None:
    assert GuardCategory("self_harm") is GuardCategory.SELF_HARM
    assert GuardCategory.PRIVACY == "privacy"  # stored as its value (moderation log, JSON)
    assert GUARD_CATEGORIES[:3] == (
        GuardCategory.IMMEDIATE_DANGER,
        GuardCategory.SELF_HARM,
        GuardCategory.SEXUAL_MINORS,
    )
    assert most_severe(["prompt_injection", None, "self_harm"]) == GuardCategory.SELF_HARM
    assert most_severe([None]) is None
    assert GuardVerdict("UNSAFE", "hate").category is GuardCategory.HATE  # strings coerced
    with pytest.raises(ValueError):
        GuardVerdict("UNSAFE", "cooking")  # type: ignore[arg-type]
