"""The question catalogue: pt-BR parameters (never invented, the user's object kept), every kind
answered offline with figures computed independently (numpy-financial or by hand), honest
out-of-catalogue answers, and coverage: a generic answer is a failed mission."""

from __future__ import annotations

from decimal import Decimal

import numpy_financial as npf
import pytest

from switchboard.apps.finance.missions import FinalAnswer, run_mission
from switchboard.apps.finance.missions.catalogue.compute import implied_rate, quick
from switchboard.apps.finance.missions.catalogue.extract import extract, out_of_scope
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ContaParams,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
)
from switchboard.apps.finance.missions.telemetry import InMemoryMissionLog
from switchboard.apps.finance.triage import analyse
from switchboard.models.scripted import ScriptedModel
from switchboard.patterns.missions.final_answer import coverage_problems, final_answer
from switchboard.patterns.missions.models import RequisitosCobertura
from switchboard.sessions.progress import Progress

from ..app_helpers import brl
from .conftest import System, drive

D = Decimal
GENERIC = ("Sua sobra mensal média", "Priorizar a quitação das dívidas")


async def ask(system: System, text: str, log: InMemoryMissionLog | None = None) -> FinalAnswer:
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
            log=log,
        ),
    )


# ---------------------------------------------------------------- extraction


def test_financing_parameters_in_words_and_percentages() -> None:
    question = extract(
        "quero financiar a casa de quinhentos mil com entrada de 20%, em 30 anos a 12% ao ano"
    )
    assert question is not None and question.kind is QuestionKind.FINANCIAMENTO
    p = question.params
    assert isinstance(p, FinanciamentoParams)
    assert p.valor_bem == D(500_000) and p.entrada == D(100_000) and p.meses == 360
    assert p.taxa_mensal is not None and abs(p.taxa_mensal - D("0.009488793")) < D("1e-8")
    assert question.objeto == "casa"  # the user's object, never another one
    assert any("ao ano equivalem a" in a for a in question.assumptions)  # conversion stated
    assert not question.missing


def test_instalments_and_monthly_rate_shorthand() -> None:
    question = extract("moto de 25 mil em 48x a 1,99% a.m., quanto fica a parcela no price?")
    assert question is not None
    p = question.params
    assert isinstance(p, FinanciamentoParams)
    assert (p.meses, p.taxa_mensal, p.sistemas) == (48, D("0.0199"), ("price",))
    assert question.objeto == "moto"
    assert any("sem entrada" in a for a in question.assumptions)  # stated, not silent


def test_missing_parameters_are_asked_never_invented() -> None:
    question = extract("se eu financiar a casa, quanto fica a parcela?")
    assert question is not None and question.kind is QuestionKind.FINANCIAMENTO
    p = question.params
    assert isinstance(p, FinanciamentoParams)
    assert p.taxa_mensal is None and p.meses is None  # no 1,99% a.m. / 48 months made up
    assert {"a taxa de juros (ao mês ou ao ano)", "o prazo (quantas parcelas)"} <= set(
        question.missing
    )


def test_investment_options_with_their_own_percentages() -> None:
    question = extract(
        "com 15 mil por dois anos, LCA de 93% do CDI ou CDB de 112% do CDI? CDI a 11% ao ano"
    )
    assert question is not None and question.kind is QuestionKind.INVESTIMENTOS
    p = question.params
    assert isinstance(p, InvestimentosParams)
    assert [(o.produto, o.pct_cdi) for o in p.opcoes] == [("lca", D(93)), ("cdb", D(112))]
    assert (p.valor, p.dias, p.cdi_anual) == (D(15_000), 730, D("0.11"))


def test_debt_shapes() -> None:
    rolling = extract(
        "tô devendo 2.500 no rotativo a 15% ao mês, em 4 meses sem pagar vira quanto?"
    )
    assert rolling is not None and isinstance(rolling.params, DividasParams)
    assert rolling.params.operacao == "projetar" and rolling.params.meses == 4
    thirteenth = extract(
        "devo 4 mil no cheque especial a 7% a.m. e 6 mil no cartão a 12% a.m.; recebo 5 mil "
        "de 13º, qual pago primeiro?"
    )
    assert thirteenth is not None and isinstance(thirteenth.params, DividasParams)
    assert thirteenth.params.operacao == "avalanche" and thirteenth.params.valor_extra == D(5000)


def test_goal_and_retirement_shapes() -> None:
    goal = extract("quanto guardar por mês pra ter 40 mil em três anos rendendo 0,7% ao mês?")
    assert goal is not None and isinstance(goal.params, MetaParams)
    assert (goal.params.alvo, goal.params.meses, goal.params.taxa_mensal) == (
        D(40_000),
        36,
        D("0.007"),
    )
    retire = extract("tenho 40 anos, quero 800 mil aos 62 rendendo 0,4% ao mês. quanto aporto?")
    assert retire is not None and isinstance(retire.params, AposentadoriaParams)
    assert (retire.params.idade_atual, retire.params.idade_alvo) == (40, 62)


