"""Answers families give (sch8): a pensão a parent outside pays to the student is income, not
an expense; a conditional yes to nearby cities is a yes; a nickname asked for after onboarding
renames the profile (a preference for a course does not)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.app import ScholarshipsApp
from switchboard.apps.scholarships.extract import yes_no
from switchboard.apps.scholarships.income import IncomeKind, read_income
from switchboard.apps.scholarships.onboarding_text import nickname_in
from switchboard.apps.scholarships.records import PROFILES

from .helpers import USER, make_app, onboarded, say

WAGE = Decimal("1621.00")


def test_a_pension_received_is_income_and_rent_is_not() -> None:
    said = "minha mãe ganha 2 mil e meu pai paga pensão de 500 pra mim, somos 3"
    assert read_income(said, WAGE).total == Decimal("2500.00")
    rent = read_income("minha mãe ganha 2 mil e paga 800 de aluguel, somos 3", WAGE)
    assert rent.total == Decimal("2000.00")


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("depende, se for perto sim", True),
        ("só se for perto", True),
        ("sim", True),
        ("não", False),
        ("só na minha cidade", False),
        ("depende", None),
    ],
)
def test_moving_answers(text: str, answer: bool | None) -> None:
    assert yes_no(text) is answer


@pytest.mark.parametrize(
    ("text", "name"),
    [("pode me chamar de Duda", "Duda"), ("prefiro Direito", None), ("me chama de quê?", None)],
)
def test_nickname_requests(text: str, name: str | None) -> None:
    assert nickname_in(text) == name


async def test_a_nickname_after_onboarding_renames_the_profile() -> None:
    app = make_app()
    await onboarded(app, name="Maria Eduarda")
    reply = await say(app, "pode me chamar de Duda")
    assert "não tenho certeza" not in reply.text.lower() and "Duda" in reply.text
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.name == "Duda"


async def _at_the_income_question(app: ScholarshipsApp) -> None:
    await onboarded(
        app, course_interest="direito", enem_score=612, shifts=["noturno"],
        institution_type="privada",
    )  # fmt: skip
    await say(app, "bora procurar faculdade")
    reply = await say(app, "direito, 612 no enem, a noite, particular")
    assert "renda" in reply.text.lower()


async def test_a_score_or_school_told_at_the_income_question_changes_nothing() -> None:
    """Both independent income writers marked "tirei 640 no enem" at the income question as
    not an answer: the profile keeps its values and the income is asked again."""
    app = make_app()
    await _at_the_income_question(app)
    reply = await say(app, "tirei 640 no enem")
    assert "corrigi" not in reply.text.lower() and "renda" in reply.text.lower()
    await say(app, "terminei o ensino medio na escola estadual")
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None
    assert (profile.enem_score, profile.institution_type) == (612, "privada")


async def test_a_change_asked_at_the_income_question_is_made() -> None:
    app = make_app()
    await _at_the_income_question(app)
    reply = await say(app, "na verdade minha nota é 640")
    assert "corrigi" in reply.text.lower()
    profile = await app.store.repository(PROFILES).get(USER)
    assert profile is not None and profile.enem_score == 640


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("mil e pouco, somos 3", "1000.00", "2000.00"), ("uns 2 mil e tanto", "2000.00", "3000.00")],
)
def test_an_amount_said_as_a_floor_is_a_range(text: str, low: str, high: str) -> None:
    reading = read_income(text, WAGE)
    assert (reading.kind, reading.low, reading.high) == (
        IncomeKind.RANGE,
        Decimal(low),
        Decimal(high),
    )


def test_conto_after_a_small_number_is_thousands() -> None:
    assert read_income("entra uns 3 conto, somos 2", WAGE).per_capita == Decimal("1500.00")
