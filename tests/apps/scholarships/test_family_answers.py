"""Answers families give (sch8): a pensão a parent outside pays to the student is income, not
an expense; a conditional yes to nearby cities is a yes; a nickname asked for after onboarding
renames the profile (a preference for a course does not)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.extract import yes_no
from switchboard.apps.scholarships.income import read_income
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
