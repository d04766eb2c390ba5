"""Catalogue kinds added for issue 19's remaining gaps, answered offline with figures computed
independently here (numpy-financial or by hand): the loan a consignado margin buys,
portability from the instalment, a CDB just past an IR bracket, doubling time, two-part
questions, spoken amounts, named out-of-catalogue topics."""

from __future__ import annotations

import math
from decimal import Decimal

import numpy_financial as npf

from switchboard.apps.finance.missions import FinalAnswer, run_mission
from switchboard.apps.finance.missions.catalogue.classify import unsupported_topic
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.followup import follow_up, two_parts
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    ContaParams,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.triage import analyse
from switchboard.apps.finance.triage.classifier import Triage
from switchboard.sessions.progress import Progress

from ..app_helpers import brl
from .conftest import System, drive

D = Decimal


async def ask(system: System, text: str) -> FinalAnswer:
    return await drive(
        system.clock,
        run_mission(
            analyse(text),
            user_id="nobody",
            bus=system.bus,
            progress=Progress(),
            clock=system.clock,
            models=None,
            data_access=system.data,
        ),
    )


# ---------------------------------------------------------------- reading


def test_spoken_decimal_rates_and_number_words_survive_the_speller() -> None:
    rates = scan("moto de quinze mil a dois virgula cinco por cento ao mes").rates
    assert [r.percent for r in rates] == [D("2.5")]
    assert scan("a um virgula oito por cento").rates[0].percent == D("1.8")
    triage = Triage.default()
    text = (
        "moto de quinze mil em quarenta e oito vezes a dois virgula cinco por cento, quanto pago?"
    )
    assert "cento" in triage.prepare(text) and "pago" in triage.prepare(text)
    assert triage.classify(text).categoria == "complexa"


def test_vehicle_and_consumer_credit_are_price_only() -> None:
    q = extract("uma moto de quinze mil em 36 vezes a 2 por cento, quanto fica?")
    assert q is not None and isinstance(q.params, FinanciamentoParams)
    assert q.params.sistemas == ("price",) and q.params.financed() == D(15000)
    house = extract("financiar apartamento de 300 mil em 360 meses a 0,9% ao mes")
    assert house is not None and isinstance(house.params, FinanciamentoParams)
    assert house.params.sistemas == ("price", "sac")


def test_the_most_a_margin_buys() -> None:
    q = extract("salario liquido de 4 mil, margem do consignado de 35%, quanto pego em 72x a 1,8%?")
    assert q is not None and q.kind is QuestionKind.FINANCIAMENTO and not q.missing
    assert isinstance(q.params, FinanciamentoParams)
    assert q.params.max_instalment() == D("1400.00") and q.params.taxa_mensal == D("0.018")
    default = extract("ganho 3.500, quanto consigo pegar de consignado em 84x a 1,7% ao mes?")
    assert default is not None and isinstance(default.params, FinanciamentoParams)
    assert default.params.limite_renda_pct == 35 and default.params.consignado
    assert any("35%" in a for a in default.assumptions)
    bare = extract("quero pegar consignado, qual o maximo que consigo?")
    assert bare is not None and any("renda líquida" in m for m in bare.missing)


def test_portability_without_the_word() -> None:
    q = extract(
        "minha parcela hoje é 1.150, saldo de 25 mil e faltam 36 meses. um banco me oferece "
        "1,4% a.m. no mesmo prazo. quanto economizo?"
    )
    assert q is not None and q.kind is QuestionKind.DIVIDAS
    assert isinstance(q.params, DividasParams) and q.params.operacao == "portabilidade"
    debt = q.params.dividas[0]
    assert (debt.saldo, debt.parcela, debt.parcelas_restantes) == (D(25000), D(1150), 36)
    # a bank's offer on a purchase is still a financing
    car = extract("carro de 72.900, 20 mil de entrada, o banco ofereceu 1,39% ao mês em 60x")
    assert car is not None and car.kind is QuestionKind.FINANCIAMENTO


def test_doubling_and_growth_targets_are_investment_questions() -> None:
    q = extract("em quanto tempo meu dinheiro dobra na poupança?")
    assert q is not None and q.kind is QuestionKind.INVESTIMENTOS and not q.missing
    assert isinstance(q.params, InvestimentosParams) and q.params.multiplicar == 2
    target = extract("em quantos anos 10 mil viram 15 mil rendendo 0,8% ao mes?")
    assert target is not None and isinstance(target.params, InvestimentosParams)
    assert target.params.multiplicar == D("1.5")
    debt = extract("em quanto tempo minha divida dobra no rotativo a 14%?")
    assert debt is None or debt.kind is not QuestionKind.INVESTIMENTOS