def test_monthly_savings_kept_in_the_poupanca_are_a_plan_at_its_stated_rule() -> None:
    goal = extract("quero juntar 50 mil em 5 anos na poupança, quanto guardo por mês?")
    assert goal is not None and isinstance(goal.params, MetaParams)
    assert (goal.params.alvo, goal.params.meses, goal.params.taxa_mensal) == (
        D(50_000),
        60,
        D("0.005"),
    )
    assert any("Poupança rendendo 0,5% ao mês" in a for a in goal.assumptions)
    future = extract("se eu guardar 500 por mes na poupanca por 10 anos quanto eu tenho?")
    assert future is not None and isinstance(future.params, AposentadoriaParams)
    assert future.params.operacao == "valor_futuro"
    assert (future.params.aporte_mensal, future.params.meses) == (D(500), 120)
    # the poupança compared with another product, or a lump sum: still investments
    for text in (
        "guardar 5 mil na poupança ou no cdb de 100% do cdi por 1 ano, cdi de 12%?",
        "poupança rende quanto por mês? tenho 20 mil nela, quanto vai dar em 1 ano",
    ):
        q = extract(text)
        assert q is not None and q.kind is QuestionKind.INVESTIMENTOS


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("qual ação vai subir semana que vem?", "previsao"),
        ("como declaro meu apartamento no imposto de renda?", "declaracao_ir"),
        ("monta uma trava de alta em PETR4", "derivativos"),
        ("vale a pena comprar bitcoin?", "cripto"),
        ("qual o melhor fii?", "fii"),
    ],
)
def test_out_of_catalogue_topics(text: str, topic: str) -> None:
    assert out_of_scope(text) == topic


# ---------------------------------------------------------------- every kind, offline


async def test_financing_both_systems_with_the_users_numbers(system: System) -> None:
    answer = await ask(
        system,
        "Financiar a casa de 300 mil dando 60 mil de entrada, 240 meses a 0,95% a.m.: SAC ou Price?",
    )
    text = answer.resposta_ao_usuario
    pmt = -npf.pmt(0.0095, 240, 240_000)
    assert brl(pmt) in text  # PRICE instalment
    assert brl(240_000 / 240 + 240_000 * 0.0095) in text  # SAC first instalment
    assert "SAC" in text and "Price" in text and "casa" in text and "carro" not in text
    assert "Premissas:" in text and answer.status == "sucesso_completo"


async def test_investments_after_income_tax(system: System) -> None:
    answer = await ask(
        system,
        "Tenho 10 mil por 1 ano (365 dias): CDB 100% do CDI ou LCI 85% do CDI, CDI de 12% ao ano?",
    )
    text = answer.resposta_ao_usuario
    cdb = 10_000 + 10_000 * 0.12 * (1 - 0.175)  # one year: (1+r)^1, IR 17,5% (361–720 days)
    lci = 10_000 * (1 + 0.12 * 0.85)
    assert brl(cdb) in text and brl(lci) in text and "17,5%" in text
    assert "como você informou" in text  # the CDI's origin is stated


async def test_investments_without_a_cdi_use_a_labelled_illustrative_value(system: System) -> None:
    answer = await ask(system, "5 mil por 2 anos num CDB de 110% do CDI, quanto fico líquido?")
    text = answer.resposta_ao_usuario
    assert "ilustrativo" in text and "21/11/2026" in text  # the static CDI: labelled and dated
    cdb = 5_000 + 5_000 * ((1 + 0.149 * 1.1) ** 2 - 1) * 0.85
    assert brl(cdb) in text


async def test_debts_goal_retirement_and_rent(system: System) -> None:
    portability = await ask(
        system,
        "Tenho empréstimo com saldo de 12 mil, faltam 30 parcelas a 2,8% ao mês; a portabilidade "
        "me oferece 1,5% a.m. Quanto economizo?",
    )
    old, new = -npf.pmt(0.028, 30, 12_000), -npf.pmt(0.015, 30, 12_000)
    assert brl(old) in portability.resposta_ao_usuario
    assert brl(new) in portability.resposta_ao_usuario
    goal = await ask(system, "quanto guardar por mês pra juntar 40 mil em 3 anos a 0,7% ao mês?")
    assert brl(-npf.pmt(0.007, 36, 0, 40_000)) in goal.resposta_ao_usuario
    retire = await ask(
        system, "Tenho 40 anos, quero 800 mil aos 62 rendendo 0,4% ao mês real. Quanto aporto?"
    )
    assert brl(-npf.pmt(0.004, 264, 0, 800_000)) in retire.resposta_ao_usuario
    rent = await ask(
        system, "comprar um apartamento de 350 mil à vista ou alugar por 1.500? rendo 0,9% ao mês"
    )
    assert brl(350_000 * 0.009) in rent.resposta_ao_usuario
    for answer in (portability, goal, retire, rent):
        assert not any(g in answer.resposta_ao_usuario for g in GENERIC)
        assert answer.status == "sucesso_completo"


