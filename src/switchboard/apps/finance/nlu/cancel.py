"""Cancel words of a clarifying dialogue ("esquece", "cancela", "deixa pra lá", ...).

Whole words on folded text, never substrings: the original looked for "para" inside the message
and cancelled "150 reais para o mercado". "deixa" alone counts ("deixa, esquece"), but not as
the start of a request ("deixa eu ver", "deixa anotado 50 reais").
"""

from __future__ import annotations

import re

from .text import fold

__all__ = ["is_cancel", "split_cancel"]

_CANCEL = re.compile(
    r"\b(?:esquece|esqueca|esquecer|cancela|cancelar|cancele|cancelado|desiste|desisto|desistir"
    r"|deixa\s+(?:pra|para|pro)\s+la|deixa(?!\s+(?:eu|que|anotado|registrado|ai|como|assim))"
    r"|nao\s+importa|nao\s+precisa(?:\s+mais)?|nao\s+quero\s+mais)\b"
)
_LEADING = re.compile(
    r"^(?:\W*(?:" + _CANCEL.pattern + r"|e|ok|entao|bom|ah|ta|tudo\s+bem|isso))+\W*"
)


def is_cancel(text: str) -> bool:
    """Whether the message contains a cancel word (whole word, accents optional)."""
    return _CANCEL.search(fold(text)) is not None


def split_cancel(text: str) -> tuple[bool, str]:
    """(cancelled?, the rest of the message after leading cancel words).

    "esquece, faça uma análise das minhas finanças" -> (True, "faça uma análise das minhas
    finanças"): the dialog layer resets and triages the rest instead of dropping it.
    """
    folded = fold(text)
    if _CANCEL.search(folded) is None:
        return False, text.strip()
    m = _LEADING.match(folded)
    rest = text[m.end() :] if m is not None else text
    return True, rest.strip()
