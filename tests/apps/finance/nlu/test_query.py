"""Simplista queries: metric, kind, category, period (assumed or stated), follow-ups."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from switchboard.apps.finance.nlu import LedgerQuery, NeedsClarification, describe, parse_query

TODAY = date(2026, 11, 23)


def _query(text: str, previous: LedgerQuery | None = None) -> LedgerQuery:
    result = parse_query(text, TODAY, previous=previous)
    assert isinstance(result, LedgerQuery), result
    return result


CASES: list[tuple[str, dict[str, Any], str | None, bool]] = [
    ("quanto gastei com mercado este mês?",
     {"metric": "total", "kind": "despesa", "categoria": "Alimentação",
      "subcategoria": "Supermercado"}, "este mês", False),
    ("Quanto gastei esse mês?", {"metric": "total", "kind": "despesa"}, "este mês", False),
    ("qto gastei mes passado", {"metric": "total", "kind": "despesa"}, "mês passado", False),
    ("qual meu saldo?", {"metric": "balance", "kind": None}, None, False),
    ("qual foi meu maior gasto em março?", {"metric": "max", "kind": "despesa", "limit": 1},
     "março de 2026", False),
    ("qual foi minha menor receita este ano", {"metric": "min", "kind": "receita", "limit": 1},
     "este ano", False),
    ("liste minhas despesas de transporte",
     {"metric": "list", "kind": "despesa", "categoria": "Transporte", "subcategoria": None},
     "este mês", True),
    ("quanto recebi este ano", {"metric": "total", "kind": "receita"}, "este ano", False),
    ("quanto economizei nos últimos 3 meses", {"metric": "savings"}, "últimos 3 meses", False),
    ("Quanto economizei este ano?", {"metric": "savings"}, "este ano", False),
    ("qual meu patrimônio líquido", {"metric": "net_worth"}, None, False),
    ("quanto tenho investido", {"metric": "invested"}, None, False),
    ("Quanto investi em renda fixa?",
     {"metric": "invested", "investment_type": "renda fixa", "kind": None}, None, False),
    ("quais parcelas do cartão estão em aberto", {"metric": "card_installments"}, None, False),
    ("quanto devo?", {"metric": "debts"}, None, False),
    ("quanto tenho em reserva?", {"metric": "reserve"}, None, False),
    ("quais contas tenho a pagar", {"metric": "payables", "categoria": None}, None, False),
    ("Quais minhas receitas fixas?", {"metric": "list", "kind": "receita", "categoria": None},
     "este mês", True),
    ("quanto gastei", {"metric": "total", "kind": "despesa"}, "este mês", True),
    ("quanto gastei hoje", {"metric": "total", "kind": "despesa"}, "hoje", False),
    ("quais gastos acima de 200 reais de 01/03 a 15/03",
     {"metric": "list", "kind": "despesa", "min_value": Decimal("200")},
     "01/03/2026 a 15/03/2026", False),
    ("gastos entre 100 e 500 reais em outubro",
     {"min_value": Decimal("100"), "max_value": Decimal("500")}, "outubro de 2026", False),
    ("meus 5 maiores gastos do ano", {"metric": "max", "limit": 5}, "este ano", False),
    ("quantas vezes andei de uber esse mês",
     {"metric": "count", "merchants": ("uber",), "subcategoria": None, "kind": "despesa"}, "este mês",
     False),
    ("quantas compras fiz no cartão esse mês", {"metric": "count", "categoria": None},
     "este mês", False),
    ("minhas dividas", {"metric": "debts", "categoria": None}, None, False),
    ("quanto falta pagar do financiamento", {"metric": "debts", "subcategoria": "Financiamento"},
     None, False),
    ("quais foram minhas 10 ultimas despesas", {"metric": "list", "limit": 10}, "este mês", True),
    ("qnto foi de farmacia semana passada",
     {"metric": "total", "kind": "despesa", "subcategoria": "Farmácia"}, "semana passada", False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "fields", "period", "assumed"), CASES, ids=[c[0] for c in CASES])
def test_parse_query(text: str, fields: dict[str, Any], period: str | None, assumed: bool) -> None:
    query = _query(text)
    assert {k: getattr(query, k) for k in fields} == fields
    assert (query.period.label if query.period else None) == period
    assert query.assumed_period is assumed


def test_ambiguous_kind_asks_with_a_default() -> None:
    result = parse_query("quanto foi em março?", TODAY)
    assert isinstance(result, NeedsClarification)
    assert result.field == "kind"
    assert result.question == (
        "Você quer saber das suas despesas ou das suas receitas em março de 2026?"
    )
    assert result.default is not None and result.default.kind == "despesa"


def test_no_metric_asks_what_to_consult() -> None:
    result = parse_query("hmm", TODAY)
    assert isinstance(result, NeedsClarification)
    assert (result.field, result.default) == ("metric", None)


def test_follow_ups_keep_the_previous_query() -> None:
    first = _query("Quanto gastei esse mês?")
    second = _query("e no mês passado?", previous=first)
    assert (second.metric, second.kind, second.period and second.period.label) == (
        "total",
        "despesa",
        "mês passado",
    )
    third = _query("e com farmácia?", previous=second)
    assert (third.subcategoria, third.period and third.period.label) == ("Farmácia", "mês passado")
    fourth = _query("e quanto recebi?", previous=third)
    assert (fourth.kind, fourth.categoria, fourth.period and fourth.period.label) == (
        "receita",
        None,
        "mês passado",
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("quanto gastei com mercado em março", "com Supermercado em março de 2026"),
        ("quanto gastei este mês", "neste mês"),
        ("gastos acima de 200 reais mês passado", "acima de R$ 200,00 no mês passado"),
        ("quanto gastei de uber este ano", "em Uber neste ano"),
        ("qual meu saldo", ""),
    ],
)
def test_describe(text: str, expected: str) -> None:
    assert describe(_query(text)) == expected


@pytest.mark.parametrize(
    ("text", "categoria", "scopes"),
    [
        (
            "total de contas da casa (luz, água e gás) esse mês",
            None,
            (("Contas", "Luz"), ("Contas", "Água"), ("Contas", "Gás")),
        ),
        ("quanto gastei com alimentação e mercado?", ("Alimentação", None), ()),
        (
            "quanto foi de uber e gasolina em novembro?",
            None,
            (("Transporte", "Combustível"), ("Transporte", "App")),
        ),
        ("quanto gastei de mercado no carrefour?", ("Alimentação", "Supermercado"), ()),
    ],
)
def test_named_categories(
    text: str, categoria: tuple[str, str | None] | None, scopes: tuple[tuple[str, str], ...]
) -> None:
    query = _query(text)
    got = (query.categoria, query.subcategoria) if query.categoria else None
    assert (got, tuple(query.scopes)) == (categoria, scopes)


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("quanto falta eu receber?", "receivables"),
        ("tem algum dinheiro pra entrar essa semana?", "receivables"),
        ("quanto eu apliquei esse mês?", "invested"),
    ],
)
def test_more_metric_phrasings(text: str, metric: str) -> None:
    assert _query(text).metric == metric


@pytest.mark.parametrize(
    "follow_up",
    ["e sem filtro de pagamento?", "e em todas as formas de pagamento?", "e não só no cartão?"],
)
def test_a_follow_up_lifts_the_payment_filter_and_keeps_the_rest(follow_up: str) -> None:
    """ "e no total, sem filtro de pagamento?" repeated the card total (the filter was kept)."""
    first = _query("quanto gastei no cartão entre agosto e setembro com mercado e farmácia?")
    assert first.payment_methods == ("credito",)
    second = _query(follow_up, previous=first)
    assert second.payment_methods == ()
    assert (second.period, second.scopes) == (first.period, first.scopes)
