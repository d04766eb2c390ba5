"""Number mentions in a folded pt-BR message, for the income reader (`income.py`).

A mention is a number (digits, "4,5k", "3 mil e 100", number words such as "dois mil e
quinhentos", "um salário e meio", "metade de um salário") with its unit (1, "mil"/"k", the
minimum wage); what it means (money, people, a score...) is decided by `income.py` from the
words around it. Split from the reader to keep each module small.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from switchboard.patterns import NUMBER_WORD, UNIT_WORDS, words_value

CENT = Decimal("0.01")
SELF_CORRECTION = re.compile(
    r"\b(?:quer dizer|ou melhor|na verdade|digo|alias|corrigindo|errei|nao,? (?:e|era)|pera|perai"
    r"|espera|opa|ops)\b"
    r"|\bnao\s*(?:,|\.\.\.|…|!)\s*$"  # "somos 3, não, 4", "somos 4... ah não, 5"
)
"""Words that correct what was just said, between two amounts or two counts ("2.000, quer
dizer 2.500"; "somos 4, ou melhor 5")."""

_NUMERIC = re.compile(
    r"(?<![\w.,])(?P<num>\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d])"
    r"(?:\s*(?P<scale>k\b|mil\b|milhao\b|milhoes\b))?"
)
_WORDS = re.compile(rf"\b(?P<words>{NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*)\b")
_MIL_TAIL = re.compile(
    rf"\s+e\s+(?:(?P<digits>\d{{1,3}})(?![\d.,])|(?P<words>{NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*))\b"
)
HALF_AFTER = re.compile(r"\s+e\s+meio\b")
_WAGE_AFTER = re.compile(r"\s*(?:salario)\b(?:\s+e\s+meio\b)?")
_MEIO_WAGE = re.compile(
    r"\b(?P<half>meio|metade d[eo](?: um)?"
    r"|(?P<count>um|uma|dois|duas|tres|\d) (?P<part>tercos?|quartos?|quintos?) d[eo](?: um)?"
    r"|(?P<num>[1-4])/(?P<den>[2-5]) d[eo](?: um)?)"
    r"\s+salario\b"
)
"""A fraction of the minimum wage: "meio salário", "metade de um salário", "um terço do
salário", "dois terços de um salário", "um quarto do mínimo"."""
_PARTS = {"terco": 3, "quarto": 4, "quinto": 5}
_FRACTION_COUNT = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3}
_MIL_TAIL_NOT_MONEY = re.compile(
    r"\s*(?:pessoas?|integrantes?|membros?|moradores?|em casa\b|filh|irm|anos\b)"
)
"""What follows "1,2k e 2" when the 2 is no hundreds of the amount: "1,2k e 2 pessoas"."""


@dataclass(slots=True)
class Mention:
    value: Decimal
    start: int
    end: int
    word: bool = False
    """Written in words ("oitocentos")."""
    wage: bool = False
    """In minimum wages (already multiplied)."""
    scaled: bool = False
    """Had a scale: "mil", "k"."""
    role: str = "money"
    raw: Decimal | None = None
    """The number as written, before its unit ("4" of "4 mil", "1,5" of "1,5 salário")."""
    annual: bool = False
    """Given per year (divided by 12)."""
    period: str | None = None
    """Given per week or fortnight ("semana", "quinzena"), made monthly."""
    each: int = 1
    """Earned by each of this many people ("meus pais ganham 1.400 cada")."""
    unit: Decimal = Decimal(1)
    """What `raw` counts: 1, 1000 ("mil", "k") or the minimum wage; the low end of a range
    written without one takes the high end's ("entre 3 e 4 mil", "de 1 a 2 salários")."""


def numeric_value(num: str) -> Decimal:
    if "," in num:
        return Decimal(num.replace(".", "").replace(",", "."))
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", num):
        return Decimal(num.replace(".", ""))
    return Decimal(num)


_SCALES = {"k": Decimal(1000), "mil": Decimal(1000), "milhao": Decimal(10**6)}


