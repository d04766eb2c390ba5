"""Branch fin13 (issue 19): venting about money, someone else's spending told in slang and
questions asked without a "?" record nothing; the user's own concrete spending told with a bit
of emotion is still recorded."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.rules import apply

from .app_helpers import ledger_of, make_app, say
from .fin13_probes import COMPLAINTS, OWN_SPENDING, QUESTIONS, THIRD_PARTIES


async def _rows_after(text: str) -> tuple[int, str]:
    app = make_app()
    reply = await say(app, text)
    return len(await ledger_of(app).entries("ana", FlowFilter())), reply


@pytest.mark.parametrize("text", COMPLAINTS)
async def test_venting_records_nothing(text: str) -> None:
    rows, reply = await _rows_after(text)
    assert rows == 0, reply
    assert "Registrado" not in reply


@pytest.mark.parametrize("text", THIRD_PARTIES)
async def test_someone_elses_spending_records_nothing(text: str) -> None:
    rows, reply = await _rows_after(text)
    assert rows == 0, reply
    assert read_intent(fold(text)).intent == "informacao"


@pytest.mark.parametrize("text", QUESTIONS)
async def test_questions_without_a_question_mark_record_nothing(text: str) -> None:
    rows, reply = await _rows_after(text)
    assert rows == 0, reply
    assert "Registrado" not in reply


@pytest.mark.parametrize("text", OWN_SPENDING)
async def test_own_spending_told_with_emotion_is_recorded(text: str) -> None:
    rows, reply = await _rows_after(text)
    assert rows >= 1, reply


@pytest.mark.parametrize(
    "text",
    [
        "gastei 80 no mercado hoje, ta tudo caro",
        "comprei um tenis de 200, caro demais mas precisava",
        "gastei 90 na farmacia, remedio ta caro",
    ],
)
def test_a_price_remark_after_an_act_is_not_an_analysis(text: str) -> None:
    hit = apply(fold(text))
    assert hit is not None and hit.categoria == "lancamento"


@pytest.mark.parametrize(
    "text",
    [
        "meus gastos com mercado estao muito altos, o que faco?",
        "gastei 300 no mercado, ta caro?",
    ],
)
def test_a_price_question_is_still_one(text: str) -> None:
    hit = apply(fold(text))
    assert hit is None or hit.categoria != "lancamento"


def test_a_question_asked_after_a_record_request_still_records() -> None:
    assert read_intent(fold("anota 50 de uber e me diz quanto foi de uber")).intent == "registro"
