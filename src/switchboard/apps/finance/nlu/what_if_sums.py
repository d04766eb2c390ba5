"""Two what-if sums on the user's own numbers (issue 19), read once for both paths that answer
them (the Simplista's arithmetic and the missions' quick sums):

- a pace over a span: "supondo que eu gaste 80 por dia, quanto vai em 30 dias?", "gastando 40
  por semana de uber, quanto dá em 3 meses?" — the amount times the units in the span;
- a swap of one monthly cost for another: "se eu trocar o plano de 90 pra 50, economizo quanto
  por ano?", "e se o aluguel for 2.300 em vez de 1.800, quanto a mais por mês?", "se eu cortar
  a academia de 120, economizo quanto no ano?" — the difference, per month or over the period.

Nothing here is recorded: these are questions (the triage never writes them). A rate, a yield
or instalments make it an analysis for the catalogue's kinds, and a past act ("gastei") a
question about the ledger: both are left alone (None).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .money import AmountMatch, find_amounts, format_brl
from .numwords import NUMBER_WORD, words_value
from .text import fold

__all__ = ["Pace", "Swap", "pace_answer", "read_pace", "read_swap", "swap_answer"]

_ANALYSIS = re.compile(
    r"%|\bjuros\b|\btaxa\b|\brend\w*|\bparcel\w*|\b\d+\s*x\b|\bcdi\b|\bselic\b|\bfinanc\w*"
)
_PAST = re.compile(r"\b(?:gastei|paguei|recebi|ganhei|comprei|torrei|gastamos|pagamos)\b")
_ASKED = re.compile(r"\?|\b(?:quanto|qto|qnto|qnt|quantos)\b")

_UNIT_DAYS = {"dia": 1, "semana": 7}
_PER = re.compile(
    r"\s*(?:reais\s+|conto\s+|pila\s+)?(?:(?:de|com|no|na|em)\s+\w+\s+)?"
    r"(?:por|ao|a\s+cada|cada|todo|toda)\s+(?P<unit>dia|semana)\b"
)
"""Right after the amount: "80 por dia", "40 de uber por semana", "15 todo dia"."""
_COUNT = rf"(?P<n>\d{{1,4}}|{NUMBER_WORD})"
_SPAN = re.compile(
    rf"\b(?:em|por|durante|num|numa|no|na|de|daqui\s+a)\s+(?:{_COUNT}\s+)?"
    r"(?P<span>dias|dia|semanas|semana|meses|mes|anos|ano)\b"
)
_DAYS_IN = {"dia": 1, "semana": 7, "mes": 30, "ano": 365}
_WEEKS_IN = {"semana": Decimal(1), "mes": Decimal(52) / 12, "ano": Decimal(52)}


@dataclass(frozen=True, slots=True)
class Pace:
    """`amount` per `unit` ("dia", "semana") over `count` units, as the user said the span."""

    amount: Decimal
    unit: str
    count: int
    span: str
    """The span as said ("30 dias", "1 mês"), for the answer."""

    @property
    def total(self) -> Decimal:
        return self.amount * self.count


def _number(token: str | None) -> int | None:
    if token is None:
        return 1
    value = int(token) if token.isdigit() else words_value(token)
    return value if value is not None and value > 0 else None


def _singular(span: str) -> str:
    return {"dias": "dia", "semanas": "semana", "meses": "mes", "anos": "ano"}.get(span, span)


def _span_said(n: int, span: str) -> str:
    names = {"dia": ("dia", "dias"), "semana": ("semana", "semanas"), "mes": ("mês", "meses"),
             "ano": ("ano", "anos")}  # fmt: skip
    one, many = names[span]
    return f"{n} {one if n == 1 else many}"


def read_pace(text: str) -> Pace | None:
    """A pace over a span (module docstring), or None."""
    folded = fold(text)
    if _ANALYSIS.search(folded) or _PAST.search(folded) or not _ASKED.search(folded):
        return None
    amounts = [a for a in find_amounts(text) if a.value > 0]
    if len(amounts) != 1:
        return None
    a = amounts[0]
    per = _PER.match(folded, a.span[1])
    if per is None:
        return None
    unit = per["unit"]
    spans = [m for m in _SPAN.finditer(folded) if m.start() >= per.end() or m.end() <= a.span[0]]
    if len(spans) != 1:
        return None
    m = spans[0]
    n = _number(m["n"])
    span = _singular(m["span"])
    if n is None or _DAYS_IN[span] < _UNIT_DAYS[unit] or _DAYS_IN[span] * n <= _UNIT_DAYS[unit]:
        return None
    if unit == "dia":
        count = Decimal(_DAYS_IN[span] * n)
    else:
        count = _WEEKS_IN[span] * n
    if count != count.to_integral_value() or count > 5000:
        return None  # "40 por semana no mês": 4 or 4,33 weeks? Not guessed
    return Pace(a.value, unit, int(count), _span_said(n, span))


_CHANGE = (
    r"(?:troc\w*|troq\w*|mud\w*|passa\w*|passo|reduz\w*|baix\w*|diminu\w*|sub\w*|aument\w*"
    r"|cai|cair|for|fosse|ficar|vier)"
)
_FROM_TO = re.compile(rf"\b{_CHANGE}\b[^?.;]{{0,40}}?\bde\s+(?:r\$\s*)?$")
"""Before the first amount: "trocar o plano de 90", "baixar a academia de 120"."""
_TO = re.compile(
    r"\s*(?:reais\s+)?(?:pra|para|por)\s+(?:um\s+de\s+|uma\s+de\s+|o\s+de\s+|a\s+de\s+)?$"
)
_INSTEAD = re.compile(
    r"\s*(?:reais\s+)?(?:\S+\s+){0,4}?(?:em\s+vez|ao\s+inves|no\s+lugar)\s+d[eoa]s?\s+"
    r"(?:(?:o|a|os|as|uns|umas|um|uma)\s+)?(?:(?:\w+\s+)?de\s+)?(?:r\$\s*)?$"
)
_CUT = re.compile(
    r"\b(?:cortar|cortasse|corto|cancelar|cancelasse|cancelo|parar\s+de\s+pagar|parasse\s+de"
    r"\s+pagar|tirar|tirasse|largar|largasse|sair\s+d[ao])\b"
)
_SAVED_ASKED = re.compile(
    r"\b(?:economiz\w*|poup\w*|a\s+mais|a\s+menos|diferenca|sobra\w*|deixo\s+de\s+gastar"
    r"|gasto\s+a\s+mais|vou\s+gastar|pago\s+a\s+mais)\b"
)
_YEARS = re.compile(rf"\b(?:em|durante|por)\s+{_COUNT}\s+anos\b")
_MONTHS = re.compile(rf"\b(?:em|durante|por)\s+{_COUNT}\s+meses\b")
_YEAR = re.compile(
    r"\b(?:por|no|ao|em|num|durante|de)\s+(?:um\s+|1\s+)?ano\b|\banua(?:l|is|lmente)\b"
)


@dataclass(frozen=True, slots=True)
class Swap:
    """A monthly cost `old` replaced by `new` (0 when cut), over `months` months."""

    old: Decimal
    new: Decimal
    months: int

    @property
    def monthly(self) -> Decimal:
        """What changes each month: positive when the new cost is higher."""
        return self.new - self.old

    @property
    def total(self) -> Decimal:
        return abs(self.monthly) * self.months


def _swap_months(folded: str) -> int:
    if m := _YEARS.search(folded):
        n = _number(m["n"])
        return 12 * n if n else 12
    if m := _MONTHS.search(folded):
        n = _number(m["n"])
        return n if n else 1
    return 12 if _YEAR.search(folded) else 1


def _pair(folded: str, amounts: list[AmountMatch]) -> tuple[Decimal, Decimal] | None:
    """(old, new) from "de A pra B" after a change verb, or "A em vez de B"."""
    first, second = amounts
    between = folded[first.span[1] : second.span[0]]
    if _TO.fullmatch(between) and _FROM_TO.search(folded, 0, first.span[0]):
        return first.value, second.value
    if _INSTEAD.fullmatch(between):
        return second.value, first.value
    return None


def read_swap(text: str) -> Swap | None:
    """A swap of monthly costs (module docstring), or None."""
    folded = fold(text)
    if _ANALYSIS.search(folded) or _PAST.search(folded) or not _ASKED.search(folded):
        return None
    if not _SAVED_ASKED.search(folded):
        return None
    amounts = [a for a in find_amounts(text) if a.value > 0]
    if re.search(r"\bpor\s+(?:dia|semana)\b", folded):
        return None  # a daily or weekly cost: not a monthly swap
    if len(amounts) == 2:
        pair = _pair(folded, amounts)
        if pair is None or pair[0] == pair[1]:
            return None
        return Swap(pair[0], pair[1], _swap_months(folded))
    if len(amounts) == 1 and _CUT.search(folded, 0, amounts[0].span[0]):
        return Swap(amounts[0].value, Decimal(0), _swap_months(folded))
    return None


_NOT_RECORDED = " É uma simulação: não registrei nada."


def _months_said(months: int) -> str:
    if months % 12 == 0:
        years = months // 12
        return f"{years} {'ano' if years == 1 else 'anos'}"
    return f"{months} {'mês' if months == 1 else 'meses'}"


def pace_answer(pace: Pace, *, note: bool = True) -> str:
    """ "R$ 80,00 por dia em 30 dias: 30 × R$ 80,00 = R$ 2.400,00." (pt-BR, with the units
    counted when the span is said in another unit)."""
    units = {"dia": "dias", "semana": "semanas"}[pace.unit]
    counted = "" if pace.span == f"{pace.count} {units}" else f" ({pace.count} {units})"
    weeks = " (52 semanas por ano)" if pace.unit == "semana" and counted else ""
    days = " (mês de 30 dias)" if pace.unit == "dia" and "mes" in fold(pace.span) else ""
    return (
        f"{format_brl(pace.amount)} por {pace.unit} em {pace.span}{counted}: {pace.count} × "
        f"{format_brl(pace.amount)} = {format_brl(pace.total)}{weeks}{days}."
        + (_NOT_RECORDED if note else "")
    )


def swap_answer(swap: Swap, *, note: bool = True) -> str:
    """The monthly difference of a swap and its total over the period asked (pt-BR); `note`
    says that nothing was recorded (the missions' answers say it on their own)."""
    diff = abs(swap.monthly)
    less = swap.monthly < 0
    if swap.new == 0:
        text = f"Cortando {format_brl(swap.old)} por mês, você economiza {format_brl(diff)} por mês"
    else:
        high, low = (swap.old, swap.new) if less else (swap.new, swap.old)
        text = (
            f"Trocando {format_brl(swap.old)} por {format_brl(swap.new)} por mês, você "
            f"{'economiza' if less else 'gasta a mais'} {format_brl(diff)} por mês "
            f"({format_brl(high)} − {format_brl(low)})"
        )
    if swap.months > 1:
        text += (
            f"; em {_months_said(swap.months)}, {format_brl(swap.total)} ({swap.months} × "
            f"{format_brl(diff)})"
        )
    return text + "." + (_NOT_RECORDED if note else "")
