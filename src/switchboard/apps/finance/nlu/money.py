"""pt-BR money amounts in free text, and the one BRL formatter.

Recognised: "R$ 1.234,56", "R$150", "1.234" (dot = thousands), "89,90", "1234.56" (a dot followed
by one or two digits is a decimal point), "1,2 mil", "10 mil", "2 mil e quinhentos", "2k", "1.5k",
"150 reais", "45 conto", and number words ("mil e quinhentos", "dois mil", "cinquenta conto").
Prices with cents the way they are said: "duzentos reais e cinquenta centavos" (200,50), "12
reais e 50" (12,50), "R$ 42 e 90" and "42 e 90" (42,90), "quarenta e dois e noventa" (42,90, not
132: see `numwords.spoken_price`), "50 centavos" (0,50).

What is NOT money, checked on the context around a bare number (no "R$"/"reais"/"conto" marker):
dates ("05/04", "15/03/2026", "dia 5", "10 de abril"), instalment counts ("10x", "12 vezes",
"3 parcelas"), times ("10:30", "10h", "às 10"), durations and counts ("3 meses", "últimos 3"; plural
units only, so "1500 dia 10" and "500 ano passado" stay money),
percentages, ordinals, years ("em 2025", "abril de 2026") and the ride app ("fui de 99",
"no 99": a bare 99 after a preposition or article; "paguei 99 no uber" stays money).
A currency marker always wins: "R$ 2026" is money. Bare number words are money only when they
cannot be an article or a small count: "um carro" and "duas amigas" are not amounts, "vinte no
bar" and "dois mil" are.

Why rules and not a library: no maintained package parses colloquial pt-BR money ("45 conto",
"1,2 mil"); `babel.numbers.parse_decimal` only reads a clean, already-isolated number.
Formatting, which babel does well, goes through babel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from babel.numbers import format_currency

from .numwords import NUMBER_WORD, spoken_price, words_value
from .text import fold

__all__ = ["AmountMatch", "find_amounts", "format_brl", "parse_amount"]

CENT = Decimal("0.01")
MAX_AMOUNT = Decimal(10) ** 13
"""Ten trillion reais: anything larger is not a personal transaction (and would overflow the
28-digit decimal context when quantized to cents)."""

MONTH_WORDS = (
    "janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro"
)

_UNIT = r"(?P<unit>\s*(?:reais|reias|raeis|real|contos?|pilas?|pratas?|mangos?|brl|rs)\b)?"
_MULT = r"(?:\s?(?P<mult>k|mil|milhao|milhoes|mi|bilhao|bilhoes|bi)\b)?"
_NUMERIC = re.compile(
    r"(?<![\w/:.,\-])(?P<cur>r\$\s*)?"
    r"(?P<num>\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+\.\d{1,2}|\d+(?:,\d{1,2})?)"
    r"(?![\d/]|[.,:\-]\d)" + _MULT + _UNIT  # "10:30" is a time; "tv de 2.500: …" a price
)
_WORDS = re.compile(
    rf"(?P<cur>r\$\s*)?\b(?P<words>{NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*)\b" + _UNIT
)
# "2 mil e quinhentos", "10 mil e 500": the tail after a numeric thousands amount.
_THOUSANDS_TAIL = re.compile(
    rf"\s+e\s+(?:(?P<digits>\d{{1,3}})(?![\d.,])|(?P<words>{NUMBER_WORD}(?:\s+(?:e\s+)?{NUMBER_WORD})*)\b)"
    # "15 mil e 5 mil no pix" is two amounts: a tail with a scale of its own is not a tail
    r"(?!\s*(?:mil|k|milhao|milhoes|mi|bi|bilhao|bilhoes)\b)"
)
_HALF_TAIL = re.compile(r"\s+e\s+meio\b")
"""'e meio' after a numeric scale: "1 milhão e meio" is 1.500.000."""
_UNIT_AFTER = re.compile(r"\s*(?:reais|reias|raeis|real|contos?|pilas?|pratas?|mangos?)\b")
_CENTS_AFTER = re.compile(r"\s*centavos?\b")
_CENTS_JOIN = re.compile(r"\s+e\s+")
"""What joins reais to cents in a spoken price ("12 reais e 50", "42 e 90")."""
_REAIS_AT_END = re.compile(r"(?:reais|real)$")

# Contexts that make a bare number something else than money.
_NOT_MONEY_AFTER = re.compile(
    r"(?:\s*(?:x\b|vezes\b|parcelas?\b|prestacoes\b|prestacao\b|meses\b|dias\b|anos\b"
    r"|semanas\b|horas\b|hs?\b|hrs?\b|min\b|minutos\b|%|por\s*cento\b|pessoas\b"
    r"|amig[oa]s?\b|colegas?\b|pessoa\b"
    r"|de\s+(?:" + MONTH_WORDS + r")\b|kg\b|km\b|litros?\b|gb\b|[º°ª]))|(?:[oa]\b)",
)
_NOT_MONEY_BEFORE = re.compile(
    r"(?:\b(?:dia|dias|as|ate\s+as|ultimos|ultimas|proximos|proximas|n[º°]|numero|cpf|agencia"
    r"|conta\s+corrente|apto|apartamento)\s*$)|(?:[º°#]\s*$)"
    # a headcount: "éramos 4", "a gente era em 5", "eu e mais 3"
    r"|(?:\b(?:eramos|somos|fomos|estavamos|tavamos|a\s+gente\s+(?:era|eram|tava|estava|foi))"
    r"(?:\s+em)?(?:\s+uns|\s+umas)?\s*$)|(?:\beu\s+e\s+mais\s*$)"
)
# The ride-hailing app "99" ("fui de 99", "no 99 pop"): a bare 99 after one of these words.
_APP_99_BEFORE = re.compile(r"\b(?:no|na|do|da|pelo|pela|de|um|uns|o|com)\s+$")
_PRICE_OF_99 = re.compile(
    r"\b(?!(?:fui|vim|voltei|vou|fomos|vamos|indo|ir|volto|voltar|viemos|voltamos|chamei"
    r"|peguei|pedi|corrida|viagem|carro|motorista|app|aplicativo|e)\b)[a-z]{3,}\s+de\s+$"
)
"""A thing's price "de 99" ("a academia de 99", "um plano de 99"), not a ride "de 99" (after a
verb of going or the ride's words: "fui de 99", "a corrida de 99")."""
_APP_99_AFTER = re.compile(r"\s+(?:pro|pra|para|ate|do|da|no|na|pop|moto|taxi)\b")
_THIRTEENTH_BEFORE = re.compile(r"\b(?:do|o|no|ao|pelo|meu|seu)\s+$")
_YEAR_BEFORE = re.compile(
    r"\b(?:(?:" + MONTH_WORDS + r")\s+de|em|ano(?:\s+de)?|desde|ate|iptu|ipva|irpf|exercicio"
    r"|safra|modelo|ano[- ]base|ano[- ]modelo|imposto\s+de\s+renda|declaracao(?:\s+de)?)\s*$"
)
"""A 4-digit year after these is a year, not money ("IPTU 2027, 230": R$ 230)."""
_MULTIPLIERS = {"k": 1000, "mil": 1000, "mi": 1_000_000, "milhao": 1_000_000}
_MULTIPLIERS |= {"milhoes": 1_000_000, "bilhao": 10**9, "bilhoes": 10**9, "bi": 10**9}
_DOTTED_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")