def number_mentions(folded: str, wage: Decimal) -> list[Mention]:
    found: list[Mention] = []
    for m in _NUMERIC.finditer(folded):
        value = raw = numeric_value(m["num"])
        end = m.end()
        scale = m["scale"]
        unit = Decimal(1)
        if scale:
            unit = _SCALES.get(scale, Decimal(10**6))
            value *= unit
            tail = _MIL_TAIL.match(folded, end)
            if (
                tail
                and scale in ("mil", "k")
                and raw == raw.to_integral_value()  # "1,2k e 2 pessoas": no "mil e N"
                and not _MIL_TAIL_NOT_MONEY.match(folded, tail.end())
            ):
                extra = int(tail["digits"]) if tail["digits"] else words_value(tail["words"])
                if extra is not None and extra < 1000:
                    value += extra
                    end = tail.end()
        found.append(Mention(value, m.start(), end, scaled=bool(scale), raw=raw, unit=unit))
    taken = [(x.start, x.end) for x in found]
    for m in _WORDS.finditer(folded):
        if any(m.start() < b and a < m.end() for a, b in taken):
            continue
        for start, end in _word_numbers(folded, m.start(), m.end()):
            number = words_value(folded[start:end])
            if number is None:
                continue
            scaled = "mil" in folded[start:end]
            found.append(Mention(Decimal(number), start, end, word=True, scaled=scaled))
    for m in _MEIO_WAGE.finditer(folded):
        fraction = Decimal("0.5")
        if m["part"] or m["num"]:  # "dois terços do salário", "1/3 do salário"
            if m["num"]:
                fraction = Decimal(m["num"]) / Decimal(m["den"])
            else:
                count = int(m["count"]) if m["count"].isdigit() else _FRACTION_COUNT[m["count"]]
                fraction = Decimal(count) / _PARTS[m["part"].rstrip("s")]
            if fraction >= 1:
                continue
            # the numbers inside the fraction are the fraction's
            found = [x for x in found if not (m.start() <= x.start < m.end("half"))]
        found.append(Mention(fraction, m.start(), m.end("half"), word=True))
    found.sort(key=lambda x: x.start)
    for mention in found:
        after = _WAGE_AFTER.match(folded, mention.end)
        if after is None:
            continue
        multiple = mention.value
        if after.group(0).rstrip().endswith("meio") or HALF_AFTER.match(folded, mention.end):
            multiple += Decimal("0.5")
        mention.value = (multiple * wage).quantize(CENT)
        mention.wage = True
        mention.end = after.end()
        half = HALF_AFTER.match(folded, mention.end)
        if half is not None:  # "um salário e meio"
            multiple += Decimal("0.5")
            mention.value = (multiple * wage).quantize(CENT)
            mention.end = half.end()
        mention.raw, mention.unit = multiple, wage
    for mention in found:
        if mention.raw is None:
            mention.raw = mention.value
    return _drop_inner(found)


_SCALE_WORD = re.compile(r"\b(?:mil|milhao|milhoes)\b")
_JOIN = re.compile(r"\s+e\s+")


def _word_numbers(folded: str, start: int, end: int) -> list[tuple[int, int]]:
    """A run of number words split into numbers: a scale word closes a number, so a second
    one starts another ("mil e dois mil" is 1000 and 2000, not 3000; "dois mil e quinhentos"
    stays one number)."""
    spans: list[tuple[int, int]] = []
    begin = start
    seen_scale = False
    for join in _JOIN.finditer(folded, start, end):
        piece = folded[join.end() : end]
        before = folded[begin : join.start()]
        if _SCALE_WORD.search(before):
            seen_scale = True
        following = _JOIN.split(piece, maxsplit=1)[0]
        last, first = before.split()[-1:], following.split()[:1]
        smaller = (  # "vinte e um", "cento e dez" add up; "um e dois" are two numbers
            not last
            or not first
            or last[0] not in UNIT_WORDS
            or first[0] not in UNIT_WORDS
            or UNIT_WORDS[first[0]] < UNIT_WORDS[last[0]]
        )
        if (seen_scale and _SCALE_WORD.search(following)) or not smaller:
            spans.append((begin, join.start()))
            begin = join.end()
            seen_scale = False
    spans.append((begin, end))
    return spans


def _drop_inner(found: list[Mention]) -> list[Mention]:
    kept: list[Mention] = []
    for mention in found:
        if kept and mention.start < kept[-1].end:
            continue
        kept.append(mention)
    return kept


__all__ = ["CENT", "HALF_AFTER", "SELF_CORRECTION", "Mention", "number_mentions", "numeric_value"]
