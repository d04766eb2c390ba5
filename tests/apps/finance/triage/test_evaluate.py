"""Evaluation and data files: the report, the held-out floor, no leaks between splits."""

from __future__ import annotations

import json

import pytest

from switchboard.apps.finance.triage import Triage, evaluate
from switchboard.apps.finance.triage.data import (
    TriageDataError,
    TriageExample,
    load_examples,
    packaged_examples,
    parse_examples,
)
from switchboard.apps.finance.triage.text import fold

from .conftest import BENCH, SEEDS, TEST_SPLIT


def test_summary_json_has_the_cli_fields(triage: Triage) -> None:
    rows = [
        TriageExample(text="oi", label="trivial"),
        TriageExample(text="gastei 50 no mercado", label="lancamento"),
        TriageExample(text="quanto gastei?", label="simplista"),
        TriageExample(text="gastei 50 no mercado", label="complexa"),  # wrong on purpose
    ]
    report = evaluate(rows, triage=triage, repeats=2)
    summary = json.loads(report.summary_json())
    assert {"n", "accuracy", "p50_ms", "p99_ms", "confusion", "per_class"} <= set(summary)
    assert summary["n"] == 4 and summary["accuracy"] == 0.75
    assert summary["confusion"]["complexa"]["lancamento"] == 1
    assert summary["per_class"]["lancamento"]["precision"] == 0.5
    assert [m.text for m in report.mistakes] == ["gastei 50 no mercado"]


def test_evaluate_rejects_nothing_to_do(triage: Triage) -> None:
    with pytest.raises(ValueError):
        evaluate([], triage=triage)
    with pytest.raises(ValueError):
        evaluate([TriageExample(text="oi", label="trivial")], triage=triage, repeats=0)


def test_held_out_accuracy_floor(triage: Triage) -> None:
    """Quality bar of issue 10 on the held-out split (never used for training or tuning)."""
    rows = load_examples(TEST_SPLIT)
    assert len(rows) >= 400
    assert evaluate(rows, triage=triage).accuracy >= 0.95


def test_splits_do_not_leak() -> None:
    train = {fold(r.text) for r in packaged_examples()}
    train_groups = {r.group for r in packaged_examples()}
    for name in ("triage_dev.jsonl", "triage_test.jsonl"):
        rows = load_examples(BENCH / name)
        assert not {fold(r.text) for r in rows} & train, name
        assert not {r.group for r in rows} & train_groups, name
    dev_groups = {r.group for r in load_examples(BENCH / "triage_dev.jsonl")}
    assert not {r.group for r in load_examples(TEST_SPLIT)} & dev_groups


def test_the_seeds_are_in_train_and_the_sets_are_big_and_balanced() -> None:
    train = packaged_examples()
    assert {r.text for r in load_examples(SEEDS)} <= {r.text for r in train}
    every = train + load_examples(BENCH / "triage_dev.jsonl") + load_examples(TEST_SPLIT)
    assert len(every) >= 1200
    counts = {c: sum(r.label == c for r in every) for c in ("trivial", "lancamento")}
    counts |= {c: sum(r.label == c for r in every) for c in ("simplista", "complexa")}
    assert min(counts.values()) >= 0.15 * len(every)


def test_a_bad_line_is_a_typed_error() -> None:
    with pytest.raises(TriageDataError) as error:
        list(parse_examples(['{"text": "oi", "label": "trivial"}', '{"text": "x", "label": "?"}']))
    assert error.value.code == "triage_data_invalid" and error.value.context["line"] == 2
    with pytest.raises(TriageDataError):
        list(parse_examples(["not json"]))
