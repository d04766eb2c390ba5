"""fin16: failure classes found on a held-out set, each fixed as a concept and probed here with
varied wording (slang, typos, no accents) — who did it, a remark with an amount, a past act
said with doubt, a loan taken after an intention, time value of money with any unknown (checked
against numpy-financial), totals the user asks for, the rotativo now vs later, a purchase
against the budget, follow-ups on a computed answer. The same probes, as a suite:
bench/finance/eval/probes_fin16.jsonl (make_probes_fin16.py)."""

from __future__ import annotations

from decimal import Decimal

import numpy_financial as npf
import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.finmath import tvm
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.compute import quick
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.missions.catalogue.read_tvm import read_tvm
from switchboard.apps.finance.missions.catalogue.reading import Found, monthly_rate
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import brl, ledger_of, quick_params, say

D = Decimal


async def _nothing_recorded(app: FinanceApp, text: str) -> str:
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == [], reply
    return reply


@pytest.mark.parametrize(
    "text",
    [
        "meu primo torrou 3k em aposta, normal isso?",
        "a minha chefe recebeu 10 mil de PLR e eu nada",
        "meu irmão gastou 400 no show",
        "sabia que a vizinha ganhou 2 mil na mega?",
        "nossa, meu cunhado gastou 5 mil numa tv",
        "o namorado da minha irma torrou 800 no bar ontem kkk",
        "meu colega de trabalho faturou 15 mil de bonus",
        "meu irmao gastou 400 no show e eu fiquei em casa",
    ],
)
async def test_someone_elses_money_is_not_the_users_entry(text: str, app: FinanceApp) -> None:
    assert read_intent(triage_fold(text)).someone_else
    await _nothing_recorded(app, text)


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("paguei 200 da escola do meu filho", "200"),
        ("dei 50 pro meu irmão", "50"),
        ("comprei um tenis de 300 pra minha filha", "300"),
        ("meu pai pagou o jantar de 400 e eu dei metade pra ele", "200"),
        ("paguei 120 do remedio da minha mae", "120"),
        ("mandei 100 de pix pra minha vo", "100"),
    ],
)
async def test_the_users_own_act_for_a_relative_is_recorded(
    text: str, amount: str, app: FinanceApp
) -> None:
    await say(app, text)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [D(amount)]


@pytest.mark.parametrize(
    "text",
    [
        "absurdo essa tarifa de 30 reais do banco",
        "que caro, 12 conto um café",
        "mds 45 reais num estacionamento",
        "caramba, 300 de luz esse mes",
        "eita 90 conto de gasolina so pra ir e voltar",
        "pqp, 25 de taxa de entrega",
        "surreal, 18 reais um pastel",
    ],
)
async def test_a_remark_with_an_amount_asks_before_recording(text: str, app: FinanceApp) -> None:
    reply = await _nothing_recorded(app, text)
    assert "quer que eu registre?" in reply


async def test_a_remark_is_recorded_on_yes(app: FinanceApp) -> None:
    await say(app, "um roubo esse ifood, 80 conto numa pizza")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    await say(app, "sim")
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [D(80)]


@pytest.mark.parametrize(
    "text",
    [
        "gastei uns 400 de mercado em outubro ou foi mais",
        "acho que paguei 90 de internet mes passado nao lembro",
        "se nao me engano recebi 300 do freela semana passada",
        "axo q gastei uns 200 de uber essa semana",
        "nao lembro direito mas paguei uns 150 de luz em outubro",
        "acho que foram 600 de cartao mes passado, ou mais",
        "paguei 1.200 de aluguel esse mes, nao tenho certeza",
    ],
)
async def test_a_past_act_said_with_doubt_is_a_question(text: str, app: FinanceApp) -> None:
    assert read_intent(triage_fold(text)).intent == "pergunta"
    await _nothing_recorded(app, text)


@pytest.mark.parametrize(
    ("intention", "taken", "amount"),
    [
        ("to pensando em pegar 8 mil emprestado", "peguei, registra o emprestimo de 8 mil", "8000"),
        ("quero pegar um consignado de 12 mil", "fechei, anota o consignado de 12 mil", "12000"),
        ("pensando em fazer um emprestimo de 5 mil", "saiu o emprestimo de 5 mil", "5000"),
        ("vou precisar pegar uns 3 mil emprestado", "peguei os 3 mil emprestado no nubank", "3000"),
        ("talvez eu pegue um emprestimo de 10 mil", "registra o emprestimo de 10 mil", "10000"),
        ("pretendo tomar 6 mil emprestado", "poe ai o emprestimo de 6 mil que eu peguei", "6000"),
    ],
)
async def test_a_loan_taken_after_an_intention_is_cash_in_and_a_debt(
    intention: str, taken: str, amount: str, app: FinanceApp
) -> None:
    await say(app, intention)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    reply = await say(app, taken)
    assert "Empréstimo de " + brl(float(amount)) in reply, reply
    assert "dívida" in reply


