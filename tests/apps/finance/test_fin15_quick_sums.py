"""Quick sums on the user's own numbers that finance_w17's writer asked and the catalogue did
not read (fin15): groups of equal amounts added up, a value raised or cut by a percentage, a
monthly cost raised every year totalled over years, what is left and its share of the income.
And "nothing moved" said with a token amount ("nem 1 real"), which must write nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.compute import quick
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.params import ContaParams
from switchboard.apps.finance.nlu.nothing import nothing_moved
from switchboard.apps.finance.triage.rules import asks_quick_sum
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import brl, ledger_of, quick_params, say


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("3 parcelas de 250 mais 2 de 180, quanto da tudo?", "1110"),
        ("10x de 59 mais 12x de 35, qto da?", "1010"),
        ("somando 4 boletos de 89,90 com 2 de 210, quanto dá?", "779.60"),
        ("2 prestacoes de 1.200 e 3 de 450, total?", "3750"),
    ],
)
def test_groups_of_equal_amounts_are_added(text: str, total: str) -> None:
    params = quick_params(text)
    assert params.operacao == "grupos"
    assert quick(params).resultado == Decimal(total)
    assert asks_quick_sum(triage_fold(text)) or "total" in text


def test_a_single_group_is_not_a_sum_of_groups() -> None:
    question = extract("quanto fica 12x de 89,90?")
    assert question is not None and isinstance(question.params, ContaParams)
    assert question.params.operacao != "grupos"


@pytest.mark.parametrize(
    ("text", "op", "value"),
    [
        ("se o aluguel subir 10% vou pagar quanto? hoje pago 1.800", "aumento_percentual", "1980"),
        ("se a conta de luz de 320 cair 15% quanto fica", "reducao_percentual", "272"),
        ("plano de saude de 890 com reajuste de 9,5%, qual vai ser o novo valor?",
         "aumento_percentual", "974.55"),
    ],
)  # fmt: skip
def test_a_value_changed_by_a_percentage(text: str, op: str, value: str) -> None:
    params = quick_params(text)
    assert params.operacao == op
    assert quick(params).resultado == Decimal(value)


def test_a_share_of_the_salary_is_not_a_change() -> None:
    params = quick_params("quanto é 10% do meu salario de 4.200?")
    assert params.operacao == "percentual"


def test_a_yearly_raise_is_totalled_year_by_year() -> None:
    params = quick_params(
        "aluguel de 2.500 por mes reajustado 5% a cada ano. quanto pago no total em 5 anos?"
    )
    assert (params.operacao, params.a, params.n, params.pct) == (
        "reajuste_anual_total",
        Decimal(2500),
        60,
        Decimal(5),
    )
    # 30.000 × (1 + 1,05 + 1,05² + 1,05³ + 1,05⁴) = 165.768,94 (each year's rent in cents)
    assert abs(quick(params).resultado - Decimal("165768.94")) < Decimal("0.5")


def test_what_is_left_and_its_share_of_the_income() -> None:
    params = quick_params(
        "ganho 6.400, gasto 5.120. sobra quanto e quantos por cento isso representa?"
    )
    assert (params.operacao, params.a, params.b) == (
        "sobra_percentual",
        Decimal(6400),
        Decimal(5120),
    )
    result = quick(params)
    assert (result.resultado, result.percentual) == (Decimal(1280), Decimal(20))


@pytest.mark.parametrize(
    "text",
    [
        "hoje nao gastei nada, nem 1 real",
        "passei a semana toda sem gastar 1 real",
        "ontem nao comprei nada nao, nem 5 reais de pao",
        "nao saiu nem 1 real da minha conta hoje",
    ],
)
def test_a_token_amount_inside_a_negation_is_nothing_moved(text: str) -> None:
    assert nothing_moved(text)


@pytest.mark.parametrize(
    "text",
    [
        "gastei 30 no mercado, nem 1 real de troco",
        "paguei 1 real de taxa",
        "nao gastei nada no uber, gastei 30 no mercado",
    ],
)
def test_a_real_amount_beside_the_token_is_still_recorded(text: str) -> None:
    assert not nothing_moved(text)


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("somando 4 boletos de 89,90 com 2 de 210, quanto dá?", [779.60]),
        ("ganho 5.200 e tenho 3.100 de gastos fixos. quanto sobra e quantos % do salario isso é?",
         [2100]),
        ("hoje nao gastei nada, nem 1 real", []),
    ],
)  # fmt: skip
async def test_answered_and_nothing_recorded(
    text: str, figures: list[float], app: FinanceApp
) -> None:
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    for figure in figures:
        assert brl(figure) in reply


def test_groups_with_their_owner_between_them() -> None:
    text = "faltam 8 prestacoes de 310 do carro e 2 de 1.200 do iptu, quanto devo no total?"
    params = quick_params(text)
    assert params.operacao == "grupos"
    assert quick(params).resultado == Decimal(4880)
    assert asks_quick_sum(triage_fold(text))


def test_a_reduction_said_as_a_noun() -> None:
    text = "o condominio de 750 teve reducao de 10%, fica quanto?"
    params = quick_params(text)
    assert (params.operacao, quick(params).resultado) == ("reducao_percentual", Decimal(675))
    assert asks_quick_sum(triage_fold(text))


def test_a_records_question_that_mentions_a_raise_stays_a_query() -> None:
    from switchboard.apps.finance.triage.rules import apply

    text = "o aluguel subiu 10%, quanto gastei de aluguel esse mes?"
    assert not asks_quick_sum(triage_fold(text))
    hit = apply(triage_fold(text))
    assert hit is not None and hit.categoria == "simplista"


def test_only_the_smallest_token_says_nothing_without_nada() -> None:
    """ "não gastei nem 10 reais" says little was spent, not that nothing was."""
    assert not nothing_moved("nao gastei nem 10 reais hoje")
    assert nothing_moved("nao gastei nem 1 real hoje")


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("eu nao gastei 120 no ifood, foi meu irmao", "spent"),
        ("graças a deus nao comprei aquele celular de 3 mil", "spent"),
        ("no fim nem comprei o tenis de 300", "spent"),
        ("ainda nao recebi os 500 do joao", "received"),
    ],
)
def test_a_denied_act_is_not_recorded(text: str, denied: str) -> None:
    from switchboard.apps.finance.nlu.nothing import negated_act

    assert negated_act(text) == denied


@pytest.mark.parametrize(
    "text",
    [
        "nao paguei os 200 da luz",  # a bill still to pay
        "nao gastei nada no uber, gastei 30 no mercado",  # another act is told
        "nao sei quanto gastei, acho que 50 no mercado",  # not a denial of the spending
        "gastei 50 no mercado",
    ],
)
def test_what_is_not_a_denied_act(text: str) -> None:
    from switchboard.apps.finance.nlu.nothing import negated_act

    assert negated_act(text) is None


async def test_a_denied_income_writes_nothing_and_offers_a_receivable(app: FinanceApp) -> None:
    reply = await say(app, "ainda nao recebi os 500 do joao")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "a receber" in reply
