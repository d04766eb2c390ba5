"""A ledger total with a hypothetical amount added ("e se eu abastecer mais 200 essa semana,
qnto vai dar no total?"), or what would be left of the period ("quanto sobra se eu gastar mais
500 com mercado?"): the Simplista answers the recorded total plus the amount supposed (or the
period's income − spending − the amount), and records nothing (issue 19: the question asked,
with the user's own numbers)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .money import find_amounts
from .text import fold

__all__ = ["WhatIf", "hypothetical_extra"]

_EXTRA = re.compile(
    r"\b(?:se|caso)\s+(?:eu\s+|a\s+gente\s+|nos\s+)?(?:\w+\s+){0,3}?mais\s+(?:uns\s+|umas\s+)?"
    r"(?P<amount>(?:r\$\s*)?\d[\d.,]*(?:\s*(?:mil|reais|conto|pila|k)\b)?)"
)
_TOTAL_ASKED = re.compile(
    r"\b(?:no\s+total|o\s+total|total\s+(?:vai|fica|da)|(?:quanto|qnto|qto|qnt)\s+(?:vai\s+)?"
    r"(?:dar|ficar|fica|da|vai\s+ser|sera)(?:\s+(?:no\s+total|tudo|o\s+total))?"
    r"|vai\s+(?:dar|ficar|pra)\s+quanto|(?:fica|da|vai\s+dar)\s+quanto)\b"
)
_LEFT_ASKED = re.compile(
    r"\b(?:quanto|qnto|qto|qnt)\s+(?:me\s+|eu\s+)?(?:sobra|sobraria|vai\s+sobrar|sobrariam"
    r"|resta|restaria|vai\s+restar)\b|\b(?:sobra|sobraria|vai\s+sobrar|resta|restaria)\s+"
    r"(?:quanto|qnto|qto)\b"
)
"""What is left of the month asked ("quanto sobra se eu gastar mais 500 com mercado?"): the
period's income less its spending less the amount supposed."""
_ANALYSIS = re.compile(r"%|\bjuros\b|\btaxa\b|\brende\w*\b|\bparcel\w*|\b\d+\s*x\b")


@dataclass(frozen=True, slots=True)
class WhatIf:
    """The amount supposed and the question without it (to parse as a ledger query)."""

    extra: Decimal
    question: str
    left: bool = False
    """What is left is asked (`_LEFT_ASKED`), not the total with the amount added."""


def hypothetical_extra(text: str) -> WhatIf | None:
    """The hypothetical addition a total question supposes, or None (see the module
    docstring). Not when a rate, instalments or a yield make it an analysis."""
    folded = fold(text)
    left = _LEFT_ASKED.search(folded) is not None
    if _ANALYSIS.search(folded) or not (left or _TOTAL_ASKED.search(folded)):
        return None
    m = _EXTRA.search(folded)
    if m is None:
        return None
    amounts = find_amounts(m["amount"])
    if not amounts:
        return None
    rest = folded[: m.start("amount")] + folded[m.end("amount") :]
    rest = re.sub(r"\bmais\s+(?:uns\s+|umas\s+)?(?=\s|$|,)", " ", rest)
    return WhatIf(amounts[0].value, " ".join(rest.split()), left=left)
