"""Arithmetic on the numbers a question states (issue 19): "quanto fica 12x de 89,90?",
"se eu comprar um celular de 2 mil em 10x quanto fica?", "se eu gastar 300 por mês com ifood,
quanto dá no ano?", "quanto é 10% do meu salário de 4.200?".

These are not analyses (no rate, no term to simulate, no advice) and not ledger queries (no
data of the user's is read): the answer is the calculation itself, said with its assumption
("sem juros"). A question with a rate or asking for advice ("compensa", "vale a pena") is left
to the orchestrator; one with nothing computable returns None.

`stated_arithmetic(text, last=...)` returns the pt-BR answer or None. `last` is the purchase
just recorded, for "quanto vou pagar por mês disso?".
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from .draft import TransactionDraft
from .money import AmountMatch, find_amounts, format_brl
from .numwords import NUMBER_WORD, words_value
from .text import fold
from .what_if_sums import pace_answer, read_pace, read_swap, swap_answer

__all__ = ["stated_arithmetic"]

CENT = Decimal("0.01")
_COUNT = rf"(?P<n>\d{{1,3}}|{NUMBER_WORD})"
_TIMES_OF = re.compile(rf"\b{_COUNT}\s*(?:x|vezes|parcelas|prestacoes|meses)\s+de\s+(?:r\$\s*)?$")
"""Just before an amount: "12x de", "3 parcelas de" — the amount is each instalment."""
_IN_TIMES = re.compile(
    rf"\s*(?:\S+\s+){{0,3}}?(?:em|no|parcelad[oa]\s+em)\s+{_COUNT}\s*(?:x|vezes|parcelas)\b"
)
"""Just after an amount: "2 mil em 10x" — the amount is the whole, split in instalments."""
_PER_MONTH = re.compile(
    r"\s*(?:reais\s+)?(?:\S+\s+){0,3}?(?:por\s+mes|ao\s+mes|mensais|todo\s+mes|mensalmente"
    r"|por\s+mes)\b"
)
_MONTHLY_THING = re.compile(
    r"\b(?:netflix|spotify|assinatura|mensalidade|streaming|academia|aluguel|plano|disney|hbo"
    r"|prime|youtube|globoplay|condominio|internet)\b"
)
_SPAN = re.compile(
    rf"\b(?:no|em|por|durante)\s+(?:um|1|o)\s+ano\b|\bno\s+ano\b|\banual(?:mente)?\b"
    rf"|\b(?:em|por|durante)\s+{_COUNT}\s+(?P<unit>meses|anos)\b"
)
_SAVING = re.compile(r"\b(?:guard\w*|invest\w*|junt\w*|poup\w*|aplic\w*)\b")
_PERCENT_OF = re.compile(r"(?P<p>\d{1,3}(?:,\d{1,2})?)\s*(?:%|por\s+cento)\s+d[eoa]s?\b")
_ASKS_INSTALMENT = re.compile(r"\b(?:parcela|parcelas|por\s+mes|mensal|cada\s+mes|prestacao)\b")
_BACK = re.compile(r"\b(?:disso|dessa|desse|dela|dele|da\s+compra|do\s+parcelamento)\b")


def _count(token: str) -> int | None:
    value = int(token) if token.isdigit() else words_value(token)
    return value if value is not None and 1 < value <= 480 else None


def _money(value: Decimal) -> str:
    return format_brl(value.quantize(CENT, rounding=ROUND_HALF_UP))


def _instalments_total(folded: str, amounts: list[AmountMatch]) -> str | None:
    """ "12x de 89,90" → the total; with an "à vista" price too, the difference."""
    for a in amounts:
        m = _TIMES_OF.search(folded, 0, a.span[0])
        if m is None or (n := _count(m["n"])) is None:
            continue
        total = a.value * n
        text = f"{n}x de {_money(a.value)} dão {_money(total)} no total."
        cash = [b for b in amounts if b is not a and "vista" in folded[b.span[1] : b.span[1] + 12]]
        if cash:
            diff = total - cash[0].value
            if diff > 0:
                text += (
                    f" À vista são {_money(cash[0].value)}: parcelado você paga "
                    f"{_money(diff)} a mais."
                )
            else:
                text += f" À vista são {_money(cash[0].value)}: parcelado não sai mais caro."
        return text
    return None


def _instalment_value(folded: str, amounts: list[AmountMatch]) -> str | None:
    """ "2 mil em 10x" → each instalment, without interest (said)."""
    for a in amounts:
        m = _IN_TIMES.match(folded, a.span[1])
        if m is None or (n := _count(m["n"])) is None:
            continue
        each = a.value / n
        return (
            f"{_money(a.value)} em {n}x sem juros dá {n} parcelas de {_money(each)}. Se a loja "
            "cobrar juros, a parcela sobe: me diga a taxa que eu refaço a conta."
        )
    return None


def _months(folded: str) -> tuple[int, str] | None:
    m = _SPAN.search(folded)
    if m is None:
        return None
    unit = m["unit"]
    if unit is None:
        return 12, "1 ano"
    n = _count(m["n"]) if m["n"] else None
    if n is None:
        return None
    return (n, f"{n} meses") if unit == "meses" else (n * 12, f"{n} anos")


def _per_month(folded: str, amounts: list[AmountMatch]) -> str | None:
    """ "300 por mês ... no ano" → 12 × 300."""
    span = _months(folded)
    if span is None:
        return None
    months, said = span
    close = [a for a in amounts if _monthly_here(folded, a)]
    if len(close) >= 2:
        # "pago 89 de netflix e 40 de spotify, quanto dá no ano?": every monthly cost said
        monthly = sum((a.value for a in close), Decimal(0))
        parts = " + ".join(_money(a.value) for a in close)
        saved = " (sem contar rendimento)" if _SAVING.search(folded) else ""
        return (
            f"{parts} = {_money(monthly)} por mês, que dão {_money(monthly * months)} em "
            f"{said}{saved}."
        )
    for a in amounts:
        if _PER_MONTH.match(folded, a.span[1]) or _MONTHLY_THING.search(folded, 0, a.span[0]):
            total = a.value * months
            saved = " (sem contar rendimento)" if _SAVING.search(folded) else ""
            return f"{_money(a.value)} por mês dão {_money(total)} em {said}{saved}."
    return None


def _monthly_here(folded: str, a: AmountMatch) -> bool:
    """The amount is a monthly cost by what sits right next to it: "por mês" after it, "de
    netflix" after it, or "netflix (de) 55" just before it."""
    if _PER_MONTH.match(folded, a.span[1]):
        return True
    after = _MONTHLY_THING.match(folded, a.span[1] + len(_lead(folded, a.span[1])))
    if after is not None:
        return True
    before = folded[max(0, a.span[0] - 24) : a.span[0]]
    return bool(re.search(_MONTHLY_THING.pattern + r"\s*(?:de|a|por|:|=)?\s*(?:r\$\s*)?$", before))


