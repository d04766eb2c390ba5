"""fin18: failure classes of finance_wf3's dev half and of the lead's held-out read-out, each
fixed as a concept and probed with varied wording — complaints told as sentences and other
people's money (never recorded, never a "quer que eu registre?"), money sent to the user by
someone ("meu pai me mandou 500"). The same probes, as a suite:
bench/finance/eval/probes_fin18.jsonl (make_probes_fin18.py)."""

from __future__ import annotations

import numpy_financial as npf
import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.triage import Triage
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import answer, brl, ledger_of, price_instalment, say

COMPLAINTS = [
    "odeio ver a fatura do cartão, sempre vem mais de 2 mil",
    "todo mes o aluguel de 2.500 me mata",
    "to cansado de gastar 50 de uber todo dia",
    "ninguem merece IPVA de 2 mil todo ano",
    "ta foda, a academia aumentou pra 150",
    "sinto que jogo dinheiro fora com 200 de bar todo fim de semana",
    "esse plano de saude de 1.200 ta um roubo",
    "não dá mais, a parcela do carro de 1.300 tá me sufocando",
    "que saco ter que pagar 600 de IPTU",
    "puts, o salario de 3 mil nao dura nem 15 dias",
    "não tem condição, 250 de gás todo mês",
    "cansei de pagar 120 de academia e nunca ir",
    "sempre gasto mais de 300 no mercado, nao sei como",
]
OTHERS = [
    "meu chefe ganha uns 30 mil por mes",
    "meu amigo pegou um empréstimo de 20 mil",
    "o lucas transferiu 2 mil pra poupança dele",
    "a empresa do meu pai faturou 200 mil esse ano",
    "meu cunhado tá devendo 10 mil no cartão",
    "vi que o thiago pagou 350 numa camisa de time kkkk",
    "o namorado da minha amiga deu 5 mil de entrada num apê",
    "meu tio aplicou 50 mil no CDB",
    "meu irmão tá ganhando 8 mil agora no emprego novo",
    "o salário do meu marido é 7 mil",
]


@pytest.mark.parametrize("text", COMPLAINTS + OTHERS)
def test_a_complaint_or_someone_elses_money_goes_to_junior(text: str) -> None:
    assert Triage.default().classify(text).categoria == "trivial"


@pytest.mark.parametrize("text", COMPLAINTS)
def test_a_complaint_statement_is_read_as_one(text: str) -> None:
    reading = read_intent(triage_fold(text))
    assert (reading.intent, reading.complaint) == ("informacao", True)


@pytest.mark.parametrize(
    "text",
    [
        "mds 45 reais num estacionamento",
        "caramba, 300 de luz esse mes",
        "surreal, 18 reais um pastel",
        "que absurdo 40 reais de tarifa",
    ],
)
def test_a_note_with_a_sigh_still_asks(text: str) -> None:
    reading = read_intent(triage_fold(text))
    assert (reading.intent, reading.unsure, reading.complaint) == ("pergunta", True, False)


async def test_a_complaint_records_nothing_and_says_so(app: FinanceApp) -> None:
    reply = await say(app, "odeio ver a fatura do cartão, sempre vem mais de 2 mil")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "não registrei nada" in reply
    assert "quer que eu registre" not in reply.lower()


@pytest.mark.parametrize(
    ("text", "tipo", "valor"),
    [
        ("meu pai me mandou 500 no pix", "receita", 500),
        ("minha vó me transferiu 300 de presente", "receita", 300),
        ("que raiva, paguei 293 de multa hoje", "despesa", 293),
        ("odeio mercado mas fui e gastei 230", "despesa", 230),
        ("paguei 80 no almoço do meu chefe", "despesa", 80),
    ],
)
async def test_the_users_own_money_is_still_recorded(
    text: str, tipo: str, valor: int, app: FinanceApp
) -> None:
    reply = await say(app, text)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [(e.kind, int(e.amount)) for e in entries] == [(tipo, valor)], reply


@pytest.mark.parametrize(
    "text",
    [
        "guardei 300 na caixinha da minha conta",
        "coloquei 200 no cofrinho do meu banco",
    ],
)
async def test_money_put_in_a_savings_box_of_ones_own_account_is_a_transfer(
    text: str, app: FinanceApp
) -> None:
    await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    transfers = await ledger_of(app).transfers("ana", FlowFilter())
    assert len(transfers) == 1


