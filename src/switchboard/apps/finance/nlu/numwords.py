"""Portuguese number words as money amounts: the shared cardinals of
`patterns/workflows/numwords.py` ("um" … "novecentos", "mil", "milhão", joined by "e") plus what
only money talk needs (issue 19): diminutives ("cinquentinha", "vintão"), billions (an absurd
amount must still be read to be refused: "10 bilhões de luz"), "e meio" after a scale ("dois
mil e meio") and spoken prices ("quarenta e dois e noventa" = 42,90, `spoken_price`). Kept
apart from the shared module so the scholarship reader's "meio período" stays a shift, not a
number. Words are matched on folded text (no accents).
"""

from __future__ import annotations

import re
from itertools import pairwise

from switchboard.patterns import UNIT_WORDS as _SHARED_UNITS
from switchboard.patterns import words_value as shared_words_value

__all__ = ["NUMBER_WORD", "UNIT_WORDS", "digitise", "spoken_price", "words_value"]

UNIT_WORDS: dict[str, int] = {
    **_SHARED_UNITS,
    "vintinho": 20, "vintao": 20, "cinquentinha": 50, "cinquentao": 50, "cinquentinho": 50,
    "cemzinho": 100, "cenzinho": 100,
}  # fmt: skip
_SCALES: dict[str, int] = {
    "mil": 1000,
    "milhao": 1_000_000,
    "milhoes": 1_000_000,
    "bilhao": 1_000_000_000,
    "bilhoes": 1_000_000_000,
}

NUMBER_WORD = (
    "(?:" + "|".join(sorted([*UNIT_WORDS, *_SCALES], key=len, reverse=True)) + r"|meio(?=\s|$|\W))"
)
"""Regex alternation of every number word (longest first, so "dezesseis" beats "dez")."""

_TOKEN = re.compile(r"[a-z]+")


def words_value(phrase: str) -> int | None:
    """Value of a folded money phrase ("dois mil e quinhentos" -> 2500, "dois mil e meio" ->
    2500, "cinquentinha" -> 50); None if not one. The shared accumulator with this module's
    vocabulary and "e meio" after a scale."""
    tokens = phrase.split()
    if len(tokens) == 2 and tokens[0] == "meio" and tokens[1] in ("mil", "milhao", "bilhao"):
        return _SCALES[tokens[1]] // 2  # "meio milhão" = 500.000
    return shared_words_value(phrase, units=UNIT_WORDS, scales=_SCALES, halves=True)


def _rank(token: str) -> int:
    """Where a word sits in a canonical cardinal: hundreds 3, tens (20-90) 2, units/teens 1."""
    value = UNIT_WORDS[token]
    return 3 if value >= 100 else 2 if value >= 20 else 1


def spoken_price(phrase: str) -> tuple[int, int] | None:
    """(reais, centavos) of a price said the way Brazilians say prices: "quarenta e dois e
    noventa" is R$ 42,90, "três e cinquenta" R$ 3,50, "cento e vinte e nove e noventa"
    R$ 129,90; None when the phrase is an ordinary cardinal ("mil e duzentos e cinquenta").

    A cardinal goes down in rank inside a group (hundreds, then tens, then units: "cento e
    vinte e nove"); a word that does not ("dois" then "noventa", "cinquenta" then "cinquenta")
    starts a second number, and when that second number is below 100 and ends the phrase it is
    the cents. A scale word ("mil") closes its group, so "dois mil e trezentos" stays 2300.
    """
    tokens = [t for t in _TOKEN.findall(phrase) if t != "e"]
    previous = 4
    for i, token in enumerate(tokens):
        if token in _SCALES:
            previous = 4
            continue
        if token not in UNIT_WORDS:
            return None
        rank = _rank(token)
        if rank >= previous and i > 0:
            head = words_value(" ".join(tokens[:i]))
            tail = words_value(" ".join(tokens[i:]))
            if (
                head is None
                or tail is None
                or not 0 < tail < 100
                or tokens[i:] != _canonical(tokens[i:])
            ):
                return None
            return head, tail
        previous = rank
    return None


def _canonical(tokens: list[str]) -> list[str]:
    """`tokens` when they descend in rank (one cardinal below 1000), else an empty list."""
    ranks = [_rank(t) for t in tokens if t in UNIT_WORDS]
    if len(ranks) != len(tokens) or any(b >= a for a, b in pairwise(ranks)):
        return []
    return tokens


_RUN = re.compile(rf"(?<![\w,.])(?:{NUMBER_WORD})(?:\s+(?:e\s+)?(?:{NUMBER_WORD}))*(?!\w)")
_COUNTED = re.compile(
    r"\s+(?:mil\b|milh|dias?\b|mes(?:es)?\b|anos?\b|semanas?\b|vez(?:es)?\b|parcelas?\b"
    r"|prestac|por\s*cento\b|%)"
)
"""What makes a lone "um"/"uma" a number ("um ano", "uma parcela") rather than an article."""


def digitise(folded: str) -> str:
    """`folded` with its number words written in digits, for rules that look for digits: "em
    trinta anos" -> "em 30 anos", "duzentos mil" -> "200000", "doze mil e quinhentos" ->
    "12500", a spoken price "quarenta e dois e noventa" -> "42,90", "dois virgula cinco por
    cento" -> "2,5 por cento". A lone "um"/"uma" stays a
    word unless a unit follows ("um carro" is an article, "um ano" a term). The text's length
    changes: spans of the result do not index `folded`."""

    def replace(m: re.Match[str]) -> str:
        phrase = m.group()
        if phrase in ("um", "uma") and not _COUNTED.match(folded, m.end()):
            return phrase
        if phrase == "cento" and folded.endswith("por ", 0, m.start()):
            return phrase  # "um por cento" is a percentage, not "1 por 100
        price = spoken_price(phrase)
        if price is not None:
            return f"{price[0]},{price[1]:02d}"
        value = words_value(phrase)
        return phrase if value is None else str(value)

    return _DECIMAL_WORD.sub(r"\1,\2", _RUN.sub(replace, folded))


_DECIMAL_WORD = re.compile(r"(?<![\w,.])(\d+) virgula (\d+)(?![\w,.])")
""""dois virgula cinco" once digitised: "2 virgula 5" -> "2,5"."""
