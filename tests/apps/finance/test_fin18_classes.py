"""fin18: failure classes of finance_wf3's dev half and of the lead's held-out read-out, each
fixed as a concept and probed with varied wording — complaints told as sentences and other
people's money (never recorded, never a "quer que eu registre?"), money sent to the user by
someone ("meu pai me mandou 500"). The same probes, as a suite:
bench/finance/eval/probes_fin18.jsonl (make_probes_fin18.py)."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.triage import Triage
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import ledger_of, say

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
