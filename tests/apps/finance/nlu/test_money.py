"""pt-BR money amounts: what counts as money, what does not, and BRL formatting."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.nlu import find_amounts, format_brl, parse_amount


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R$ 1.234,56", "1234.56"),
        ("1.234", "1234"),
        ("89,90", "89.90"),
        ("1,2 mil", "1200"),
        ("10 mil", "10000"),
        ("mil e quinhentos", "1500"),
        ("dois mil", "2000"),
        ("45 conto", "45"),
        ("200 conto", "200"),
        ("2k", "2000"),
        ("R$150", "150"),
        ("150 reais", "150"),
        ("1.5k", "1500"),
        ("2 mil e quinhentos reais", "2500"),
        ("gastei 1234.56", "1234.56"),
        ("cinquenta conto no bar", "50"),
        ("gastei vinte no bar", "20"),
        ("cento e vinte reais", "120"),
        ("R$ 2026", "2026"),
        ("paguei 99 no uber", "99"),
        ("uns 300 pila", "300"),
        ("1 milhão", "1000000"),
        ("gastei 150.", "150"),
    ],
)
def test_parse_amount(text: str, expected: str) -> None:
    assert parse_amount(text) == Decimal(expected)


@pytest.mark.parametrize(
    "text",
    [
        "05/04",
        "dia 15/03/2026",
        "em 10x",
        "12 vezes",
        "3 parcelas",
        "às 10:30",
        "10h",
        "em 2025",
        "10 de abril de 2026",
        "dia 5",
        "últimos 3 meses",
        "10%",
        "comprei um carro",
        "fui com duas amigas",
        "fui de 99",
        "cpf 123.456.789-00",
        "100000000000000000000000000",  # beyond any personal amount (and the decimal context)
        "",
    ],
)
def test_not_money(text: str) -> None:
    assert find_amounts(text) == []
    assert parse_amount(text) is None


def test_spans_and_explicit_flag() -> None:
    text = "Comprei 2 camisas por R$ 100,00"
    amounts = find_amounts(text)
    assert [(a.value, text[a.span[0] : a.span[1]], a.explicit) for a in amounts] == [
        (Decimal("2.00"), "2", False),
        (Decimal("100.00"), "R$ 100,00", True),
    ]
    assert parse_amount(text) == Decimal("100")  # explicit beats bare


def test_instalment_value_is_found_but_count_is_not() -> None:
    assert [a.value for a in find_amounts("10x de 300 no cartão")] == [Decimal("300")]


def test_spans_index_text_with_accents() -> None:
    text = "Água: R$ 80,50"
    [amount] = find_amounts(text)
    assert text[amount.span[0] : amount.span[1]] == "R$ 80,50"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("1234.56", "R$ 1.234,56"),
        ("150", "R$ 150,00"),
        ("0.5", "R$ 0,50"),
        ("3450", "R$ 3.450,00"),
        ("1000000", "R$ 1.000.000,00"),
    ],
)
def test_format_brl(value: str, expected: str) -> None:
    assert format_brl(Decimal(value)) == expected
    assert "\xa0" not in format_brl(Decimal(value))
