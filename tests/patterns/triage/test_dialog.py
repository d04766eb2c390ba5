"""Dialog mode (patterns/triage/dialog.py): expiry and the three steps a message can take."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from switchboard.patterns.triage import (
    ContinuityResult,
    Dialog,
    Judge,
    LearnedContinuity,
    OpenDialog,
    answer_dialog,
    load_pairs,
)

ASKED = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
DIALOG = Dialog(agent="clerk", question="Which colour?", asked_at=ASKED, asked_fields=("colour",))


def _judge(verdict: ContinuityResult) -> tuple[Judge, list[OpenDialog]]:
    seen: list[OpenDialog] = []

    async def judge(dialog: OpenDialog, text: str) -> ContinuityResult:
        seen.append(dialog)
        return verdict

    return judge, seen


def test_a_dialog_expires_after_its_ttl() -> None:
    ttl = timedelta(minutes=30)
    assert not DIALOG.expired(ASKED + ttl, ttl)
    assert DIALOG.expired(ASKED + ttl + timedelta(seconds=1), ttl)


def test_asking_reads_the_last_field_only() -> None:
    dialog = DIALOG.model_copy(update={"asked_fields": ("size", "colour")})
    assert dialog.asking("colour") and not dialog.asking("size")
    assert not DIALOG.model_copy(update={"asked_fields": ()}).asking("colour")


async def test_an_answer_continues_and_the_judge_sees_agent_and_question() -> None:
    judge, seen = _judge(ContinuityResult(continues=True, confianca=0.9))
    step = await answer_dialog(DIALOG, "blue", judge)
    assert step.action == "continue" and step.text == "blue"
    assert seen == [OpenDialog("clerk", "Which colour?")]


async def test_a_bare_cancel_goes_back_to_the_agent_that_asked() -> None:
    judge, _ = _judge(ContinuityResult(continues=True, confianca=0.95, cancel=True))
    assert (await answer_dialog(DIALOG, "forget it", judge)).action == "cancel"


async def test_a_cancel_with_a_new_request_is_triaged_without_the_cancel_words() -> None:
    judge, _ = _judge(ContinuityResult(continues=False, confianca=0.95, cancel=True))
    step = await answer_dialog(
        DIALOG, "forget it, what time is it?", judge, strip_cancel=lambda t: t.split(", ", 1)[1]
    )
    assert (step.action, step.text) == ("new", "what time is it?")


async def test_the_apps_rule_overrides_a_negative_verdict_but_not_a_cancel() -> None:
    def answers(dialog: Dialog, text: str) -> str | None:
        return "colour_word" if dialog.asking("colour") and text == "red" else None

    judge, _ = _judge(ContinuityResult(continues=False, confianca=0.8))
    step = await answer_dialog(DIALOG, "red", judge, answers=answers)
    assert step.action == "continue" and step.verdict.reason == "colour_word"
    assert (await answer_dialog(DIALOG, "green", judge, answers=answers)).action == "new"
    cancel, _ = _judge(ContinuityResult(continues=False, confianca=0.9, cancel=True))
    assert (await answer_dialog(DIALOG, "red", cancel, answers=answers)).action == "new"


@pytest.mark.parametrize(
    ("message", "continues"), [("blue please", True), ("what is the time", False)]
)
def test_learned_continuity_follows_the_apps_features(message: str, continues: bool) -> None:
    def features(dialog: OpenDialog, text: str) -> dict[str, float]:
        return {"colour": 1.0} if any(c in text for c in ("blue", "red", "green")) else {"x": 1.0}

    rows = [
        json.dumps({"agent": "clerk", "question": "Which colour?", "message": m, "continues": c})
        for m, c in [("red", True), ("green one", True), ("the time?", False), ("hello", False)]
    ]
    learned = LearnedContinuity.train(features, load_pairs(rows))
    result = learned.predict(DIALOG.open, message, 0.0)
    assert result.continues is continues and result.reason == "model"
