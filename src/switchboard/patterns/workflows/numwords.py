"""Portuguese number words ("um" … "novecentos", "mil", "milhão") as values (shared by the
finance NLU and the scholarship income reader).

Only what people write about money and instalment counts: cardinals up to the millions, joined
by "e" ("mil e quinhentos", "cento e vinte mil"). Words are matched on folded text (no accents).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["NUMBER_WORD", "UNIT_WORDS", "words_value"]

UNIT_WORDS: dict[str, int] = {
    "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
    "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13,
    "catorze": 14, "quatorze": 14, "quinze": 15, "dezesseis": 16, "dezasseis": 16,
    "dezessete": 17, "dezoito": 18, "dezenove": 19, "vinte": 20, "trinta": 30, "quarenta": 40,
    "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90, "cem": 100,
    "cento": 100, "duzentos": 200, "duzentas": 200, "trezentos": 300, "trezentas": 300,
    "quatrocentos": 400, "quatrocentas": 400, "quinhentos": 500, "quinhentas": 500,
    "seiscentos": 600, "seiscentas": 600, "setecentos": 700, "setecentas": 700,
    "oitocentos": 800, "oitocentas": 800, "novecentos": 900, "novecentas": 900,
}  # fmt: skip
"""pt-BR number words up to the hundreds and their values, for reading amounts written in words."""
_SCALES: dict[str, int] = {"mil": 1000, "milhao": 1_000_000, "milhoes": 1_000_000}

NUMBER_WORD = "(?:" + "|".join(sorted([*UNIT_WORDS, *_SCALES], key=len, reverse=True)) + ")"
"""Regex alternation of every number word (longest first, so "dezesseis" beats "dez")."""

_TOKEN = re.compile(r"[a-z]+")


def words_value(
    phrase: str,
    *,
    units: Mapping[str, int] = UNIT_WORDS,
    scales: Mapping[str, int] = _SCALES,
    halves: bool = False,
) -> int | None:
    """Value of a folded number phrase ("dois mil e quinhentos" -> 2500); None if not one.

    Classic accumulator: units/tens/hundreds add into the current group; a scale word multiplies
    the group (an empty group counts as 1: "mil" -> 1000) and closes it. A caller with a larger
    vocabulary passes its own `units` and `scales`; `halves` reads "e meio" right after a scale
    ("dois mil e meio" -> 2500), which money talk needs and a shift ("meio período") must not.
    """
    total = 0
    group = 0
    seen = False
    last_scale = 0
    for token in _TOKEN.findall(phrase):
        if token == "e":
            continue
        if halves and token == "meio" and last_scale and not group:
            total += last_scale // 2  # "um milhão e meio", "dois mil e meio"
            continue
        if token in units:
            group += units[token]
        elif token in scales:
            total += (group or 1) * scales[token]
            group = 0
            last_scale = scales[token]
        else:
            return None
        seen = True
    return total + group if seen else None