async def test_emergency_fund_from_the_users_expenses(system: System) -> None:
    # "ana" spends 6.500 a month (the spec user's ledger averages)
    answer = await drive(
        system.clock,
        run_mission(
            analyse("de quanto deve ser minha reserva de emergência?"),
            user_id="ana",
            bus=system.bus,
            progress=Progress(),
            clock=system.clock,
            models=None,
            data_access=system.data,
        ),
    )
    assert brl(6_500 * 6) in answer.resposta_ao_usuario  # 6 months of her own expenses
    empty = await ask(system, "de quanto deve ser minha reserva de emergência?")
    assert empty.resposta_ao_usuario.split("\n")[0].endswith("?")  # no data: it asks
    assert empty.status == "sucesso_parcial"


async def test_incomplete_question_asks_for_the_missing_numbers(system: System) -> None:
    answer = await ask(system, "vale mais a pena financiar pelo SAC ou pelo Price?")
    text = answer.resposta_ao_usuario
    assert "preciso de" in text and "?" in text and "SAC" in text and "Price" in text
    assert text.rstrip().endswith("Me passa esses números?")  # the question comes last
    assert answer.status == "sucesso_parcial" and not answer.consolidacao.objetivo_alcancado


async def test_out_of_catalogue_is_honest_and_recorded_as_a_failure(system: System) -> None:
    log = InMemoryMissionLog(system.clock)
    answer = await ask(system, "qual o melhor fundo imobiliário pra comprar hoje?", log)
    text = answer.resposta_ao_usuario
    assert text.startswith("Não consigo") and "offline" in text and "consigo fazer" in text
    assert not any(g in text for g in GENERIC)
    (record,) = await log.between()
    assert answer.status == "falha" and record.status_final == "falha"


async def test_flow4_offline_says_its_market_data_is_illustrative(system: System) -> None:
    answer = await ask(system, "A Petrobras caiu 3% ontem, vale a pena comprar agora?")
    text = answer.resposta_ao_usuario
    assert "ilustrativ" in text and "offline" in text
    for outlet in ("Reuters", "InfoMoney", "Valor Econômico", "Money Times", "Yahoo", "brapi"):
        assert outlet not in text


# ---------------------------------------------------------------- coverage


def test_coverage_requires_both_systems_numbers_and_premises() -> None:
    required = RequisitosCobertura(
        termos=[["Price", "PRICE"], ["SAC"]], numeros=["R$ 320.000,00", "0,9%"], premissas=True
    )
    generic = "Sua sobra mensal média é de R$ 1.500,00. Priorizar a quitação das dívidas."
    problems = coverage_problems(generic, required)
    assert any("Price" in p for p in problems) and any("números" in p for p in problems)
    good = "No Price R$ 2.999,17, no SAC R$ 3.768,89 para R$ 320.000,00 a 0,9%. Premissas: x."
    assert coverage_problems(good, required) == []


async def test_a_generic_synthesis_is_a_failed_mission(system: System) -> None:
    offline = await ask(system, "financiar 200 mil em 180 meses a 1% ao mês, SAC ou Price?")
    assert offline.status == "sucesso_completo"
    generic = (
        '{"resposta_ao_usuario": "Sua sobra mensal média permite financiar. Priorizar a '
        'quitação das dívidas é o melhor caminho para a sua saúde financeira, sempre.", '
        '"tom_usado": "consultivo"}'
    )
    model = ScriptedModel([generic, generic, generic])
    # the template the synthesis falls back to still covers it; a consolidation whose own
    # text is generic is the failure
    broken = offline.consolidacao.model_copy(
        update={
            "resposta_pre_estruturada": offline.consolidacao.resposta_pre_estruturada.model_copy(
                update={"resposta_principal": "Sua sobra mensal média é boa."}
            ),
            "recomendacoes_adicionais": [],
        }
    )
    answer = await final_answer(
        "financiar 200 mil em 180 meses a 1% ao mês, SAC ou Price?",
        broken,
        mission_id="m-generic",
        coordinator="planejamento",
        model=model,
    )
    assert answer.origem == "modelo_fallback_coordenador" and answer.status == "falha"
    assert not answer.consolidacao.objetivo_alcancado
    assert "não cobriu" in answer.consolidacao.limitacoes_encontradas[-1].descricao


