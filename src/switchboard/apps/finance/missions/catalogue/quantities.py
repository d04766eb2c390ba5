"""The numbers of a pt-BR finance question, typed: money, rates, durations, ages, ordinals.

    "apê de 400 mil dando 80 mil de entrada, em 360 meses a 0,9% ao mês"
    → money 400.000 · money 80.000 · duration 360 meses · rate 0,9% a.m.

Money comes from the Lançador's finder (`nlu.find_amounts`: "R$ 1.234,56", "1,5 mil", "dois
mil", "45 conto"), minus what this module reads as something else (an age, "o mês 100").
Rates are numbers followed by "%" / "por cento", with their period read from what follows
("a.m.", "ao mês", "mensal" → month; "a.a.", "ao ano", "anual" → year; "do CDI" → a
percentage of the CDI). Durations are a number (digits or words: "dois anos") followed by a
unit (dias, meses, anos, "x", parcelas, vezes). Ages: "tenho 30 anos", "com 45 anos", "aos
60". Every mention keeps its span in the folded text, so the extractors read the words around
it (`before` / `after`) to give it a role ("entrada", "aluguel", "renda", …).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.nlu import find_amounts
from switchboard.apps.finance.nlu.numwords import NUMBER_WORD, words_value
from switchboard.apps.finance.nlu.text import fold, nfc

RatePeriod = Literal["mes", "ano", "cdi", "none"]
DurationUnit = Literal["dias", "meses", "anos", "parcelas"]

_NUM = r"\d+(?:[.,]\d+)?"
_WORDS = rf"{NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*"
_SPOKEN_DECIMAL = rf"(?:\d+|(?<![a-z]){_WORDS})\s+virgula\s+(?:\d+|{_WORDS})"
""""dois vírgula cinco", "1 virgula oito": a decimal said aloud."""
_RATE = re.compile(
    rf"(?P<num>{_SPOKEN_DECIMAL}|{_NUM}|(?<![a-z]){_WORDS})\s*(?:%|por\s*cento\b)"
    r"(?P<tail>\s*(?:de\s+|do\s+|da\s+)?(?:"
    r"a\.?\s?m\b\.?|ao\s+mes\b|mensa(?:l|is)\b|por\s+mes\b|am\b|a\s+m\b"
    r"|a\.?\s?a\b\.?|ao\s+ano\b|anua(?:l|is)\b|por\s+ano\b|aa\b"
    r"|cdi\b))?"
)
_RATE_BARE = re.compile(
    r"(?<![\d.,])(?P<num>\d{1,2},\d{1,4})\s*(?P<tail>a\.?\s?m\b\.?|ao\s+mes\b|am\b"
    r"|a\.?\s?a\b\.?|ao\s+ano\b|aa\b)"
)
""""juros 0,89 ao mes": a rate written without "%" (a decimal comma, then its period)."""
_CDI_BARE = re.compile(r"(?<![\d.,])(?P<num>\d{2,3}(?:[.,]\d+)?)\s+(?:do|de|da)\s+cdi\b")
""""100 do CDI": a percentage of the CDI written without "%"."""
_PERIOD_LATER = re.compile(
    r"^[^.;,?!]{0,24}?\b(?:(?P<m>a\.?\s?m\b|ao\s+mes\b|mensal\b|por\s+mes\b)"
    r"|(?P<a>a\.?\s?a\b|ao\s+ano\b|anual\b|por\s+ano\b))"
)
_DURATION = re.compile(
    rf"(?<![\d.,])(?P<num>\d+|{NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*)\s*"
    r"(?P<unit>dias?\b|mes(?:es)?\b|anos?\b|x(?![a-z0-9])|vezes\b|parcelas?\b|prestac(?:oes|ao)\b"
    r"|semanas?\b)"
)
_ARTICLE_INSTALMENT = re.compile(r"^(?:um|uma)\s+(?:parcela|prestacao|x)$")
"""'uma parcela' names the instalment asked about; only 'em uma parcela' (or 'em 1x') is a term."""
_AGE_NOW = re.compile(
    r"\b(?:tenho|com|tendo|estou\s+com|idade\s+de)\s+(?P<num>\d{2})\s+anos\b"
    r"(?!\s+(?:pela frente|pra frente|de prazo|no total|de contribuicao|investindo|guardando"
    # "tenho 30 anos até me aposentar": the time left, not an age
    r"|ate (?:me |eu )?aposent\w*|ate a aposentadoria|(?:pra|para) (?:me )?aposentar|ate parar"
    r"|de trabalho pela frente|faltando|restantes))"
    r"|\bdos\s+(?P<from>\d{2})(?:\s+anos)?\s+(?:aos|ate\s+os)\s+\d{2}\b"
    # "35 anos, meta de 800 mil…", "idade: 40."
    r"|^\s*(?P<lead>\d{2})\s+anos\s*[,.;:]|\bidade\s*:?\s+(?:de\s+)?(?P<said>\d{2})\b"
    # "idade atual 40", "40 anos de idade"
    r"|\bidade\s+atual\s*:?\s+(?:de\s+|e\s+)?(?P<now>\d{2})\b|\b(?P<of>\d{2})\s+anos\s+de\s+idade\b"
)
_AGE_TARGET_LOOSE = re.compile(
    r"\b(?:nos|com|chegar\s+a)\s+(?P<num>\d{2})\b"
    r"(?!\s*(?:anos\s+(?:de|pela|pra)|mil\b|k\b|%|[.,]\d|reais|meses|dias|x\b|vezes|parcelas|por))"
)
"""With an age already said ("tenho 45 anos, quero 600 mil com 65", "chegar nos 60"), a later
bare two-digit number after "com"/"nos" is the target age."""
_AGE_TARGET = re.compile(
    r"\b(?:aos|ate\s+os|quando\s+(?:eu\s+)?(?:fizer|tiver|completar))\s+(?P<num>\d{2})"
    r"(?:\s+anos)?\b"
)
_ORDINAL = re.compile(
    # "parcela 12", "parcela do mês 12", "parcela de número 12"; "parcela de 700" is an amount
    r"\b(?:(?:parcela|prestacao)\s+(?:do\s+(?:mes\s+)?|de\s+numero\s+|(?:mes\s+|numero\s+)?)"
    r"(?P<a>\d{1,3})\b"
    r"(?!\s*(?:mil\b|k\b|reais\b|conto|[.,]\d))"
    r"|mes\s+(?:numero\s+)?(?P<b>\d{1,3})\b(?!\s*(?:meses|anos|%))"
    # "a 12ª parcela"; "a 1ª e a 2ª prestações": the last one listed (the answer says the first)
    r"|(?P<c>\d{1,3})\s*(?:a|ª|o|º)\s+(?:parcela|prestacao|prestacoes)s?\b"
    # "a primeira parcela", "da segunda prestação": an instalment named by its ordinal word
    r"|(?P<w>primeira|segunda|terceira|quarta|quinta|sexta|setima|oitava|nona|decima)"
    r"\s+(?:parcela|prestacao)\b)"
)
_ORDINAL_WORDS = {"primeira": 1, "segunda": 2, "terceira": 3, "quarta": 4, "quinta": 5,
                  "sexta": 6, "setima": 7, "oitava": 8, "nona": 9, "decima": 10}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Money:
    value: Decimal
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Rate:
    percent: Decimal
    """As written: 0,9 for "0,9%"."""
    period: RatePeriod
    start: int
    end: int

    @property
    def fraction(self) -> Decimal:
        return self.percent / 100


@dataclass(frozen=True, slots=True)
class Duration:
    value: int
    unit: DurationUnit
    start: int
    end: int

    @property
    def months(self) -> int:
        if self.unit == "anos":
            return self.value * 12
        if self.unit == "dias":
            return max(1, round(self.value / 30))
        return self.value

    @property
    def days(self) -> int:
        if self.unit == "dias":
            return self.value
        if self.unit == "anos":
            return self.value * 365
        return round(self.value * 365 / 12)


@dataclass(frozen=True, slots=True)
class Quantities:
    text: str
    """The folded text the spans index."""
    original: str
    """The NFC text (same length as `text`): the user's own words, accents kept."""
    money: tuple[Money, ...]
    rates: tuple[Rate, ...]
    durations: tuple[Duration, ...]
    age_now: int | None
    age_target: int | None
    ordinal: int | None

    def before(self, start: int, width: int = 40) -> str:
        return self.text[max(0, start - width) : start]

    def after(self, end: int, width: int = 30) -> str:
        return self.text[end : end + width]

    def around(self, start: int, end: int, width: int = 30) -> str:
        return self.before(start, width) + " " + self.after(end, width)


