"""Trust defects found by probing the app as a new user would (issue 19, branch fincx5): a
statement that says it stored what it did not, a movement with a bare "?", a back-reference to
an amount said before, a payment and a payoff question in one message, a diagnosis with both
listed and recorded spending, and the catalogue readings behind them. Phrasings are our own."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind

from .app_helpers import ledger_of, make_app


async def _say(app: object, text: str) -> str:
    return (await app.reply("s1", text, user_id="ana")).text  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["tenho 5 mil na poupança", "meu saldo na conta é 1.200"])
async def test_a_balance_reply_never_says_it_was_stored(text: str) -> None:
    app = make_app()
    answer = await _say(app, text)
    assert "não registrei nada" in answer and "Anotado" not in answer
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    "text",
    ["meu pai vai me dar mil reais de presente de natal", "vou ganhar 300 de presente da vó"],
)
async def test_a_promised_gift_is_not_recorded(text: str) -> None:
    app = make_app()
    assert "não registrei" in await _say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    "text", ["emprestei 200 pro primo?", "transferi 500 pra poupança?", "vendi a bike por 800?"]
)
async def test_a_movement_with_a_bare_question_mark_asks_before_recording(text: str) -> None:
    app = make_app()
    answer = await _say(app, text)
    assert answer.rstrip().endswith("quer que eu registre?")
    assert await ledger_of(app).scheduled("ana", "receita", paid=False) == []
    await _say(app, "sim")
    recorded = await ledger_of(app).scheduled("ana", "receita", paid=False)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    transfers = await ledger_of(app).transfers("ana", FlowFilter())
    assert len(recorded) + len(entries) + len(transfers) == 1


async def test_a_back_reference_uses_the_amount_said_just_before() -> None:
    app = make_app()
    first = await _say(app, "sobram uns 700 por mês do salário")
    assert "não registrei" in first
    answer = await _say(
        app, "se eu for guardando isso todo mês a 1% ao mês, quanto tenho em 2 anos?"
    )
    assert "R$ 18.881,43" in answer and "sobram uns 700" in answer


async def test_a_payment_and_its_payoff_question_record_and_then_compute() -> None:
    app = make_app()
    first = await _say(app, "paguei 500 do cartão, em quanto tempo eu quito?")
    assert first.startswith("Registrado!") and first.rstrip().endswith("?")
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 1
    done = await _say(app, "faltam 2.500, juros de 12% ao mês")
    assert "9 meses" in done and "continuar pagando R$ 500,00" in done
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 1  # the answer is not income


async def test_a_diagnosis_on_listed_spending_also_states_the_ledger() -> None:
    app = make_app()
    for line in ("mercado 900 dia 10/11", "ifood 600 dia 12/11", "uber 300 dia 15/11"):
        await _say(app, line)
    answer = await _say(app, "gasto 1000 de mercado, 500 de ifood e 400 de uber, onde eu corto?")
    assert "Pelos gastos que você citou" in answer
    assert "No seu livro-caixa" in answer and "R$ 1.800,00" in answer


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("terreno 90k pelo sistema de amortizacao constante, 120x, 1%am, 1a e ultima?", "sac"),
        ("guardando trezentos reais todo mes por 36 meses a 1% ao mes, quanto junta?", "fv"),
        ("vou aportar 800/mês por 15 anos a 9% aa efetiva. quanto terei?", "fv"),
        ("35 anos, meta de 800 mil quando fizer 65, 0,5% am. quanto por mes?", "age"),
        ("tenho 28 anos quero ter meio milhao aos 50 com 0,7% ao mes, qto guardo?", "age"),
    ],
)
def test_catalogue_readings(text: str, kind: str) -> None:
    question = extract(text)
    assert question is not None and not question.missing
    if kind == "sac":
        assert question.kind is QuestionKind.FINANCIAMENTO
        assert question.params.sistemas == ("sac",)  # type: ignore[union-attr]
    elif kind == "fv":
        assert question.params.operacao == "valor_futuro"  # type: ignore[union-attr]
    else:
        assert question.kind is QuestionKind.APOSENTADORIA


def test_an_extra_payment_on_a_running_contract_gives_the_new_balance() -> None:
    question = extract(
        "emprestimo de 10k em 12x com juros de 3% ao mês (price), paguei 6, quero amortizar "
        "3 mil. quanto fico devendo?"
    )
    assert question is not None and question.kind is QuestionKind.FINANCIAMENTO
    p = question.params
    assert p.parcelas_pagas == 6 and p.amortizacao_extra == 3000  # type: ignore[union-attr]
    assert p.financed() == 10_000  # type: ignore[union-attr]
