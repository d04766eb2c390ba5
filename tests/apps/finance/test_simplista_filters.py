"""The Simplista answers exactly what was asked (issue 19.2): date shapes people use, the whole
history when they say so (or when the assumed month has nothing), shares, the month of a
maximum, averages per item, bills due by a date and what is left after paying them.

The ledger is built through the app ("farmácia 40 dia 03/11 no pix"), today is Friday
20/11/2026 (app_helpers.NOW).
"""

from __future__ import annotations

from datetime import date

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.nlu import LedgerQuery, parse_query
from switchboard.apps.finance.nlu.dates import resolve_period

from .app_helpers import TODAY, make_app

LEDGER = (
    "farmácia 40 dia 03/11 no pix",
    "farmácia 60 dia 12/10 no pix",
    "táxi 30 dia 14/10 no pix",
    "táxi 22 dia 05/11 no débito",
    "jantar no restaurante 80 dia 06/11",
    "jantar no restaurante 100 dia 09/11",
    "conta de água 90 dia 10/10",
    "conta de água 70 dia 10/11",
    "aluguel 1.200 dia 01/11",
)


async def _app_with_ledger() -> FinanceApp:
    app = make_app()
    for line in LEDGER:
        reply = await app.reply("s1", line, user_id="bia")
        assert reply.text.startswith("Registrado!"), (line, reply.text)
    return app


async def _ask(app: FinanceApp, text: str) -> str:
    reply = await app.reply("s1", text, user_id="bia")
    assert reply.agent == "simplista", (text, reply.agent, reply.text)
    return reply.text


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("de 3 a 9/11", date(2026, 11, 3), date(2026, 11, 9)),
        ("entre 2 e 6/10", date(2026, 10, 2), date(2026, 10, 6)),
        ("no dia 05/11", date(2026, 11, 5), date(2026, 11, 5)),
        ("dia 12 de outubro", date(2026, 10, 12), date(2026, 10, 12)),
        ("desde 10 de outubro", date(2026, 10, 10), TODAY),
        ("a partir de 10/10", date(2026, 10, 10), TODAY),
        ("até dia 2 de dezembro", TODAY, date(2026, 12, 2)),
        ("até 02/12", TODAY, date(2026, 12, 2)),
    ],
)
def test_date_shapes_of_a_period(text: str, start: date, end: date) -> None:
    period = resolve_period(text, TODAY)
    assert period is not None
    assert (period.start, period.end) == (start, end)


@pytest.mark.parametrize(
    "text", ["quanto gastei entre 1 e 10 de novembro?", "quanto gastei de 3 a 9/11?"]
)
def test_the_days_of_a_range_are_not_amount_filters(text: str) -> None:
    query = parse_query(text, TODAY)
    assert isinstance(query, LedgerQuery)
    assert (query.min_value, query.max_value) == (None, None)


async def test_ranges_single_days_and_since() -> None:
    app = await _app_with_ledger()
    assert "R$ 180,00" in await _ask(app, "quanto gastei de restaurante de 5 a 10/11?")
    assert "R$ 22,00" in await _ask(app, "quanto gastei no dia 05/11?")
    assert "R$ 52,00" in await _ask(app, "quanto gastei de taxi desde 10 de outubro?")


async def test_no_total_means_the_whole_history() -> None:
    app = await _app_with_ledger()
    text = await _ask(app, "quanto foi no pix no total?")
    assert "R$ 130,00" in text
    assert "todo o histórico" in text


async def test_an_assumed_month_also_gives_the_history_when_it_differs() -> None:
    app = await _app_with_ledger()
    text = await _ask(app, "quanto gastei de taxi no pix?")
    assert text.startswith("Neste mês não há nenhum gasto registrado")
    assert text.endswith("Em todo o histórico: R$ 30,00.")
    same = await _ask(app, "quanto gastei de aluguel?")
    assert "histórico" not in same


async def test_share_of_a_category_in_a_period() -> None:
    app = await _app_with_ledger()
    text = await _ask(app, "quantos % do meu gasto de novembro foi aluguel?")
    assert "R$ 1.200,00" in text
    assert "79,37%" in text  # 1.200 of 40 + 22 + 80 + 100 + 70 + 1.200 = 1.512


async def test_which_month_names_the_month() -> None:
    app = await _app_with_ledger()
    text = await _ask(app, "em que mes a agua veio mais cara?")
    assert "outubro" in text
    assert "R$ 90,00" in text


async def test_average_per_meal_divides_by_the_meals() -> None:
    app = await _app_with_ledger()
    assert "R$ 90,00" in await _ask(app, "quanto gasto em media por jantar no restaurante?")


async def test_bills_due_by_a_date_and_what_is_left_after_paying() -> None:
    app = make_app()
    for line in (
        "conta de luz 150 vence dia 25",
        "internet 100 vence dia 3 de dezembro",
        "condominio 500 vence dia 15 de dezembro",
        "vou receber 3.000 de salario dia 5 de dezembro",
    ):
        assert (await app.reply("s1", line, user_id="bia")).text.startswith("Registrado!")
    assert "R$ 250,00" in await _ask(app, "quanto vence até dia 5 de dezembro?")
    left = await _ask(app, "depois de pagar as contas pendentes, quanto sobra do salario?")
    assert "sobram R$ 2.250,00" in left


@pytest.mark.parametrize(
    ("text", "categoria"),
    [
        ("quantos % do meu gasto de novembro foi aluguel?", "simplista"),
        ("quantos por cento dos meus gastos foi mercado?", "simplista"),
        ("quanto % do valor é o aluguel por mês e por ano?", "complexa"),
    ],
)
def test_a_share_of_own_spending_is_a_query_a_share_of_a_price_an_analysis(
    text: str, categoria: str
) -> None:
    from switchboard.apps.finance.triage import Triage

    assert Triage.default().classify(text).categoria == categoria


@pytest.mark.parametrize(
    "text", ["sera que gastei mais de 500 no mercado?", "passei de 300 com uber esse mes?"]
)
def test_more_than_about_the_total_is_not_a_filter(text: str) -> None:
    query = parse_query(text, TODAY)
    assert isinstance(query, LedgerQuery)
    assert query.min_value is None


def test_above_is_still_a_filter() -> None:
    query = parse_query("gastos acima de 500 no mercado", TODAY)
    assert isinstance(query, LedgerQuery) and query.min_value == 500


async def test_received_and_spent_are_said_apart() -> None:
    app = await _app_with_ledger()
    await app.reply("s1", "recebi 2.000 de freela dia 04/11", user_id="bia")
    text = await _ask(app, "quanto recebi e quanto gastei em novembro?")
    assert "recebeu R$ 2.000,00 e gastou R$ 1.512,00" in text


async def test_a_bank_named_as_a_filter_is_said_to_be_unapplied() -> None:
    app = await _app_with_ledger()
    text = await _ask(app, "quanto gastei no nubank em novembro?")
    assert "Não consigo filtrar por conta ou banco específico (Nubank)" in text


@pytest.mark.parametrize(
    "text",
    [
        "quanto gastei por categoria em novembro?",
        "me mostra os gastos de novembro separados por categoria",
        "qnto foi em cada categoria em novembro",
    ],
)
async def test_spending_by_category_lists_every_category_with_its_share(text: str) -> None:
    """ "quanto gastei por categoria?" answered only the month's total."""
    app = await _app_with_ledger()
    answer = await _ask(app, text)
    assert "R$ 1.200,00" in answer and "R$ 1.512,00" in answer  # rent and the month's total
    assert answer.count("\n- ") >= 4 and "%" in answer
