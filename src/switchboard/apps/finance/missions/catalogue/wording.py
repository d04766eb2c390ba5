"""pt-BR wording shared by the catalogue's answers: rates, terms, lists, the user's object.

Money goes through `finmath.fmt.brl` (the project's one BRL format, "R$ 1.234,56"); rates are
written as people write them ("0,9% ao mês", "10,65% ao ano", "17,5%"), trailing zeros off.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal

from switchboard.apps.finance.finmath.fmt import brl, listing, number
from switchboard.apps.finance.nlu.text import fold

__all__ = ["brl", "join", "months_text", "of_object", "percent", "rate", "years_months"]

_FEMININE = frozenset(
    {
        "moto", "motocicleta", "casa", "casinha", "geladeira", "tv", "televisao", "caminhonete",
        "kitnet", "sala", "chacara", "bicicleta", "bike", "van",
    }
)  # fmt: skip
"""The user's objects that take "a" ("da moto", "para a casa"); the rest take "o"."""


def of_object(objeto: str, preposition: str = "de") -> str:
    """ "do carro", "da moto", "para o apê", "para a casa": the user's word with its article."""
    feminine = fold(objeto).split()[0] in _FEMININE if objeto.strip() else False
    article = "a" if feminine else "o"
    if preposition == "de":
        return f"d{article} {objeto}"
    return f"{preposition} {article} {objeto}"


def percent(value: Decimal, places: int = 4) -> str:
    """A percentage as written: 17.5 → "17,5%", 0.9 → "0,9%", 15 → "15%"."""
    q = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN).normalize()
    text = f"{q:f}"
    if "." in text:
        whole, frac = text.split(".")
        return f"{number(Decimal(whole), places=0)},{frac}%"
    return f"{number(q, places=0)}%"


def rate(fraction: Decimal, period: str = "ao mês", places: int = 4) -> str:
    """A rate given as a fraction: 0.009 → "0,9% ao mês"."""
    return f"{percent(fraction * 100, places)} {period}".strip()


def months_text(months: int) -> str:
    """ "360 meses (30 anos)", "18 meses (1 ano e 6 meses)", "6 meses"."""
    if months < 12:
        return f"{months} {'mês' if months == 1 else 'meses'}"
    return f"{months} meses ({years_months(months)})"


def years_months(months: int) -> str:
    years, rest = divmod(months, 12)
    parts = [f"{years} {'ano' if years == 1 else 'anos'}"] if years else []
    if rest:
        parts.append(f"{rest} {'mês' if rest == 1 else 'meses'}")
    return " e ".join(parts) or "0 meses"


def join(items: list[str]) -> str:
    """The non-empty items listed ('a, b e c')."""
    return listing([i for i in items if i])


def fmt_number(value: Decimal, places: int = 2) -> str:
    return number(value, places=places)