def _lead(folded: str, end: int) -> str:
    """The words between an amount and a thing it is "de" ("89 de netflix": " de ")."""
    m = re.match(
        r"\s*(?:reais\s+)?(?:de|do|da|no|na|com)\s+(?:(?:meu|minha|o|a)\s+)?", folded[end:]
    )
    return m.group() if m else "\x00"


def _percent(folded: str, amounts: list[AmountMatch]) -> str | None:
    """ "10% do meu salário de 4.200" → 420."""
    m = _PERCENT_OF.search(folded)
    if m is None:
        return None
    after = [a for a in amounts if a.span[0] > m.end() and a.span[0] - m.end() < 40]
    if not after:
        return None
    rate = Decimal(m["p"].replace(",", "."))
    value = after[0].value * rate / 100
    return f"{m['p']}% de {_money(after[0].value)} são {_money(value)}."


def _from_last(folded: str, last: TransactionDraft | None) -> str | None:
    """ "quanto vou pagar por mês disso?" after "geladeira de 3 mil em 10x"."""
    if last is None or not _BACK.search(folded) or not _ASKS_INSTALMENT.search(folded):
        return None
    if last.valor is None or not last.parcelas or last.parcelas < 2:
        return None
    each = last.valor / last.parcelas
    return (
        f"A compra de {_money(last.valor)} em {last.parcelas}x fica em {_money(each)} por mês "
        f"({last.parcelas} parcelas, sem juros)."
    )


def stated_arithmetic(text: str, *, last: TransactionDraft | None = None) -> str | None:
    """The answer to a calculation on the numbers `text` states, or None (module docstring)."""
    folded = fold(text)
    if (answer := _from_last(folded, last)) is not None:
        return answer
    amounts = [a for a in find_amounts(text) if a.value > 0]
    if not amounts:
        return None
    if len(amounts) == 2 and (swap := read_swap(text)) is not None:
        # "se o aluguel passar de 1.400 para 1.650, quanto a mais no ano?": the difference,
        # not the first amount alone over the year
        return swap_answer(swap)
    for rule in (_instalments_total, _instalment_value, _percent, _per_month):
        if (answer := rule(folded, amounts)) is not None:
            return answer
    if (pace := read_pace(text)) is not None:
        return pace_answer(pace)  # "80 por dia, quanto vai em 30 dias?"
    if (swap := read_swap(text)) is not None:
        return swap_answer(swap)  # "se eu cortar a academia de 120, economizo quanto no ano?"
    return None
