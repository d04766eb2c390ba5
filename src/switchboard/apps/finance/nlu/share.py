"""The user's share of a bill split with others (issue 19): the ledger holds what left the
user's pocket, not the whole bill.

- a fraction said: "eu paguei metade", "paguei um terço de 900", "fiquei com dois terços",
  "meio a meio" ("50%" is not read: a percentage is a discount or a rate; "um quarto" is a
  room, "1/3" a date); the amount right after the fraction is the share itself ("paguei
  metade, 150");
- a split among people: "rachei 90 em 3", "dividimos a pizza entre 4", "rachei a conta de 120
  com 2 amigos" (the user plus two: a third), "dividi a conta de 240 com meu irmão" (with one
  person: half).

"dividi em 3x", "dividi em 3 vezes no cartão" are instalments, not a share: a split "em N" is
read as people only after "rachar" (always people) or with a word for people or parts. A share
is never read when the user's own part is the amount said ("minha parte foi 45", "paguei 30 da
minha parte"). Pure functions of the folded text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Share", "find_share", "own_part_at", "people_count", "unknown_split"]

_SMALL: dict[str, int] = {
    "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
    "nove": 9, "dez": 10, "um": 1, "uma": 1,
}  # fmt: skip
_COUNT = r"(?P<n>\d{1,2}|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez)"
_FRACTIONS: dict[str, Fraction] = {
    "metade": Fraction(1, 2),
    "meio a meio": Fraction(1, 2),
    "um terco": Fraction(1, 3),
    "dois tercos": Fraction(2, 3),
}
_FRACTION = re.compile(
    r"\b(?:(?:a|com\s+a|so\s+a|pela)\s+)?(?P<f>metade|meio\s+a\s+meio|um\s+terco|dois\s+tercos)\b"
    # a third of the holiday pay is income, not a share
    r"(?!\s+(?:de|das)\s+ferias\b)"
    # the amount said right after the fraction is the share itself ("paguei metade, 150")
    r"(?!\s*[,:=-]?\s*(?:que\s+)?(?:deu|foi|da|ficou|saiu|sai|dando)?\s*(?:r\$\s*)?\d)"
)
_SPLIT_VERB = (
    r"(?:rachei|rachamos|racho|racha|rachou|rachar|rachado|rachada|dividi|divido|dividimos|dividido"
    r"|dividida|dividem|racham|dividindo|rachando"
    r"|dividiu|dividir)"
)
_RACHAR = re.compile(r"\brach\w*\b")
_AMONG = re.compile(
    r"\b"
    + _SPLIT_VERB
    + r"\b(?:[^.;?!]|\.(?=\d)){0,60}?\b(?:em|entre|por|pra|para|com(?:\s+mais)?)\s+"
    + _COUNT
    + r"(?:\s+(?P<who>pessoas|amig\w*|colegas|partes|caras|brothers|manos|mina\w*))?\b"
    r"(?!\s*(?:x\b|vezes|parcel\w*|prestac\w*|meses|mes\b|anos?\b|dias?\b|semanas?\b))"
)
_WITH_ONE = re.compile(
    r"\b"
    + _SPLIT_VERB
    + r"\b(?:[^.;?!]|\.(?=\d)){0,60}?\bcom\s+(?:o\s+|a\s+)?(?:meu|minha|o|a|um|uma)\s+"
    r"(?!\d)[a-z]+\b"
    r"|\b" + _SPLIT_VERB + r"\b(?:[^.;?!]|\.(?=\d)){0,60}?\bcom\s+(?:o|a)\s+[a-z]{3,}\b"
    r"|\b" + _SPLIT_VERB + r"\b(?:[^.;?!]|\.(?=\d)){0,60}?\bcom\s+(?:ele|ela)\b"
)
_GROUP = re.compile(
    r"\bcom\s+(?:a|o|os|as|minha|meu|nossa|nosso)\s+(?:galera|turma|pessoal|familia|galere"
    r"|rapaziada|mocada|equipe|time|grupo|povo|amigos|amigas|colegas)\b"
)
"""A split with a group of unknown size ("rachei com a galera"): no share can be read."""
_PAIR = re.compile(
    r"\beu\s+e\s+(?:o\s+|a\s+)?(?:meu\s+|minha\s+)?[a-z]{2,}\s+"
    r"(?:rachamos|dividimos|racha(?:mos)?\s+meio\s+a\s+meio)\b"
    r"|\b(?:rachamos|dividimos)\b(?:[^.;?!]|\.(?=\d)){0,60}?\beu\s+e\s+(?:o\s+|a\s+)?"
    r"(?:meu\s+|minha\s+)?[a-z]{2,}\b"
)
"""The user and one person split it ("eu e a Bia rachamos o uber de 40"): half."""
_HEADCOUNT_FORMS = tuple(
    re.compile(form)
    for form in (
        r"\b(?:eramos|somos|fomos|estavamos|tavamos|ficamos"
        r"|a\s+gente\s+(?:era|eram|tava|estava|foi|ficou))(?:\s+em)?(?:\s+uns|\s+umas)?\s+"
        + _COUNT
        + r"\b(?!\s*(?:x\b|vezes|parcel|prestac|reais|mil\b|k\b|conto|meses|mes\b|dias|anos))",
        r"\b(?:em|entre)\s+" + _COUNT + r"\s+pessoas\b",
        r"\b(?P<plus>eu\s+e\s+mais)\s+" + _COUNT + r"\b",
        # "moro com mais 3 pessoas": the user and three; "moramos em 4": four
        r"\bmoro\s+com\s+(?P<plus>(?:mais\s+)?)"
        + _COUNT
        + r"\s+(?:pessoas|amig\w*|colegas|caras|minas)\b",
        r"\bmoramos\s+em\s+" + _COUNT + r"\b",
    )
)
"""How many people shared it, said apart from the split ("rachei a pizza de 160 com a galera, a
gente era em 4", "éramos 5", "eu e mais 3": four)."""
_SPLIT_WORD = re.compile(r"\brach\w*|\bdivid\w*|\bvaquinha\b")
_SURELY_PEOPLE = re.compile(r"\brach\w*|\bvaquinha\b")
_INSTALMENT_WORDS = r"\b\d+\s*x\b|\bvezes\b|\bparcel\w*"
_PARTS_OF_A_PAYMENT = re.compile(rf"{_INSTALMENT_WORDS}|\bprestac\w*")
_WITH_OTHERS = re.compile(
    r"\bcom\s+(?:os|as|uns|umas|meus|minhas)\s+(?:amig\w*|colegas|parceir\w*|primos|brothers)\b"
)
_OWN_PART_SAID = re.compile(
    r"\b(?:minha\s+parte|a\s+minha|meu\s+lado|cada\s+um|cada\s+uma|pra\s+cada|por\s+pessoa"
    r"|por\s+cabeca)\b"
)
_INSTALMENTS_NEAR = re.compile(rf"{_INSTALMENT_WORDS}|\bcartao\b|\bcredito\b")


@dataclass(frozen=True, slots=True)
class Share:
    """The user's part of the amount said, and the words that said so."""

    part: Fraction
    cue: str


_OWN_AMOUNT = re.compile(
    r"\b(?:paguei|dei|coloquei|botei|entrei\s+com|contribui\s+com|mandei|fiquei\s+com"
    r"|minha\s+parte(?:\s+(?:foi|deu|e|eh|ficou|saiu))?(?:\s+de)?)"
    r"\s+(?:uns\s+|umas\s+|so\s+|r\$\s*)*(?=\d)"
)
"""The user's own part said as an amount in a split ("rachei a conta de 300 com a galera e
paguei 75", "vaquinha pro presente, dei 50")."""


def own_part_at(folded: str) -> int | None:
    """Where the amount of the user's own part starts in a split message, or None: that amount
    is the entry, the bill's total is not."""
    if not _SPLIT_WORD.search(folded):
        return None
    m = _OWN_AMOUNT.search(folded)
    return m.end() if m is not None else None


def find_share(folded: str) -> Share | None:
    """The user's share of the amount the message names, or None (see the module docstring)."""
    if _OWN_PART_SAID.search(folded) or own_part_at(folded) is not None:
        return None
    if m := _FRACTION.search(folded):
        return Share(_FRACTIONS[re.sub(r"\s+", " ", m["f"])], m.group().strip())
    if m := _AMONG.search(folded):
        n = int(m["n"]) if m["n"].isdigit() else _SMALL[m["n"]]
        before = folded[m.start() : m.start("n")].split()
        if before and before[-1] in ("com", "mais"):
            n += 1  # "com 2 amigos": the user and two friends
        elif not (_RACHAR.search(m.group()) or m["who"]) and _INSTALMENTS_NEAR.search(folded):
            return None  # "dividi em 3 no cartão": instalments
        if 2 <= n <= 20:
            return Share(Fraction(1, n), m.group())
    if (m := _headcount(folded)) and _SPLIT_WORD.search(folded):
        n = _count(m)
        if 2 <= n <= 20:
            return Share(Fraction(1, n), m.group())
    if _GROUP.search(folded):
        return None
    if (m := _WITH_ONE.search(folded) or _PAIR.search(folded)) and not _INSTALMENTS_NEAR.search(
        folded
    ):
        return Share(Fraction(1, 2), m.group())
    return None


def _headcount(folded: str) -> re.Match[str] | None:
    return next((m for form in _HEADCOUNT_FORMS if (m := form.search(folded))), None)


def _count(m: re.Match[str]) -> int:
    n = int(m["n"]) if m["n"].isdigit() else _SMALL[m["n"]]
    return n + 1 if m.groupdict().get("plus") is not None else n


def unknown_split(folded: str) -> bool:
    """A bill split with others whose share cannot be read ("rachei a conta do bar com a
    galera, deu 280"): the Lançador asks how many people (or the user's part) instead of
    recording the whole bill as the user's spending. "rachar" and "vaquinha" always mean people;
    "dividir" only with a group or friends named, never with instalments ("dividi em 3x")."""
    if _OWN_PART_SAID.search(folded) or own_part_at(folded) is not None:
        return False
    if find_share(folded) is not None:
        return False
    if _PARTS_OF_A_PAYMENT.search(folded):
        return False
    if _SURELY_PEOPLE.search(folded):
        return True
    return bool(
        _SPLIT_WORD.search(folded) and (_GROUP.search(folded) or _WITH_OTHERS.search(folded))
    )


_BARE_COUNT = re.compile(
    r"\s*" + _COUNT + r"\s*(?:pessoas?)?\s*(?:contando\s+comigo|comigo)?\s*[.!]?\s*"
)
_PEOPLE_SAID = re.compile(r"\b" + _COUNT + r"\s+(?:pessoas|contando\s+comigo)\b")


def people_count(folded: str) -> int | None:
    """How many people shared the bill, in the answer to "quantas pessoas?": "éramos 5", "5",
    "cinco pessoas", "eu e mais 3" (four), "4 contando comigo"; None when no count is said."""
    if m := _headcount(folded):
        n = _count(m)
    elif m := _BARE_COUNT.fullmatch(folded) or _PEOPLE_SAID.search(folded):
        n = int(m["n"]) if m["n"].isdigit() else _SMALL[m["n"]]
    else:
        return None
    return n if 2 <= n <= 20 else None
