"""fin17: failure classes of finance_wf1 and of wf2's dev half, each fixed as a concept and
probed with varied wording — a correction right after a recording (its category, its
instalments), "me lembra de pagar …" as a bill due, a brand typed short ("ubr"), and messages
where nothing happened to the user's money (a purchase almost made or given up, a reminder of
a task, money only expected). The same probes, as a suite: bench/finance/eval/probes_fin17.jsonl
(make_probes_fin17.py)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu import categories, extract_transaction
from switchboard.apps.finance.nlu.correct import amend, read_followup
from switchboard.apps.finance.nlu.dates import resolve_date
from switchboard.apps.finance.nlu.nothing import negated_act
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import answer, brl, ledger_of, say

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize(
    ("first", "fix", "categoria"),
    [
        ("gastei 90 na drogaria", "na verdade foi um perfume de presente, muda pra Compras", "Compras"),
        ("paguei 200 no restaurante ontem", "ops, foi num bar, coloca em Lazer", "Lazer"),
        ("gastei 60 no mercado", "errei a categoria, era lazer", "Lazer"),
        ("uber 30", "corrige a categoria pra lazer, foi pro show", "Lazer"),
        ("gastei 120 no shopping", "pensando bem, isso foi comida, põe em alimentação", "Alimentação"),
        ("gastei 60 na farmacia", "foi presente, categoria compras", "Compras"),
    ],
)  # fmt: skip
async def test_a_new_category_replaces_the_entry_just_recorded(
    first: str, fix: str, categoria: str, app: FinanceApp
) -> None:
    await say(app, first)
    reply = await say(app, fix)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.categoria for e in entries] == [categoria], reply
    assert categoria in reply


def test_a_bar_moved_to_lazer_keeps_the_subcategory_it_names() -> None:
    dinner = extract_transaction("paguei 200 no restaurante ontem", TODAY)
    fixed = amend(dinner, "ops, foi num bar, coloca em Lazer", TODAY, more=False)
    assert (fixed.categoria, fixed.subcategoria, fixed.valor) == ("Lazer", "Bares", Decimal(200))


@pytest.mark.parametrize(
    ("fix", "count"),
    [
        ("opa, foi em 10x, não 5x", 10),
        ("na verdade foram 12 parcelas", 12),
        ("errei, foi em 12x", 12),
        ("corrige: 8x", 8),
        ("não foi 5x, foi 3x", 3),
        ("ops, parcelei em 6", 6),
    ],
)
def test_a_new_instalment_count_corrects_the_purchase(fix: str, count: int) -> None:
    found = read_followup(fix)
    assert found is not None and found.kind == "corrigir"
    tv = extract_transaction("comprei uma TV de 2.500 em 5x no cartão", TODAY)
    fixed = amend(tv, fix, TODAY, more=False)
    assert (fixed.parcelas, fixed.valor) == (count, Decimal(2500))


@pytest.mark.parametrize(
    ("text", "amount", "due"),
    [
        ("me lembra de pagar o boleto da escola, 980, dia 10", 980, date(2026, 12, 10)),
        ("me lembra de pagar a luz dia 15, 230", 230, date(2026, 12, 15)),
        ("lembrete: pagar aluguel de 1500 dia 5", 1500, date(2026, 12, 5)),
        ("nao me deixa esquecer de pagar a internet 120 dia 30", 120, date(2026, 11, 30)),
    ],
)
def test_a_reminder_to_pay_is_a_bill_due(text: str, amount: int, due: date) -> None:
    draft = extract_transaction(text, TODAY)
    assert (draft.conta_futura, draft.valor, draft.data) == (True, Decimal(amount), due)


def test_a_brand_typed_short_is_spelled_out() -> None:
    assert categories.repair_short_brands("gasstei 23 no ubr agora") == "gasstei 23 no uber agora"
    assert categories.repair_short_brands("meu cpf e o mesmo") == "meu cpf e o mesmo"


@pytest.mark.parametrize(
    "text",
    [
        "ontem eu quase gastei 300 numa jaqueta mas desisti na hora",
        "quase comprei um fone de 500 hoje, ainda bem que nao comprei",
        "ia pagar 200 no jantar mas meu pai pagou",
        "tava pra gastar 150 no bar mas fiquei em casa",
        "fui comprar uma calça de 180 e desisti",
        "eu ia gastar 60 no uber mas fui de onibus",
    ],
)
async def test_a_purchase_almost_made_or_given_up_is_not_recorded(
    text: str, app: FinanceApp
) -> None:
    assert negated_act(text) == "spent"
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == [], reply


def test_an_act_told_beside_a_given_up_one_is_still_an_act() -> None:
    assert negated_act("comprei uma calça de 180 e desisti da camisa") is None
    assert negated_act("gastei 50 no mercado, ainda bem que nao foi 100") is None
    assert negated_act("cancelei a compra e caiu o estorno de 1.200") is None  # a refund
    assert read_intent(triage_fold("comprei uma calça de 180 e desisti da camisa")).intent == (
        "registro"
    )


@pytest.mark.parametrize(
    "text",
    [
        "me lembra de ligar pro banco sobre a fatura de 800",
        "me lembra amanha de ver o preço da passagem, uns 900",
        "lembrete: ver se o salario de 4500 caiu",
        "preciso parar de gastar 100 por semana com delivery",
        "meu chefe disse que vou ganhar 500 de aumento",
        "acho que vou receber uns 2 mil de bonus",
        "a empresa pagou 2 mil de bonus pro meu colega",
        "minha mae pagou 300 pro meu irmao",
        "cancelei a compra de 250 na shopee",
    ],
)
async def test_a_task_a_goal_or_money_only_expected_is_not_recorded(
    text: str, app: FinanceApp
) -> None:
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == [], reply


@pytest.mark.parametrize(
    "text",
    [
        "oie, gastei 54,90 no ifod hoje a noite pq tava sem coragem de cozinhar kkk",
        "gastei 30 no uber pq tava chovendo",
        "comprei um tenis de 300 porque o meu rasgou",
        "torrei 200 no bar por causa do aniversario do joao",
    ],
)
async def test_an_act_told_with_its_reason_is_recorded(text: str, app: FinanceApp) -> None:
    reply = await say(app, text)
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 1, reply


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("semana passada na terça gastei 130", date(2026, 11, 17)),
        ("na segunda da semana passada", date(2026, 11, 16)),
        ("semana passada, na quinta", date(2026, 11, 19)),
        ("semana retrasada na quarta", date(2026, 11, 11)),
        ("terça passada", date(2026, 11, 24)),
    ],
)
def test_a_weekday_of_a_named_week_is_in_that_week(text: str, day: date) -> None:
    assert resolve_date(text, TODAY) == day


@pytest.mark.parametrize(
    ("text", "categoria", "subcategoria"),
    [
        ("cumprei uma camiza de 79", "Compras", "Roupas"),
        ("almosso 28 ontem", "Alimentação", "Restaurante"),
        ("gastei 30 no asougue", "Alimentação", "Supermercado"),
        ("paguei 4 passagens de onibus de 5,30 cada", "Transporte", "Transporte Público"),
        ("livro pra faculdade, oitenta e nove e noventa", "Educação", "Livros"),
        ("gasstei 23 no ubr agora", "Transporte", "App"),
    ],
)
async def test_misspelt_or_purposed_purchases_get_their_category(
    text: str, categoria: str, subcategoria: str, app: FinanceApp
) -> None:
    reply = await say(app, text)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [(e.categoria, e.subcategoria) for e in entries] == [(categoria, subcategoria)], reply


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("botei 250 conto no cofrinho do app do banco", None),
        ("guardei 100 na caixinha do app", None),
        ("o inquilino da kitnet acabou de me mandar o aluguel dele, 650 reais", "receita"),
        ("meu cliente acabou de me pagar 1200 do site", "receita"),
        ("anota 300 como receita, venda do sofa", "receita"),
    ],
)
async def test_own_savings_are_transfers_and_money_sent_to_the_user_is_income(
    text: str, kind: str | None, app: FinanceApp
) -> None:
    reply = await say(app, text)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    # a transfer between the user's own accounts is no income nor expense entry
    assert [e.kind for e in entries] == ([kind] if kind else []), reply
    if kind is None:
        assert "Transferência" in reply


@pytest.mark.parametrize(
    ("text", "target", "months"),
    [
        (
            "gasto 5.000 por mês e quero uma reserva de 9 meses de gastos. depositando 1.000 no "
            "fim de cada mês numa aplicação de 0,8% ao mês, qual o valor da reserva e em quantos "
            "meses chego lá?",
            45000,
            "38,59",  # npf.nper(0.008, -1000, 0, 45000) = 38.589
        ),
        (
            "reserva de emergência de 6 meses com gasto mensal de 2.500: aportando 400 por mês a "
            "0,7% ao mês, quantos meses até completar?",
            15000,
            "33,42",  # npf.nper(0.007, -400, 0, 15000) = 33.416
        ),
    ],
)
async def test_the_emergency_fund_and_the_months_to_build_it(
    text: str, target: int, months: str
) -> None:
    reply = await answer(text)
    assert brl(target) in reply and f"{months} meses" in reply, reply


@pytest.mark.parametrize(
    ("first", "follow", "named"),
    [
        (
            "quanto rende 10 mil na poupança em 1 ano?",
            "vale mais a pena que um CDB de 100% do CDI?",
            ("poupança", "CDB 100% do CDI", "R$ 10.000,00"),
        ),
        (
            "quanto rende 10 mil na poupança em 1 ano?",
            "é melhor que o tesouro selic?",
            ("poupança", "Tesouro Selic", "R$ 10.000,00"),
        ),
        (
            "quanto rende 20 mil num CDB de 100% do CDI em 1 ano?",
            "e na poupança, rende mais?",
            ("poupança", "CDB 100% do CDI", "R$ 20.000,00"),
        ),
    ],
)
async def test_a_comparison_follow_up_reuses_amount_and_term(
    first: str, follow: str, named: tuple[str, ...], app: FinanceApp
) -> None:
    await say(app, first)
    reply = await say(app, follow)
    assert all(n in reply for n in named) and not reply.rstrip().endswith("?"), reply


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("minha poupanca ta rendendo uns 0,8% ao mes, qual seria a taxa anual efetiva disso?", "10,03%"),
        ("um emprestimo de 2,99% ao mes da quantos % ao ano?", "42,41%"),
        ("o cartao cobra 14% ao mes, quanto isso da ao ano?", "381,79%"),
        ("12% ao ano da quanto ao mes?", "0,9489%"),
        ("2% ao mes fica quanto ao ano?", "26,82%"),
        ("quanto seria 15% de 80?", "R$ 12,00"),
        ("quanto e 20% de 350?", "R$ 70,00"),
    ],
)  # fmt: skip
async def test_equivalent_rates_and_shares_are_computed(
    text: str, figure: str, app: FinanceApp
) -> None:
    # (1.008)^12 - 1 = 10.034%; (1.0299)^12 - 1 = 42.41%; (1.14)^12 - 1 = 381.79%;
    # 1.12^(1/12) - 1 = 0.9489%; 1.02^12 - 1 = 26.82%
    reply = await say(app, text)
    assert figure in reply, reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        (
            "uma TV custa 3.000: a vista tem 10% de desconto ou 10x de 300 sem juros. meu "
            "dinheiro rende 0,9% ao mes. o que compensa mais? quanto valem hoje as 10 parcelas?",
            ("R$ 2.700,00", "R$ 2.856,69"),  # npf.pv(0.009, 10, -300) = 2856.69
        ),
        (
            "com inflacao de 0,4% ao mes, quanto 10 mil de hoje vao valer em poder de compra "
            "daqui 3 anos?",
            ("R$ 8.661,36",),  # 10000 / 1.004**36
        ),
        (
            "se a inflacao for 5% ao ano, quanto 50 mil valem daqui 10 anos em dinheiro de hoje?",
            ("R$ 30.695,66",),  # 50000 / 1.05**10
        ),
        (
            "tenho 15 mil pra aplicar por 2 anos. uma opcao rende 0,9% ao mes e a outra 0,65% ao "
            "mes. quanto eu teria em cada uma e qual a diferenca?",
            (
                "R$ 18.598,56",
                "R$ 17.523,54",
                "R$ 1.075,0",
            ),  # 15000 * 1.009**24, 1.0065**24 (±1 cent)
        ),
    ],
)
async def test_cash_vs_instalments_purchasing_power_and_two_rates(
    text: str, figures: tuple[str, ...]
) -> None:
    reply = await answer(text)
    assert all(f in reply for f in figures), reply


async def test_a_follow_up_product_without_its_rate_is_asked_not_computed(app: FinanceApp) -> None:
    await say(app, "quanto rende 5 mil num CDB de 110% do CDI em 2 anos?")
    reply = await say(app, "vale mais a pena que uma LCI de 90%?")
    assert "Não consegui fazer o cálculo" not in reply and "faltam parâmetros" not in reply
    assert reply.rstrip().endswith("?"), reply