def test_help_asked_with_a_spending_goal_is_an_analysis() -> None:
    text = "quero parar de gastar 400 por mes com bar, me ajuda a montar um plano?"
    assert Triage.default().classify(text).categoria == "complexa"
    assert Triage.default().classify("minha meta é nao passar de 2 mil no cartao").categoria == (
        "trivial"
    )


async def test_a_cut_plan_uses_the_amount_the_user_named() -> None:
    reply = await answer("quero parar de gastar 400 por mes com bar, me ajuda a montar um plano?")
    assert "R$ 400,00" in reply and "Bares" in reply and "não registrei nada" in reply


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # deposits "todo fim de mês" at the user's rate: their future value (numpy_financial.fv)
        (
            "guardando 300 reais todo fim de mes por 3 anos na poupança a 0,5% am, quanto junto?",
            npf.fv(0.005, 36, -300, 0),
        ),
        # the monthly deposit a target needs, "investir mensalmente" (numpy_financial.pmt)
        (
            "Quanto tenho que investir mensalmente para ter R$ 100.000 em 5 anos a 0,7% a.m.?",
            -npf.pmt(0.007, 60, 0, 100000),
        ),
        # a single future amount brought to today (numpy_financial.pv)
        (
            "quanto vale hoje receber 50 mil daqui 3 anos, com taxa de desconto de 10% ao ano?",
            50000 / 1.1**3,
        ),
        (
            "qual o valor presente de 20 mil daqui 24 meses a 0,8% ao mes?",
            -npf.pv(0.008, 24, 0, 20000),
        ),
        (
            "quanto preciso aplicar hoje pra ter 100 mil em 5 anos a 1% am?",
            -npf.pv(0.01, 60, 0, 100000),
        ),
    ],
)
async def test_time_value_questions_are_computed(text: str, expected: float) -> None:
    reply = await answer(text)
    assert brl(expected) in reply, reply


async def test_a_three_year_saving_is_not_told_to_buy_a_pension_plan() -> None:
    reply = await answer(
        "guardando 300 reais todo fim de mes por 3 anos na poupança a 0,5% am, quanto junto?"
    )
    assert "previdência" not in reply and "CDB" in reply


async def test_a_thirty_year_financing_gets_no_personal_loan_advice(app: FinanceApp) -> None:
    await say(
        app, "se eu financiar 200 mil em 30 anos a 10,5% ao ano no SAC, qual a primeira parcela?"
    )
    reply = await say(app, "e no price?")
    assert brl(price_instalment(1.105 ** (1 / 12) - 1, 360, 200000)) in reply
    assert "consignado" not in reply and "empréstimo pessoal" not in reply
    assert "SAC" in reply


async def test_a_total_with_nothing_recorded_says_so_plainly(app: FinanceApp) -> None:
    reply = await say(app, "quanto eu gastei com mercado esse mes?")
    assert reply.startswith("Neste mês não há nenhum gasto registrado com Supermercado")
    await say(app, "gastei 50 no mercado")
    assert "você gastou R$ 50,00" in await say(app, "quanto eu gastei com mercado esse mes?")


@pytest.mark.parametrize(
    "text",
    [
        # venting about someone else's money: theirs, not a note of the user's to confirm
        "o marido da minha amiga torrou 10 mil em bet, tô chocada",
        "o vizinho pagou 4 mil numa TV, pra que isso",
        # complaints with a joke, an adjective or a habit the first rounds did not name
        "gente, 2.300 de aluguel num apê minúsculo, que piada",
        "essa tal de taxa de manutenção de 19,90 é ridícula",
        "toda vez que vou no mercado deixo uns 500, não entendo",
        "ninguem aguenta 8 reais num café expresso",
    ],
)
async def test_round_three_complaints_and_others_record_nothing(text: str, app: FinanceApp) -> None:
    assert Triage.default().classify(text).categoria == "trivial"
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "quer que eu registre" not in reply.lower()


@pytest.mark.parametrize(
    "text",
    [
        "paguei 400 da parcela da minha divida com o banco",
        "acertei 350 com a minha mae do dinheiro que ela tinha me emprestado",
    ],
)
async def test_a_debt_read_as_a_pronoun_is_not_named_by_it(text: str, app: FinanceApp) -> None:
    reply = await say(app, text)
    assert "“minha”" not in reply and "“ela”" not in reply
    assert reply.startswith("Você não tem nenhuma dívida registrada,")