# ---------------------------------------------------------------- time value of money


def test_the_solver_matches_numpy_financial() -> None:
    r, n = 0.012, 240
    assert float(tvm.present_value(D(-1500), D(str(r)), n)) == pytest.approx(
        -npf.pv(r, n, -1500) * -1 if npf.pv(r, n, -1500) < 0 else npf.pv(r, n, -1500), abs=0.01
    )
    assert float(tvm.balance(D(30000), D(0), D("0.008"), 48)) == pytest.approx(
        npf.fv(0.008, 48, 0, -30000), abs=0.01
    )
    assert float(tvm.balance(D(20000), D(300), D("0.011"), 36)) == pytest.approx(
        npf.fv(0.011, 36, -300, -20000), abs=0.01
    )
    assert float(tvm.months(D(10000), D(1000), D("0.01"), D(100000))) == pytest.approx(
        npf.nper(0.01, -1000, -10000, 100000), abs=1e-6
    )
    assert float(-tvm.flow(D(500000), D("0.006"), 300)) == pytest.approx(
        npf.pmt(0.006, 300, -500000), abs=0.01
    )
    assert float(tvm.flow(D(5000), D("0.008"), 36, D(50000))) == pytest.approx(
        -npf.pmt(0.008, 36, -5000, 50000), abs=0.01
    )
    assert float(tvm.rate(D(20000), D(-800), 36)) == pytest.approx(
        npf.rate(36, -800, 20000, 0, tol=1e-12), abs=1e-9
    )


@pytest.mark.parametrize(
    ("text", "unknown", "expected"),
    [
        ("parcela max 1.500, 1,2% am, 240 meses, qnto consigo financiar?", "vp",
         -npf.pv(0.012, 240, 1500) * -1),
        ("consigo pagar no maximo 900 por mes, juros de 1,5% ao mes em 48 meses, quanto posso "
         "pegar emprestado?", "vp", -npf.pv(0.015, 48, 900) * -1),
        ("30 mil a 0,8% am por 4 anos sem aporte, quanto fica?", "vf",
         npf.fv(0.008, 48, 0, -30000)),
        ("se eu deixar 50 mil rendendo 1% ao mes por 10 anos sem mexer, vira quanto?", "vf",
         npf.fv(0.01, 120, 0, -50000)),
        ("se eu depositar 500 reais no fim de cada mes numa aplicacao que rende 0,7% ao mes, "
         "quanto terei em 10 anos?", "vf", npf.fv(0.007, 120, -500, 0)),
        ("tenho 20 mil aplicados a 1,1% ao mes e vou depositar mais 300 no fim de cada mes. "
         "quanto terei em 36 meses?", "vf", npf.fv(0.011, 36, -300, -20000)),
        ("tenho 10 mil, ponho 1.000 por mes a 1% am, em quantos meses chego a 100 mil?", "prazo",
         npf.nper(0.01, -1000, -10000, 100000)),
        ("ja tenho 20 mil guardado e aporto 500 por mes a 0,7% am, quanto tempo pra juntar 80 "
         "mil?", "prazo", npf.nper(0.007, -500, -20000, 80000)),
        ("500 mil a 0,6% am, qnto saco por mes por 25 anos?", "saque",
         -npf.pmt(0.006, 300, -500000) * -1),
        ("tenho 200 mil aplicado a 0,8% ao mes, quanto posso retirar por mes durante 20 anos ate "
         "zerar?", "saque", npf.pmt(0.008, 240, -200000)),
        ("ja tenho 5 mil, quero chegar a 50 mil em 3 anos a 0,8% am, quanto guardo por mes?",
         "aporte", -npf.pmt(0.008, 36, -5000, 50000)),
    ],
)  # fmt: skip
def test_time_value_any_unknown(text: str, unknown: str, expected: float) -> None:
    q = scan(text)
    params = read_tvm(q, monthly_rate(q.rates[0], Found(), "Taxa"))
    assert params is not None
    assert params.operacao == "valor_no_tempo" and params.incognita == unknown
    assert float(quick(params).resultado) == pytest.approx(abs(expected), abs=0.01)


@pytest.mark.parametrize(
    "text",
    [
        "quanto fica um notebook de 6 mil em 10x com juros de 2,99% ao mes?",
        "consignado do inss de 8 mil em 84 vezes a 1,66% ao mes, quanto fica a parcela?",
        "mensalidade da faculdade 1.400 com reajuste de 8% por ano, quanto gasto em 4 anos?",
        "financiamento de 300 mil em 360 meses a 0,9% am, sac ou price?",
    ],
)
def test_other_kinds_keep_their_shapes(text: str) -> None:
    from switchboard.apps.finance.missions.catalogue.extract import extract

    question = extract(text)
    assert question is None or getattr(question.params, "operacao", None) != "valor_no_tempo"


