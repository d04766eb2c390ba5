"""pt-BR text helpers of the triage: folding, tokens, amounts.

Everything works on folded text (lowercase, no accents, single spaces; see `fold`) and matches
whole words only: the finance original matched substrings, so "99" hit any "R$ 99,90" and the
cancel word "para" cancelled "150 reais para o mercado".
"""

from __future__ import annotations

import re

from switchboard.models import normalize

fold = normalize
"""Lowercase, strip accents, collapse whitespace (shared with the embedded model)."""

_TOKEN = re.compile(r"r\$|\d+(?:[.,]\d+)*k?|[a-z]+")

MONEY = re.compile(
    r"r\$\s*\d"
    r"|\b\d+(?:[.,]\d+)*\s*(?:k|mil|reais|real|rs|conto|contos|pila|pilas|paus?|mangos?|"
    r"dolares|pratas?)\b"
    r"|\b(?:cem|duzentos|trezentos|quatrocentos|quinhentos|seiscentos|setecentos|oitocentos|"
    r"novecentos|mil|cinquenta|vinte|trinta|quarenta|sessenta|setenta|oitenta|noventa|dez|"
    r"quinze)(?: e \w+)?\s+(?:reais|real|conto|contos|pila|pilas)\b"
    r"|\bmil e (?:quinhentos|duzentos|trezentos|cem|oitocentos)\b"
)
"""An amount that says it is money: "R$ 150", "150 reais", "2k", "3 mil", "200 conto",
"mil e quinhentos", "cinquenta reais"."""

_NUMBER = re.compile(r"(?<![\w/])\d+(?:[.,]\d+)*(?![\d/%])")
_NOT_MONEY_AFTER = re.compile(
    r"\s*(?:x\b|%|vezes|parcelas?|prestac\w*|anos?|meses|mes\b|dias\b|h\b|horas?|semanas?|"
    r"cotas?|acoes|pessoas|filhos?|o?\b(?:trimestre|semestre)|[a-z]{4}\d)"
)


def tokens(folded: str) -> list[str]:
    """Words, numbers ("1.234,56", "2k") and "r$" of a folded text."""
    return _TOKEN.findall(folded)


def has_money(folded: str) -> bool:
    """True when the text carries an amount marked as money (see MONEY)."""
    return MONEY.search(folded) is not None


def has_amount(folded: str) -> bool:
    """Money, or a bare number that is not a date, a percentage, instalments, an age or a year.

    "gastei 450" and "uber 23,50" have one; "dia 15", "10x", "3%", "aos 55 anos", "em 2025",
    "últimos 3 meses" do not.
    """
    if has_money(folded):
        return True
    for match in _NUMBER.finditer(folded):
        value = match.group()
        before = folded[: match.start()]
        after = folded[match.end() :]
        if _NOT_MONEY_AFTER.match(after):
            continue
        if re.fullmatch(r"(?:19|20)\d\d", value) and re.search(r"\b(?:em|de|ate)\s*$", before):
            continue
        if re.search(r"\bdia\s*$|\baos\s*$|\bultimos\s*$|\bproximos\s*$", before):
            continue
        return True
    return False


def wordset(text: str) -> frozenset[str]:
    """The whitespace-separated words of a lexicon literal."""
    return frozenset(text.split())
