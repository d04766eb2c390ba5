"""fin10: a new user's offline session (issue 19) — corrections in short forms replace the last
recording, ambiguous numbers are asked about, each entry keeps its own payment method, "10x" is
a term, averages per month use closed months, and confirmations show clean descriptions."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.correct import read_followup

from .app_helpers import ledger_of, make_app

D = Decimal


async def say(app: FinanceApp, text: str) -> str:
    return (await app.reply("s1", text, user_id="ana")).text


async def entries(app: FinanceApp) -> list[object]:
    return list(await ledger_of(app).entries("ana", FlowFilter()))


@pytest.mark.parametrize(
    "fix",
    [
        "na vdd foi 55",
        "vdd foi 55",
        "pensando bem, foi 55",
        "errei, foi 55",
        "corrigindo: 55",
        "era 55",
        "foi 55 nao 50",
        "não foi 50, foi 55",
        "foi 55 na vdd",
    ],
)
async def test_a_short_form_correction_replaces_the_last_recording(fix: str) -> None:
    app = make_app()
    await say(app, "gastei 50 no mercado")
    answer = await say(app, fix)
    rows = await entries(app)
    assert [r.amount for r in rows] == [D("55.00")], answer  # type: ignore[attr-defined]
    assert "Corrigido" in answer and "vdd" not in answer


@pytest.mark.parametrize("text", ["gastei 55 no mercado", "foi 55 no mercado", "paguei 55 de luz"])
def test_a_new_transaction_is_not_read_as_a_correction(text: str) -> None:
    assert read_followup(text) is None


@pytest.mark.parametrize(
    "text",
    ["gastei 1o0 no mercado", "gastei 5O no uber", "paguei 2k0 de luz", "gastei R$1o0 na feira"],
)
async def test_a_number_mixed_with_letters_is_asked_never_recorded(text: str) -> None:
    app = make_app()
    answer = await say(app, text)
    assert await entries(app) == []
    assert "Não entendi o valor" in answer and "Registrado" not in answer


async def test_the_value_given_after_a_garbled_number_records_a_clean_description() -> None:
    app = make_app()
    await say(app, "gastei 1o0 no mercado")
    answer = await say(app, "100")
    rows = await entries(app)
    assert [(r.amount, r.description) for r in rows] == [(D("100.00"), "mercado")]  # type: ignore[attr-defined]
    assert "R$ 100,00" in answer


@pytest.mark.parametrize(
    "text", ["paguei 3x50 no tenis", "gastei 50 as 12h30", "recebi 5k", "20l de gasolina 120 reais"]
)
def test_numbers_with_known_letters_are_not_garbled(text: str) -> None:
    from switchboard.apps.finance.nlu.sanity import garbled_number

    assert garbled_number(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "gastei 80 no mercado e recebi 100 de pix do meu irmao",
        "gastei 80 no mercado e paguei 100 no pix pro meu irmao",
    ],
)
def test_each_entry_of_a_message_keeps_only_its_own_payment_method(text: str) -> None:
    from datetime import date

    from switchboard.apps.finance.nlu.extract import extract_transaction

    draft = extract_transaction(text, date(2026, 11, 20))
    assert [op.forma_pagamento for op in draft.operacoes] == [None, "pix"]


def test_a_method_said_once_after_a_list_of_expenses_is_everyones() -> None:
    from datetime import date

    from switchboard.apps.finance.nlu.extract import extract_transaction

    draft = extract_transaction("netflix 55,90 e spotify 21,90 no credito", date(2026, 11, 20))
    assert [op.forma_pagamento for op in draft.operacoes] == ["credito", "credito"]


@pytest.mark.parametrize(
    "text",
    [
        "quanto fica uma parcela de 5 mil em 10x com juros de 2% a.m.?",
        "quanto fica a parcela de 5 mil em 10x a 2% am",
        "quanto fica uma prestação de 5 mil em 10 vezes a 2% ao mes?",
    ],
)
def test_an_article_before_parcela_is_not_a_one_month_term(text: str) -> None:
    from switchboard.apps.finance.missions.catalogue.extract import extract

    question = extract(text)
    assert question is not None and question.params.meses == 10  # type: ignore[union-attr]


async def test_a_10x_loan_answers_the_instalment_of_ten_months() -> None:
    app = make_app()
    answer = await say(app, "quanto fica uma parcela de 5 mil em 10x com juros de 2% a.m.?")
    assert "R$ 556,63" in answer and "em 1 mês" not in answer


async def test_an_average_per_month_is_over_the_closed_months_with_records() -> None:
    app = make_app()  # today is 20/11/2026
    await say(app, "gastei 300 de luz dia 05/09")
    await say(app, "gastei 100 no mercado dia 10/10")
    await say(app, "gastei 4000 no aluguel")
    answer = await say(app, "quanto eu gasto em media por mes?")
    assert "R$ 200,00 por mês" in answer and "setembro e outubro de 2026" in answer
    assert "4.000" not in answer and "em 1 mês" not in answer


async def test_an_average_per_month_with_no_closed_month_says_so() -> None:
    app = make_app()
    empty = await say(app, "quanto eu gasto em media por mes?")
    assert "R$ 0,00" not in empty and "não tem gastos registrados" in empty
    await say(app, "gastei 50 no mercado")
    running = await say(app, "quanto eu gasto em media por mes?")
    assert "nenhum mês fechado" in running and "R$ 50,00 até agora" in running


@pytest.mark.parametrize(
    ("fix", "category"),
    [("coloca em saude", "Saúde"), ("muda pra farmacia", "Saúde"), ("poe isso em lazer", "Lazer")],
)
async def test_a_category_only_message_recategorises_the_last_entry(
    fix: str, category: str
) -> None:
    app = make_app()
    await say(app, "gastei 30 com umas coisas")
    answer = await say(app, fix)
    rows = await entries(app)
    assert len(rows) == 1 and rows[0].amount == D("30.00")  # type: ignore[attr-defined]
    assert rows[0].categoria == category  # type: ignore[attr-defined]
    assert answer.startswith("Corrigido!") and "Qual foi o valor" not in answer


@pytest.mark.parametrize(
    "text", ["nao gastei nada hoje", "hoje não gastei nada", "nenhum gasto hoje"]
)
async def test_nothing_spent_is_acknowledged_not_asked(text: str) -> None:
    from switchboard.apps.finance.nlu.nothing import NOTHING_SPENT

    app = make_app()
    assert await say(app, text) == NOTHING_SPENT
    assert await entries(app) == []


def test_a_recording_with_an_amount_is_not_nothing_spent() -> None:
    from switchboard.apps.finance.nlu.nothing import nothing_moved

    assert not nothing_moved("nao gastei nada no uber, gastei 30 no mercado")
    assert not nothing_moved("nao gastei nada esse mes?")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("mae de presente", "mãe de presente"),
        ("aluguel do apto q eu alugo", "aluguel do apartamento"),
        ("vdd", ""),
        ("irmao", "irmão"),
        ("xpto do zé", "xpto do zé"),
    ],
)
def test_a_description_is_shown_back_cleaned(raw: str, shown: str) -> None:
    from switchboard.apps.finance.nlu.shown import shown_description

    assert shown_description(raw) == shown


async def test_a_confirmation_never_pastes_the_raw_slang() -> None:
    app = make_app()
    answer = await say(app, "recebi 1500 do aluguel do apto q eu alugo")
    assert "(aluguel do apartamento)" in answer and " q " not in answer


async def test_a_follow_up_says_what_it_changed_in_plain_pt_br() -> None:
    app = make_app()
    await say(app, "quanto fica a parcela de um financiamento de 100 mil em 10 anos a 1% ao mes?")
    answer = await say(app, "e em 1 ano?")
    assert "mudando só o prazo para 1 ano" in answer
