"""A day (or period) with no money moving: "não gastei nada hoje", "hoje foi zero gasto".

It is a statement, not a recording with a missing amount: asking "Qual foi o valor?" would
make the user invent one. The Lançador acknowledges it and writes nothing.
"""

from __future__ import annotations

import re

from .money import find_amounts
from .text import fold

__all__ = ["NOTHING_SPENT", "nothing_moved"]

NOTHING_SPENT = (
    "Anotado: sem movimentação, então não há nada para registrar. Quando tiver um gasto ou uma "
    "entrada, é só me contar."
)

_NOTHING = re.compile(
    r"\b(?:nao|nem)\s+(?:\w+\s+)?(?:gastei|comprei|paguei|recebi|gastamos|compramos|ganhei"
    r"|tive\s+(?:gasto|despesa|entrada)s?)\s+(?:nada|nenhum\w*|um\s+(?:centavo|real|tostao))\b"
    r"|\b(?:nenhum|zero)\s+(?:gasto|despesa|compra)s?\b"
    r"|\bsem\s+(?:gastos?|despesas?|compras?)\s+hoje\b"
    r"|\bnao\s+teve\s+(?:nenhum\s+)?(?:gasto|despesa|compra)s?\b"
)


def nothing_moved(text: str) -> bool:
    """True for a message that says nothing was spent or received, with no amount nor question."""
    folded = fold(text)
    return "?" not in folded and not find_amounts(text) and _NOTHING.search(folded) is not None