@pytest.mark.parametrize(
    ("principal", "instalment", "months"),
    [(40_000, 1_200, 48), (9_000, 903.62, 12), (250_000, 2_500, 360)],
)
def test_the_rate_embedded_in_an_instalment_matches_numpy_financial(
    principal: float, instalment: float, months: int
) -> None:
    expected = float(npf.rate(months, -instalment, principal, 0))
    got = float(implied_rate(D(str(principal)), D(str(instalment)), months))
    assert abs(got - expected) < 1e-6


def test_no_interest_when_the_instalments_add_up_to_the_price() -> None:
    assert implied_rate(D(1_200), D(100), 12) == 0


@pytest.mark.parametrize(
    ("text", "operation", "value"),
    [
        ("quanto fica 12x de 89,90?", "parcelas_total", D("1078.80")),
        ("se eu comprar um celular de 2 mil em 10x quanto fica?", "parcela", D("200.00")),
        ("compensa pagar 2.500 a vista ou 10x de 280?", "a_vista_ou_parcelado", D("2800.00")),
        ("se eu gastar 300 por mes com ifood, quanto da no ano?", "mensal_periodo", D("3600.00")),
        ("quanto seria 10% do meu salario de 4.200 pra guardar?", "percentual", D("420.00")),
    ],
)
def test_quick_sums_are_their_own_kind_and_never_a_rate_question(
    text: str, operation: str, value: Decimal
) -> None:
    question = extract(text)
    assert question is not None and question.kind is QuestionKind.CONTA
    assert isinstance(question.params, ContaParams)
    assert question.params.operacao == operation
    assert quick(question.params).resultado == value


@pytest.mark.parametrize(
    "text",
    [
        "financiar 40 mil em 24x a 1,9% am",  # a rate: a financing, not a sum
        "vale mais a pena LCA 93% do cdi ou cdb 115% do cdi pra 25 mil durante quatro anos",
        "qnto preciso guardar por mes pra ter 10k em 12 meses, sem rendimento msm",
    ],
)
def test_catalogue_questions_are_not_mistaken_for_quick_sums(text: str) -> None:
    question = extract(text)
    assert question is not None and question.kind is not QuestionKind.CONTA


async def test_monthly_deposits_at_a_monthly_rate_grow_as_an_annuity(system: System) -> None:
    """'guardando 500 por mês … quanto tenho no final?' is a series of deposits, not one 500."""
    answer = await ask(
        system,
        "guardando 500 por mes na poupança a 0,5% a.m. durante 4 anos, quanto eu tenho no final?",
    )
    assert brl(npf.fv(0.005, 48, -500, 0)) in answer.resposta_ao_usuario


async def test_balance_still_owed_after_some_price_instalments(system: System) -> None:
    """'já paguei 12 parcelas, quanto ainda devo?': the PRICE balance after them, 120 the term."""
    answer = await ask(
        system,
        "financiei 90 mil em 120 meses pela price a 1,1% a.m. ja paguei 12 parcelas, "
        "quanto ainda devo?",
    )
    pmt = npf.pmt(0.011, 120, 90_000)
    assert brl(npf.fv(0.011, 12, pmt, 90_000) * -1) in answer.resposta_ao_usuario


async def test_rest_of_a_bill_on_revolving_credit_until_the_next_bill(system: System) -> None:
    """Paying part of the bill: what rolls is the rest, for one month (the next bill)."""
    answer = await ask(
        system,
        "fatura de 2.800, so consigo pagar 800. o resto vai pro rotativo a 13% a.m. "
        "quanto vai estar na proxima fatura?",
    )
    assert brl(npf.fv(0.13, 1, 0, -2_000)) in answer.resposta_ao_usuario


async def test_monthly_cost_of_keeping_a_debt_while_savings_yield(system: System) -> None:
    """Keeping a debt vs paying it with savings: its interest minus what the savings yield."""
    answer = await ask(
        system,
        "tenho 4.500 no rotativo a 14,5% a.m. e 5 mil na poupança rendendo 0,5% a.m. quanto eu "
        "perco por mes mantendo a divida em vez de quitar com a poupança?",
    )
    cost = npf.fv(0.145, 1, 0, -4_500) - 4_500
    earned = npf.fv(0.005, 1, 0, -4_500) - 4_500
    text = answer.resposta_ao_usuario
    assert brl(cost) in text and brl(cost - earned) in text


async def test_credit_lines_paid_all_at_the_end_compound(system: System) -> None:
    """'usar 3 mil por 6 meses e pagar tudo no fim': compound interest, not PRICE instalments."""
    answer = await ask(
        system,
        "cartao consignado a 2,46% a.m. ou cheque especial a 7,8% a.m. pra usar 3 mil por 6 "
        "meses e pagar tudo no fim? quanto de juros em cada?",
    )
    text = answer.resposta_ao_usuario
    for monthly in (0.0246, 0.078):
        assert brl(npf.fv(monthly, 6, 0, -3_000) - 3_000) in text
