"""Household counts said beside other figures (issue 20, tester's report 4): the Enem named
earlier in the message does not make "somos 4" a score, and "renda de 1200 sozinho" is a
household of one — so the number of people is not asked again."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.income import read_income


@pytest.mark.parametrize(
    ("text", "members", "per_capita"),
    [
        ("tirei 700 no enem, somos 4 em casa e a renda e 5 mil", 4, "1250.00"),
        ("minha nota foi 620, moramos 3 e ganhamos 3 mil", 3, "1000.00"),
        ("renda de 1200 sozinho", 1, "1200.00"),
        ("ganho 1500 sozinha", 1, "1500.00"),
    ],
)
def test_people_are_counted(text: str, members: int, per_capita: str) -> None:
    reading = read_income(text)
    assert reading.members == members
    assert reading.per_capita == Decimal(per_capita)


def test_a_score_is_still_a_score() -> None:
    reading = read_income("tirei 700 no enem e a renda da casa e 5 mil")
    assert reading.total == Decimal("5000.00") and reading.members is None
