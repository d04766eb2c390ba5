"""Numbers read from pt-BR answers (the `figures` check)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.evals.numbers import numbers_in, parse_number


def _values(text: str) -> list[tuple[float, str]]:
    return [(float(n.value), n.unit) for n in numbers_in(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R$ 1.952,13", [(1952.13, "brl")]),
        ("R$\xa01.952,13", [(1952.13, "brl")]),  # Babel's no-break space
        ("R$1952,13", [(1952.13, "brl")]),
        ("1952,13", [(1952.13, "")]),
        ("1,99% a.m.", [(1.99, "percent")]),
        ("rende 100 por cento do CDI", [(100.0, "percent")]),
        ("12x sem juros", [(12.0, "times")]),
        ("em 3x de R$ 50,00", [(3.0, "times"), (50.0, "brl")]),
        ("3 mil", [(3000.0, "")]),
        ("R$ 1,5 mil", [(1500.0, "brl")]),
        ("mil reais", [(1000.0, "")]),
        ("2 milhões e 3 bi", [(2000000.0, ""), (3000000000.0, "")]),
        ("1.5k", [(1500.0, "")]),
        ("1.000.000", [(1000000.0, "")]),
        ("1.952", [(1952.0, "")]),  # dots group thousands in pt-BR
        ("1,952.13", [(1952.13, "")]),  # the English form, both marks
        ("taxa de 14.90 ao ano", [(14.9, "")]),
        ("saldo de -R$ 50,00", [(-50.0, "brl")]),
        ("R$ -50,00", [(-50.0, "brl")]),
        ("(−5%)", [(-5.0, "percent")]),
        ("de 10-20 itens", [(10.0, ""), (20.0, "")]),  # a range, not a negative
        ("em 26/11/2026", [(26.0, ""), (11.0, ""), (2026.0, "")]),
        ("10 km em 14 minutos", [(10.0, ""), (14.0, "")]),
        ("nenhum número aqui", []),
    ],
)
def test_numbers_in(text: str, expected: list[tuple[float, str]]) -> None:
    assert _values(text) == expected


def test_numbers_keep_their_text_and_order() -> None:
    found = numbers_in("Parcela de R$ 1.952,13 em 12x a 1,99% a.m.; total de 23 mil")
    assert [n.text for n in found] == ["R$ 1.952,13", "12x", "1,99%", "23 mil"]
    assert [n.value for n in found] == [
        Decimal("1952.13"),
        Decimal(12),
        Decimal("1.99"),
        Decimal(23000),
    ]


@pytest.mark.parametrize(
    ("raw", "value"),
    [("1.952,13", "1952.13"), ("1,5", "1.5"), ("1.5", "1.5"), ("12.500", "12500"), ("7", "7")],
)
def test_parse_number(raw: str, value: str) -> None:
    assert parse_number(raw) == Decimal(value)