@dataclass(frozen=True, slots=True)
class AmountMatch:
    """One money amount found in a text.

    `span` indexes the NFC form of the text (see `text.fold`). `explicit` is True when a currency
    marker ("R$", "reais", "conto", ...) or a scale ("mil", "k") accompanies the number: extractors
    prefer explicit amounts over bare numbers when a message has several.
    """

    value: Decimal
    span: tuple[int, int]
    explicit: bool


def _numeric_value(num: str) -> Decimal:
    if "," in num:
        return Decimal(num.replace(".", "").replace(",", "."))
    if _DOTTED_THOUSANDS.fullmatch(num):
        return Decimal(num.replace(".", ""))
    return Decimal(num)


def _bare_number_is_money(folded: str, start: int, end: int, digits: str | None) -> bool:
    """Context checks for a number that carries no currency marker."""
    if _NOT_MONEY_AFTER.match(folded, end):
        return False
    before = folded[max(0, start - 30) : start]
    if _NOT_MONEY_BEFORE.search(before):
        return False
    if digits == "99" and (
        (_APP_99_BEFORE.search(before) and not _PRICE_OF_99.search(before))
        or (not before.strip() and _APP_99_AFTER.match(folded, end))
    ):
        return False  # "fui de 99", "99 pro trabalho 17,80": the ride app
    if digits == "13" and _THIRTEENTH_BEFORE.search(before):
        return False  # "a parcela do 13", "o 13": the 13th salary
    return not (
        digits is not None
        and len(digits) == 4
        and digits.isdigit()
        and 1800 <= int(digits) <= 2199
        and _YEAR_BEFORE.search(before)
    )