def test_two_parts_read_each_part_on_its_own() -> None:
    parts = two_parts(
        "quanto guardar por mes pra ter 80 mil em 6 anos rendendo 0,7% ao mes? e se fosse sem "
        "render nada?"
    )
    assert parts is not None
    main, variant, label = parts
    assert isinstance(main.params, MetaParams) and main.params.taxa_mensal == D("0.007")
    assert isinstance(variant.params, MetaParams) and variant.params.taxa_mensal == 0
    assert label == "se fosse sem render nada"
    cash = two_parts(
        "celular de 3 mil em 12x a 2,5% ao mes, quanto de juros? e se eu pagar à vista?"
    )
    assert cash is not None and isinstance(cash[1].params, ContaParams)
    assert cash[1].params.a == D(3000) and cash[1].params.n == 12


def test_financeira_is_not_a_financing_and_named_topics() -> None:
    q = extract("me ajuda a organizar minha vida financeira")
    assert q is not None and q.kind is QuestionKind.DIAGNOSTICO
    assert unsupported_topic("vale a pena entrar num consórcio?") == "consorcio"
    assert unsupported_topic("compensa o saque-aniversário do FGTS?") == "fgts"
    assert unsupported_topic("o que acha disso?") == "geral"


# ---------------------------------------------------------------- answered offline


async def test_margin_loan_and_portability_figures(system: System) -> None:
    margin = await ask(
        system,
        "meu salario liquido é 4 mil e a margem do consignado é 35%. qual a parcela maxima e "
        "quanto consigo pegar em 72x a 1,8% a.m.?",
    )
    text = margin.resposta_ao_usuario
    assert brl(1400) in text and brl(npf.pv(0.018, 72, -1400)) in text
    assert brl(1400 * 72) in text and "Minha sugestão" in text
    port = await ask(
        system,
        "pago 1.200 de parcela no emprestimo a 3% ao mes, faltam 24 parcelas. outro banco "
        "oferece portabilidade a 2% ao mes. quanto economizo?",
    )
    balance = npf.pv(0.03, 24, -1200)
    assert brl(balance) in port.resposta_ao_usuario
    assert brl(npf.pmt(0.02, 24, -balance)) in port.resposta_ao_usuario


async def test_cdb_past_a_bracket_and_doubling(system: System) -> None:
    cdb = await ask(
        system, "cdb 100% do cdi por 6 meses com 50 mil, cdi 13,5% a.a., quanto rende liquido?"
    )
    text = cdb.resposta_ao_usuario
    assert brl(50_000 * (1.135 ** (182 / 365) - 1) * 0.8) in text  # 182 days: IR 20%
    assert brl(50_000 * (1.135 ** (180 / 365) - 1) * 0.775) in text  # at day 180: IR 22,5%
    assert "80% do CDI" in text  # the LCI/LCA that pays the same: 100% × (1 − 20%)
    double = await ask(
        system, "quanto tempo pra dobrar 10 mil num cdb de 110% do cdi com cdi a 12% ao ano?"
    )
    years = math.log(1 + 1 / 0.85) / math.log(1.132)  # net of the 15% IR
    assert f"{years:.2f}".replace(".", ",") + " anos" in double.resposta_ao_usuario
    savings = await ask(system, "em quanto tempo dobra a 1% ao mes?")
    months = math.log(2) / math.log(1.01)
    assert f"{months:.1f}".replace(".", ",") + " meses" in savings.resposta_ao_usuario


async def test_two_part_answers_both_parts(system: System) -> None:
    answer = await ask(
        system,
        "quanto preciso guardar por mes pra ter 80 mil daqui a 6 anos, rendendo 0,7% ao mes? e "
        "se fosse sem render nada?",
    )
    text = answer.resposta_ao_usuario
    assert brl(-npf.pmt(0.007, 72, 0, 80_000)) in text and brl(80_000 / 72) in text
    spoken = await ask(
        system,
        "moto de quinze mil em quarenta e oito vezes a dois virgula cinco por cento ao mes, "
        "quanto eu pago no total?",
    )
    pmt = -npf.pmt(0.025, 48, 15_000)
    assert brl(pmt) in spoken.resposta_ao_usuario
    assert brl(pmt * 48)[:-1] in spoken.resposta_ao_usuario  # the total, to the cent ± 1
    assert "da moto" in spoken.resposta_ao_usuario


async def test_out_of_catalogue_names_what_it_cannot_analyse(system: System) -> None:
    answer = await ask(system, "vale a pena entrar num consorcio de carro de 80 mil?")
    assert "consórcio" in answer.resposta_ao_usuario
    assert "Sua sobra mensal média" not in answer.resposta_ao_usuario


def test_what_ifs_on_the_same_numbers() -> None:
    debt = two_parts(
        "tenho 3 mil no rotativo a 15% ao mes, quanto vira em 3 meses? e se eu pagar 1000 por mes?"
    )
    assert debt is not None and isinstance(debt[1].params, DividasParams)
    assert debt[1].params.operacao == "prazo_quitacao" and debt[1].params.pagamento_mensal == 1000
    goal = two_parts(
        "quero juntar 30 mil em 2 anos guardando na poupança a 0,5% ao mes, quanto por mes? e se "
        "eu ja tiver 5 mil?"
    )
    assert goal is not None and isinstance(goal[0].params, MetaParams)
    assert isinstance(goal[1].params, MetaParams) and goal[1].params.inicial == 5000


