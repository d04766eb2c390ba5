"""Numbers in pt-BR answer text, for the `figures` check.

    numbers_in("Parcela de R$ 1.952,13 em 12x a 1,99% a.m.; total de 23 mil")
    → 1952.13 (brl), 12 (times), 1.99 (percent), 23000 (plain)

Reading rules (pt-BR first, because that is what the assistants write):

- `1.952,13`, `1.952`, `1.000.000`: dots group thousands, the comma is the decimal mark;
- `1952,13`, `0,5`: a comma is a decimal mark;
- `1,952.13`: both marks with the dot last is the English form (a hosted model may write it);
- `1.5`, `12.50`: a dot not followed by exactly three digits is a decimal mark;
- `R$` before → unit `brl`; `%` or "por cento" after → `percent`; `x` after (`12x`) → `times`;
- `mil`, `milhão/milhões` (`mi`), `bilhão/bilhões` (`bi`), `k` after multiply (`1,5 mil` =
  1500); a bare "mil" with no digits before it is 1000;
- a minus sign (`-`, `−`) right before the number or before `R$` makes it negative, unless it
  joins two numbers (`10-20`).

Dates and times are read as their parts (`26/11/2026` gives 26, 11 and 2026): harmless for a
check that asks whether an expected figure *appears*.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

Unit = Literal["brl", "percent", "times", ""]

_NUMBER = (
    r"\d{1,3}(?:,\d{3})+\.\d+"  # 1,952.13 (English, both marks)
    r"|\d{1,3}(?:\.\d{3})+(?:,\d+)?"  # 1.952,13 / 1.952 / 1.000.000
    r"|\d+,\d+"  # 1952,13
    r"|\d+\.\d+"  # 1.5, 12.50
    r"|\d+"
)
_SCALE = r"mil|milh(?:ao|oes)|mi|bilh(?:ao|oes)|bi|k"
_TOKEN = re.compile(
    r"(?P<sign>(?<!\w)[-−]\s?)?"
    r"(?P<brl>R\$\s?)?"
    r"(?P<sign2>(?<!\w)[-−]\s?)?"
    r"(?<![\d.,])(?P<num>" + _NUMBER + r")(?![\d]|[.,]\d)"
    r"(?:\s?(?P<scale>" + _SCALE + r")(?![a-z]))?"
    r"(?P<suffix>\s?(?:%|por cento\b)|x(?![a-z0-9]))?"
    r"|(?<![\w\d.,])(?P<bare>mil)(?![a-z])",
    re.IGNORECASE,
)
_SCALES = {
    "mil": Decimal(1000),
    "k": Decimal(1000),
    "mi": Decimal(1_000_000),
    "milhao": Decimal(1_000_000),
    "milhoes": Decimal(1_000_000),
    "bi": Decimal(1_000_000_000),
    "bilhao": Decimal(1_000_000_000),
    "bilhoes": Decimal(1_000_000_000),
}


@dataclass(frozen=True, slots=True)
class FoundNumber:
    """One number read from the text."""

    value: Decimal
    unit: Unit
    text: str
    """The characters it was read from (for reports)."""


def _plain(text: str) -> str:
    """Compatibility form without accents: no-break spaces become spaces, "milhões" "milhoes"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def parse_number(raw: str) -> Decimal:
    """One numeral (`_NUMBER`) as a Decimal, by the rules in the module docstring."""
    if "," in raw and "." in raw:
        if raw.rfind(".") > raw.rfind(","):  # 1,952.13
            return Decimal(raw.replace(",", ""))
        return Decimal(raw.replace(".", "").replace(",", "."))  # 1.952,13
    if "," in raw:
        return Decimal(raw.replace(",", "."))
    if "." in raw:
        groups = raw.split(".")
        if all(len(g) == 3 for g in groups[1:]):  # 1.952 / 1.000.000
            return Decimal(raw.replace(".", ""))
        return Decimal(raw)
    return Decimal(raw)


def numbers_in(text: str) -> list[FoundNumber]:
    """Every number in `text`, in order of appearance."""
    found: list[FoundNumber] = []
    for match in _TOKEN.finditer(_plain(text)):
        if match.group("bare"):
            found.append(FoundNumber(Decimal(1000), "", match.group(0)))
            continue
        value = parse_number(match.group("num"))
        scale = match.group("scale")
        if scale:
            value *= _SCALES[scale.lower()]
        if match.group("sign") or match.group("sign2"):
            value = -value
        suffix = (match.group("suffix") or "").strip().lower()
        unit: Unit = "brl" if match.group("brl") else ""
        if suffix in ("%", "por cento"):
            unit = "percent"
        elif suffix == "x":
            unit = "times"
        found.append(FoundNumber(value, unit, match.group(0).strip()))
    return found


__all__ = ["FoundNumber", "Unit", "numbers_in", "parse_number"]