def _decimal(raw: str) -> Decimal:
    return Decimal(raw.replace(".", "").replace(",", ".") if "," in raw else raw)


def _percent(raw: str) -> Decimal | None:
    """A percentage in digits ("1,99") or in words ("nove", "um e meio", "dois vírgula
    cinco")."""
    if " virgula " in raw:
        whole, _, cents = raw.partition(" virgula ")
        units = _percent(whole.strip())
        decimals = int(cents) if cents.strip().isdigit() else words_value(cents.strip())
        if units is None or decimals is None:
            return None
        digits = cents.strip() if cents.strip().isdigit() else str(decimals)
        return units + Decimal(f"0.{digits}")
    if raw[0].isdigit() and not re.search(r"[a-z]", raw):
        return _decimal(raw)
    half = re.search(r"\s+e\s+meio$", raw)
    value = words_value(raw[: half.start()] if half else raw)
    if value is None:
        return None
    return Decimal(value) + (Decimal("0.5") if half else 0)


def _overlaps(a: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a[0] < e and s < a[1] for s, e in spans)


def scan(text: str) -> Quantities:
    """Every number of `text` with its kind (see the module docstring)."""
    raw_fold = fold(text)
    per = {m.start() for m in re.finditer(r"(?<=\d)/(?=\s*(?:mes|ano|dia)\b)", raw_fold)}
    # where "/" said "per" ("2.800/mes", "1500/mês"): the unit after it is a period,
    # not a duration of 1500 months
    # "aluguel 1.800 x comprar ape", "2 mil x financiamento": "x" between an amount and a
    # word is "versus", not 1.800
    # instalments ("12 x de 300", "10 x sem juros" are)
    versus = {
        m.start()
        for m in re.finditer(
            r"(?:(?<=\d)|(?<=\bmil)|(?<=\dk)) x "
            r"(?!(?:de|sem|com|no|na|iguais|fixas|parcelas|mensais|vezes)\b)(?=[a-z])",
            raw_fold,
        )
    }
    folded = "".join(
        " " if i in per else "," if i - 1 in versus else c for i, c in enumerate(raw_fold)
    )
    taken: list[tuple[int, int]] = []
    age_now = age_target = ordinal = None
    if (m := _AGE_NOW.search(folded)) and 14 <= int(
        m["num"] or m["from"] or m["lead"] or m["said"] or m["now"] or m["of"]
    ) <= 100:
        age_now = int(m["num"] or m["from"] or m["lead"] or m["said"] or m["now"] or m["of"])
        taken.append(m.span("from") if m["from"] else m.span())
    if (m := _AGE_TARGET.search(folded)) and 30 <= int(m["num"]) <= 100:
        age_target = int(m["num"])
        taken.append(m.span())
    elif age_now is not None:
        loose = [
            t
            for t in _AGE_TARGET_LOOSE.finditer(folded)
            if age_now < int(t["num"]) <= 100 and not _overlaps(t.span(), taken)
        ]
        if loose:
            age_target = int(loose[0]["num"])
            taken.append(loose[0].span())
    if m := _ORDINAL.search(folded):
        ordinal = _ORDINAL_WORDS[m["w"]] if m["w"] else int(m["a"] or m["b"] or m["c"])
        taken.append(m.span())
    rates: list[Rate] = []
    period: RatePeriod
    for m in _RATE.finditer(folded):
        tail = fold(m["tail"] or "")
        period = "none"
        if "cdi" in tail:
            period = "cdi"
        elif re.search(r"a\.?\s?m|mes|mensa|am\b", tail):
            period = "mes"
        elif tail:
            period = "ano"
        else:
            later = _PERIOD_LATER.match(folded[m.end() :])
            if later is not None:
                period = "mes" if later["m"] else "ano"
        percent = _percent(m["num"])
        if percent is None:
            continue
        rates.append(Rate(percent, period, m.start(), m.end()))
        taken.append(m.span())
    for m in _RATE_BARE.finditer(folded):
        if not _overlaps(m.span(), taken):
            period = "mes" if re.search(r"m", m["tail"]) else "ano"
            rates.append(Rate(_decimal(m["num"]), period, m.start(), m.end()))
            taken.append(m.span())
    for m in _CDI_BARE.finditer(folded):
        if not _overlaps(m.span(), taken):
            rates.append(Rate(_decimal(m["num"]), "cdi", m.start(), m.end()))
            taken.append(m.span())
    rates.sort(key=lambda r: r.start)
    durations: list[Duration] = []
    for m in _DURATION.finditer(folded):
        if _overlaps(m.span(), taken) or any(m.start() <= i < m.end() for i in per):
            continue
        raw = m["num"]
        value = int(raw) if raw.isdigit() else words_value(raw)
        if value is None or value <= 0:
            continue
        word = m["unit"]
        if _ARTICLE_INSTALMENT.match(raw + " " + word) and not re.search(
            r"(?:em|de|numa|num)\s+$", folded[: m.start()]
        ):
            continue  # "quanto fica uma parcela de 5 mil em 10x": an article, not a 1x term
        unit: DurationUnit
        if word.startswith("dia"):
            unit = "dias"
        elif word.startswith("ano"):
            unit = "anos"
        elif word.startswith("semana"):
            unit, value = "dias", value * 7
        elif word.startswith("mes"):
            unit = "meses"
        else:
            unit = "parcelas"
        end = m.end()
        half = re.match(r" e meio\b", folded[end:])
        if half and unit == "anos":  # "1 ano e meio"
            unit, value, end = "meses", value * 12 + 6, end + half.end()
        durations.append(Duration(value, unit, m.start(), end))
        taken.append((m.start(), end))
    money = [
        Money(a.value, a.span[0], a.span[1])
        for a in find_amounts(folded)
        if not _overlaps(a.span, taken)
    ]
    return Quantities(
        folded,
        nfc(text),
        tuple(money),
        tuple(rates),
        tuple(durations),
        age_now,
        age_target,
        ordinal,
    )


__all__ = ["Duration", "Money", "Quantities", "Rate", "scan"]