def test_a_cash_discount_is_not_an_interest_rate() -> None:
    q = extract(
        "to pensando num notebook de 4.500 em 10x de 520, ou pago a vista com 8% de desconto?"
    )
    assert q is not None and isinstance(q.params, ContaParams)
    assert q.params.operacao == "a_vista_ou_parcelado"
    assert (q.params.a, q.params.b, q.params.n) == (D("4140.00"), D(520), 10)


async def test_what_if_answers(system: System) -> None:
    debt = await ask(
        system,
        "tenho 3 mil no rotativo a 15% ao mes, quanto vira em 3 meses? e se eu pagar 1000 por mes?",
    )
    assert "R$ 4.562,63" in debt.resposta_ao_usuario  # 3000 × 1,15³ = 4562,625, half-up
    months = npf.nper(0.15, -1000, 3000)
    assert f"{months:.4f}".replace(".", ",") in debt.resposta_ao_usuario
    cash = await ask(system, "tv de 2.500 em 10x a 3% ao mes, e se fosse sem juros?")
    assert brl(-npf.pmt(0.03, 10, 2500)) in cash.resposta_ao_usuario
    assert brl(250) in cash.resposta_ao_usuario


def _context(question: str) -> str:
    return f"Usuário: {question}\nAssistente: (resposta)"


def test_follow_ups_on_the_new_kinds() -> None:
    port = follow_up(
        "e se for 1,2%?",
        _context(
            "tenho emprestimo com saldo devedor de 35 mil, faltam 48 parcelas a 2,8% a.m. outro "
            "banco oferece portabilidade a 1,6% a.m. quanto economizo?"
        ),
    )
    assert port is not None and isinstance(port.params, DividasParams)
    assert port.params.nova_taxa_mensal == D("0.012")
    double = follow_up("e num cdb de 110% do cdi?", _context("em quanto tempo dobra na poupança?"))
    assert double is not None and isinstance(double.params, InvestimentosParams)
    assert double.params.multiplicar == 2 and double.params.opcoes[0].pct_cdi == 110
    assert "cdi" in double.indices
    margin = follow_up(
        "e em 96x?",
        _context("salario de 4 mil, margem do consignado de 35%, quanto pego em 72x a 1,8%?"),
    )
    assert margin is not None and isinstance(margin.params, FinanciamentoParams)
    assert margin.params.meses == 96 and margin.params.max_instalment() == D("1400.00")


def test_goal_time_in_poupanca_and_card_bill_instalments() -> None:
    goal = extract("em quanto tempo junto 20 mil guardando 400 por mes na poupança a 0,5%?")
    assert goal is not None and goal.kind is QuestionKind.META
    assert isinstance(goal.params, MetaParams) and goal.params.operacao == "prazo"
    bill = extract("fatura de 4 mil, o banco oferece parcelar em 12x a 8% ao mes. qual a parcela?")
    assert bill is not None and isinstance(bill.params, FinanciamentoParams)
    assert bill.params.sistemas == ("price",)


async def test_a_payment_below_the_interest_never_pays_off(system: System) -> None:
    answer = await ask(
        system,
        "tenho 5 mil de fatura e posso pagar 600 por mes, rotativo a 14% ao mes. em quantos meses "
        "quito?",
    )
    text = answer.resposta_ao_usuario
    assert "nunca" in text and brl(5000 * 0.14) in text
    assert "the payment" not in text and "Não consegui" not in text


async def test_fits_the_income_with_what_would_fit(system: System) -> None:
    answer = await ask(
        system,
        "ganho 8 mil e quero financiar um apê de 400 mil com 80 de entrada em 360x a 0,9%, cabe "
        "na renda?",
    )
    text = answer.resposta_ao_usuario
    assert brl(2400) in text and "não cabe" in text
    assert brl(npf.pv(0.009, 360, -2400)) in text and brl(2400 / (1 / 360 + 0.009)) in text


def test_a_follow_up_down_payment_in_thousands() -> None:
    question = follow_up(
        "e se eu der 150 de entrada?",
        _context("casa de 500 mil, entrada de 100 mil, 420 meses a 0,85% ao mes: sac ou price?"),
    )
    assert question is not None and isinstance(question.params, FinanciamentoParams)
    assert question.params.entrada == 150_000 and question.params.financed() == 350_000


def test_card_bill_instalments_replace_the_rotativo() -> None:
    q = extract(
        "devo 6 mil no rotativo a 13% ao mes. parcelar a fatura em 10x a 6% ao mes compensa?"
    )
    assert q is not None and isinstance(q.params, DividasParams)
    assert q.params.operacao == "trocar" and q.params.novo_tipo == "parcelamento"
    assert q.params.nova_taxa_mensal == D("0.06") and q.params.dividas[0].parcelas_restantes == 10
    assert unsupported_topic("vale a pena investir em ações?") == "acoes"