def _scan_numeric(folded: str) -> list[AmountMatch]:
    found: list[AmountMatch] = []
    consumed = 0
    for m in _NUMERIC.finditer(folded):
        if m.start() < consumed:
            continue  # the "300" of "2 mil e 300", already part of the amount before it
        value = _numeric_value(m["num"])
        end = m.end()
        mult = m["mult"]
        has_unit = m["unit"] is not None
        if mult is not None:
            value *= _MULTIPLIERS[mult]
            half = _HALF_TAIL.match(folded, m.end("mult"))
            if m["unit"] is None and half is not None:
                value += _MULTIPLIERS[mult] // 2  # "1 milhão e meio", "2 mil e meio"
                end = half.end()
            elif m["unit"] is None:
                tail = _THOUSANDS_TAIL.match(folded, m.end("mult"))
                if tail is not None:
                    extra = int(tail["digits"]) if tail["digits"] else words_value(tail["words"])
                    if extra is not None and extra < _MULTIPLIERS[mult]:
                        value += extra
                        end = tail.end()
                        unit = _UNIT_AFTER.match(folded, end)
                        if unit is not None:
                            end = unit.end()
                            has_unit = True
        elif m["unit"] is None and (cents := _CENTS_AFTER.match(folded, m.end("num"))):
            if value >= 100 or "," in m["num"] or "." in m["num"]:
                continue
            found.append(AmountMatch((value / 100).quantize(CENT), (m.start(), cents.end()), True))
            consumed = cents.end()
            continue
        elif (
            m["unit"] is None
            and m["cur"] is None
            and not _bare_number_is_money(folded, m.start(), m.end("num"), m["num"])
        ):
            continue
        if value >= MAX_AMOUNT:
            continue
        if has_unit:
            end = max(end, m.end("unit") if m["unit"] is not None else end)
        explicit = bool(m["cur"]) or has_unit or mult is not None
        found.append(AmountMatch(value.quantize(CENT), (m.start(), end), explicit))
        consumed = end
    return found


def _scan_words(folded: str, taken: list[tuple[int, int]]) -> list[AmountMatch]:
    found: list[AmountMatch] = []
    for m in _WORDS.finditer(folded):
        start, end = m.span()
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            continue
        value = words_value(m["words"])
        if value is None or value >= MAX_AMOUNT:
            continue
        explicit = m["cur"] is not None or m["unit"] is not None
        has_scale = any(w in m["words"] for w in ("mil", "milhao", "milhoes", "bilh"))
        if m["unit"] is None and (cents := _CENTS_AFTER.match(folded, end)) and value < 100:
            found.append(AmountMatch(Decimal(value).scaleb(-2), (start, cents.end()), True))
            continue
        price = spoken_price(m["words"])
        if price is not None:
            reais, centavos = price
            amount = (Decimal(reais) + Decimal(centavos).scaleb(-2)).quantize(CENT)
            found.append(AmountMatch(amount, (start, end), True))
            continue
        if not explicit:
            if value < 20 and not has_scale:
                continue  # "um carro", "duas amigas": articles and small counts
            if not _bare_number_is_money(folded, m.start("words"), m.end("words"), None):
                continue
        amount = Decimal(value).quantize(CENT)
        found.append(AmountMatch(amount, (start, end), explicit or has_scale))
    return found


def _cents_of(folded: str, reais: AmountMatch, cents: AmountMatch) -> Decimal | None:
    """The cents `cents` adds to `reais` when the two are one spoken price, else None."""
    if reais.value != reais.value.to_integral_value() or not _CENTS_JOIN.fullmatch(
        folded, reais.span[1], cents.span[0]
    ):
        return None
    said = folded[cents.span[0] : cents.span[1]]
    if _CENTS_AFTER.search(said):
        return cents.value  # "... e cinquenta centavos"
    if cents.explicit or not 1 <= cents.value < 100 or cents.value % 1:
        return None
    head = folded[reais.span[0] : reais.span[1]]
    if _REAIS_AT_END.search(head) or head.startswith("r$"):
        return cents.value / 100  # "12 reais e 50", "R$ 42 e 90"
    if head.isdigit() and re.fullmatch(r"\d\d", said):
        return cents.value / 100  # "42 e 90"
    return None


def _join_cents(folded: str, amounts: list[AmountMatch]) -> list[AmountMatch]:
    out: list[AmountMatch] = []
    for amount in amounts:
        if out and (cents := _cents_of(folded, out[-1], amount)) is not None:
            head = out[-1]
            out[-1] = AmountMatch(
                (head.value + cents).quantize(CENT), (head.span[0], amount.span[1]), True
            )
            continue
        out.append(amount)
    return out


def find_amounts(text: str) -> list[AmountMatch]:
    """Every money amount in `text`, in reading order."""
    folded = fold(text)
    numeric = _scan_numeric(folded)
    words = _scan_words(folded, [a.span for a in numeric])
    return _join_cents(folded, sorted([*numeric, *words], key=lambda a: a.span[0]))


def parse_amount(text: str) -> Decimal | None:
    """The amount a text states: the first explicit amount, else the first bare one, else None."""
    amounts = find_amounts(text)
    if not amounts:
        return None
    explicit = [a for a in amounts if a.explicit]
    return (explicit or amounts)[0].value


def format_brl(value: Decimal) -> str:
    """'R$ 1.234,56' (babel's pt_BR pattern, with its no-break space made a plain space)."""
    text = format_currency(value, "BRL", locale="pt_BR")
    return text.replace("\xa0", " ").replace("\u202f", " ")
