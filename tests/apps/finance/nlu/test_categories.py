"""Category keywords: whole words, accents folded, money never a keyword."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.nlu import TAXONOMY, categorize, category_label, display_name
from switchboard.apps.finance.nlu.categories import KEYWORDS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fui ao mercado", ("Alimentação", "Supermercado")),
        ("SUPERMERCADO", ("Alimentação", "Supermercado")),
        ("pão de açúcar", ("Alimentação", "Supermercado")),
        ("pedi no ifood", ("Alimentação", "Delivery")),
        ("gastei 45 conto no uber", ("Transporte", "App")),
        ("paguei 30 no 99", ("Transporte", "App")),
        ("fui de 99 pop", ("Transporte", "App")),
        ("gasolina", ("Transporte", "Combustível")),
        ("abasteci no posto", ("Transporte", "Combustível")),
        ("conta de luz", ("Contas", "Luz")),
        ("energia", ("Contas", "Luz")),
        ("conta de celular", ("Contas", "Celular")),
        ("cinema", ("Lazer", "Cinema")),
        ("netflix", ("Lazer", "Streaming")),
        ("tv nova", ("Compras", "Eletrônicos")),
        ("celular de 2400", ("Compras", "Eletrônicos")),
        ("roupa", ("Compras", "Roupas")),
        ("quarta-feira gastei 70 em roupa", ("Compras", "Roupas")),
        ("capinha de celular 29", ("Compras", "Eletrônicos")),
        ("torrei 80 no rolê", ("Lazer", None)),
        ("um frila de fotografia", ("Receitas", "Freelance")),
        ("salário", ("Receitas", "Salário")),
        ("salario", ("Receitas", "Salário")),
        ("freela", ("Receitas", "Freelance")),
        ("IPTU", ("Moradia", "IPTU")),
        ("aluguel", ("Moradia", "Aluguel")),
        ("condomínio", ("Moradia", "Condomínio")),
        ("farmacia", ("Saúde", "Farmácia")),
        ("plano de saúde", ("Saúde", "Plano de Saúde")),
        ("despesas de transporte", ("Transporte", None)),
        ("comprei uma tv no mercado livre", ("Compras", "Eletrônicos")),
        ("mensalidade da faculdade", ("Educação", "Mensalidade")),
        ("recebi o 13 de 3.500", ("Receitas", "Salário")),
        ("meu 13 caiu: 2.750", ("Receitas", "Salário")),
    ],
)
def test_categorize(text: str, expected: tuple[str, str | None]) -> None:
    assert categorize(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "R$ 99,90",  # the original filed this under the ride app
        "paguei 99 reais",
        "99,90",
        "luzes",  # whole words only
        "supermercados123",
        "barco",
        "pagamento",
        "",
    ],
)
def test_no_category(text: str) -> None:
    assert categorize(text) is None


def test_kind_restricts_candidates() -> None:
    assert categorize("recebi o reembolso da farmácia", "receita") == ("Receitas", "Reembolso")
    assert categorize("farmácia", "receita") is None
    assert categorize("meu salário", "despesa") is None


def test_every_keyword_points_into_the_taxonomy() -> None:
    for categoria, subcategoria in KEYWORDS.values():
        assert categoria in TAXONOMY
        assert subcategoria is None or subcategoria in TAXONOMY[categoria]


def test_labels() -> None:
    assert category_label("Compras", "Eletrônicos") == "Compras > Eletrônicos"
    assert category_label("Transporte", None) == "Transporte"
    assert category_label(None, None) is None
    assert display_name("Transporte", "App") == "Transporte por app"
    assert display_name("Alimentação", "Supermercado") == "Supermercado"