# ---------------------------------------------------------------- totals, rotativo, budget


@pytest.mark.parametrize(
    ("text", "net", "exempt"),
    [
        ("CDB 110% do CDI por 1 ano, quanto dá líquido em % do CDI?", "90.75", None),
        ("cdb de 120% do cdi por 2 anos rende liquido quantos % do cdi? compensa mais que lci "
         "de 95%?", "102.00", "95"),
        ("um cdb a 105% do cdi por 6 meses, liquido da quantos por cento do cdi?", "84.00", None),
        ("cdb 100% do cdi por 90 dias equivale a quanto liquido em % do cdi", "77.50", None),
    ],
)  # fmt: skip
def test_a_cdb_net_of_ir_as_a_share_of_the_cdi(text: str, net: str, exempt: str | None) -> None:
    params = quick_params(text)
    assert params.operacao == "cdi_liquido"
    assert quick(params).resultado == D(net)
    assert params.pct_b == (D(exempt) if exempt else None)


@pytest.mark.parametrize(
    ("text", "saved", "balance"),
    [
        ("devo 3 mil no rotativo a 14% am, recebo 13º de 3 mil; quitar agora ou daqui 2 meses, "
         "quanto economizo?", 3000 * (1.14**2 - 1), 3000 * 1.14**2),
        ("tenho 2.500 no rotativo do cartao a 12% ao mes, se eu esperar 3 meses pra pagar quanto "
         "a mais eu pago?", 2500 * (1.12**3 - 1), 2500 * 1.12**3),
        ("fatura de 5.000, paguei 1.000 e o resto caiu no rotativo a 12% ao mês. quanto pago de "
         "juros nesse mês e quanto passo a dever?", 480.0, 4480.0),
        ("se 2.500 no rotativo a 15% ao mês ficassem 3 meses sem nenhum pagamento, quanto eu "
         "deveria no final?", 2500 * (1.15**3 - 1), 2500 * 1.15**3),
    ],
)  # fmt: skip
def test_the_interest_a_revolving_debt_adds_while_it_waits(
    text: str, saved: float, balance: float
) -> None:
    result = quick(quick_params(text))
    assert float(result.resultado) == pytest.approx(saved, abs=0.01)
    assert float(result.saldo_final or 0) == pytest.approx(balance, abs=0.01)


@pytest.mark.parametrize(
    ("text", "slack", "part", "after"),
    [
        ("ganho 4.500, gasto 3.700 fixo, quero uma geladeira de 2.400 em 12x sem juros, cabe no "
         "orcamento?", "800", "200", "600"),
        ("minha renda é 6 mil e minhas despesas fixas dão 5.200, da pra comprar um notebook de "
         "3.600 em 10x sem juros?", "800", "360", "440"),
    ],
)  # fmt: skip
def test_a_purchase_against_the_monthly_slack(text: str, slack: str, part: str, after: str) -> None:
    result = quick(quick_params(text))
    assert (result.saldo_final, result.por_mes, result.resultado) == (D(slack), D(part), D(after))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("uma taxa de 1% ao mês equivale a quantos % ao ano com juros compostos?", 12.6825),
        ("13% ao ano equivale a quantos % ao mês em juros compostos?", 1.0237),
    ],
)
def test_equivalent_rates_compound(text: str, value: float) -> None:
    assert float(quick(quick_params(text)).resultado) == pytest.approx(value, abs=1e-4)


async def test_the_total_with_the_down_payment_is_said(app: FinanceApp) -> None:
    reply = await say(
        app,
        "carro de 70 mil, dou 20 mil de entrada e financio o resto em 48x a 1,5% am pela "
        "price, qto pago no total com a entrada?",
    )
    total = float(-npf.pmt(0.015, 48, 50000)) * 48 + 20000
    said = [brl(round(total, 2) + cents / 100) for cents in range(-10, 11)]
    assert "entrada" in reply and any(s in reply for s in said), reply


@pytest.mark.parametrize(
    ("first", "follow", "figure"),
    [
        ("financiamento de 200 mil em 360 meses a 1% ao mes, sac ou price?", "e a última?",
         "R$ 561,1"),
        ("financiamento de 200 mil em 360 meses a 1% ao mes pela price, qual a parcela?",
         "e o total de juros?", "de juros"),
    ],
)  # fmt: skip
async def test_another_figure_of_the_answer_reuses_its_numbers(
    first: str, follow: str, figure: str, app: FinanceApp
) -> None:
    await say(app, first)
    reply = await say(app, follow)
    assert "R$ 200.000,00" in reply and figure in reply
