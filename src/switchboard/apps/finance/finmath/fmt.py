"""pt-BR formatting of money and percentages for user-facing text (babel, locale pt_BR).

Babel puts a no-break space between "R$" and the amount; we turn it into a plain space so the
text reads the same in a terminal, a log line and a test assertion.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from babel.lists import format_list
from babel.numbers import format_currency, format_decimal

LOCALE = "pt_BR"


def brl(value: Decimal) -> str:
    """R$ 1.234,56"""
    return format_currency(value, "BRL", locale=LOCALE).replace("\xa0", " ")


def listing(items: Sequence[str]) -> str:
    """'a, b e c', as pt-BR lists things (babel's list pattern)."""
    return format_list(list(items), locale=LOCALE)


def usd(value: Decimal) -> str:
    """'US$ 1.234,56', as a Brazilian reads a dollar amount."""
    return format_currency(value, "USD", locale=LOCALE).replace("\xa0", " ")


def pct(value: Decimal, *, signed: bool = False, places: int = 2) -> str:
    """23,81% (value is already a percentage); `signed` gives +1,2% / -3,1%."""
    digits = "0" * places
    pattern = f"#,##0.{digits}" if places else "#,##0"
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(value, format=pattern, locale=LOCALE) + "%"


def number(value: Decimal, *, places: int = 2) -> str:
    """18,50 / 155.342,10"""
    digits = "0" * places
    return format_decimal(value, format=f"#,##0.{digits}" if places else "#,##0", locale=LOCALE)


_PLURALS = {
    "mês": "meses", "dia": "dias", "ano": "anos", "semana": "semanas", "parcela": "parcelas",
    "prestação": "prestações", "lançamento": "lançamentos", "pagamento": "pagamentos",
    "transferência": "transferências", "vez": "vezes", "compra": "compras",
}  # fmt: skip
"""pt-BR plurals of the units answers count; any other noun takes "s"."""


def count(n: int | Decimal, singular: str) -> str:
    """ "1 mês", "2 meses", "1 parcela", "0 lançamentos": a count with its noun agreeing.

    Every answer that says how many months, days or instalments goes through here, so a
    one-month total never reads "1 meses". Only exactly 1 is singular (pt-BR: "0 meses",
    "1,5 mês" is not said: fractional counts are written by the caller)."""
    noun = singular if n == 1 else _PLURALS.get(singular, singular + "s")
    return f"{n} {noun}"
