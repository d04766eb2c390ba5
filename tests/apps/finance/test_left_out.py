"""A category left out of a question ("sem contar o mercado", "tirando a luz", "e sem o
mercado?"): it answered the excluded category alone, the opposite of what was asked."""

from __future__ import annotations

from datetime import date

import pytest

from switchboard.apps.finance.nlu.query import LedgerQuery, parse_query

from .app_helpers import app_with, say

TODAY = date(2026, 11, 20)


@pytest.mark.parametrize(
    ("text", "excluded", "asked"),
    [
        ("quanto gastei no mês excluindo o aluguel?", ("Moradia", "Aluguel"), None),
        (
            "gastos de alimentação tirando restaurante",
            ("Alimentação", "Restaurante"),
            "Alimentação",
        ),
        ("quanto saiu esse mês sem os gastos com farmácia?", ("Saúde", "Farmácia"), None),
    ],
)
def test_what_is_left_out_is_not_the_filter(
    text: str, excluded: tuple[str, str], asked: str | None
) -> None:
    query = parse_query(text, TODAY)
    assert isinstance(query, LedgerQuery)
    assert query.excluded == (excluded,) and query.categoria == asked


async def test_a_total_and_a_follow_up_leave_the_category_out() -> None:
    app = await app_with("gastei 60 na farmácia", "paguei 900 de aluguel", "almocei por 40")
    reply = await say(app, "quanto gastei esse mês descontando o aluguel?")
    assert "R$ 100,00" in reply and "sem contar Aluguel" in reply
    await say(app, "quanto gastei esse mês?")
    reply = await say(app, "e tirando a farmácia?")
    assert "R$ 940,00" in reply and "sem contar Farmácia" in reply


def test_a_thing_inside_a_category_leaves_out_only_itself() -> None:
    """ "a academia" is filed under Saúde: leaving it out is not leaving out all of Saúde."""
    query = parse_query("quanto gastei esse mês fora a academia?", TODAY)
    assert isinstance(query, LedgerQuery)
    assert query.excluded == () and query.excluded_words == ("academia",)
