"""One name per bank (issue 19): "consignado do BB" pays the "consignado Banco do Brasil".

Users name the same bank many ways ("BB", "Banco do Brasil", "banco brasil"; "CEF", "Caixa
Econômica"; "Nu", "Nubank", "roxinho"); matching a debt or an account by its words needs them
to be one word. `bank_words` rewrites folded text with each bank as its one token.
"""

from __future__ import annotations

import re

__all__ = ["bank_words"]

_ALIASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), token)
    for pattern, token in (
        (r"\bbanco\s+(?:do\s+)?brasil\b|\bbb\b|\bbco\s+(?:do\s+)?brasil\b", "bb"),
        (r"\bcaixa\s+economica(?:\s+federal)?\b|\bcef\b|\bcaixa\b", "caixa"),
        (r"\bitau(?:\s+unibanco)?\b|\bitaucard\b", "itau"),
        (r"\bnu\s*bank\b|\broxinho\b|(?<=\bd[oa]\s)nu\b|(?<=\bno\s)nu\b", "nubank"),
        (r"\bsantander\b|\bsantan\b", "santander"),
        (r"\bbanco\s+inter\b", "inter"),
        (r"\bc6\s*bank\b", "c6"),
        (r"\bbtg\s+pactual\b", "btg"),
        (r"\bmercado\s+pago\b", "mercadopago"),
    )
)


def bank_words(folded: str) -> str:
    """`folded` with every spelling of a bank replaced by its one token ("consignado do banco
    do brasil" -> "consignado do bb")."""
    for pattern, token in _ALIASES:
        folded = pattern.sub(token, folded)
    return folded
