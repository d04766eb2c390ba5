"""What must be confirmed or corrected before a draft is recorded (issue 19).

A ledger row the user did not mean is worse than a question. Four things are never written
silently:

- an impossible date ("30/02", "31/04", "dia 32"): nothing is recorded, the right date is asked;
- an instalment count out of range ("999x", "0 parcelas"; the ledger takes 1–480): nothing is
  recorded, the message must be sent again (the amount next to a wrong count is unreliable);
  a card purchase in more than `CARD_INSTALMENTS_CAP` instalments ("celular em 100x") is
  confirmed first;
- a date far from today (before `FAR_PAST_YEARS` years ago or after `FAR_FUTURE_YEARS` years
  ahead: "01/01/1900", "em 2100"): the user confirms it or gives the right one;
- an amount far above what its kind of entry costs (`CAPS`: R$ 50.000 at the supermarket, a
  R$ 2 milhões salary; `SUBCATEGORY_CAPS`: R$ 2.500 at the bakery; `SMALL_ITEM_CAP`: a
  R$ 5.000 coffee): the user confirms it or gives the right one.

`doubt(text, draft, today)` returns the first one found, with its pt-BR question; None means
the draft can be recorded. Pure: a function of the text, the draft and today.
"""

from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import pairwise
from typing import Literal

from .categories import display_name
from .dates import MONTH_NAMES
from .draft import MAX_INSTALMENTS, TransactionDraft
from .entry_class import EntryClass, classify_entry
from .money import find_amounts, format_brl
from .text import fold

__all__ = ["CAPS", "Doubt", "DoubtKind", "doubt", "garbled_number"]

DoubtKind = Literal[
    "data_invalida",
    "parcelas",
    "parcelas_altas",
    "data_distante",
    "valor_alto",
    "valor_incerto",
    "valor_ilegivel",
]
FAR_PAST_YEARS = 5
FAR_FUTURE_YEARS = 5
IMPOSSIBLE_YEARS = 50
"""Further than this from today a date is refused, not offered for confirmation (1900, 2100)."""

CAPS: dict[str, Decimal] = {
    "Alimentação": Decimal(5_000),
    "Transporte": Decimal(10_000),
    "Contas": Decimal(5_000),
    "Lazer": Decimal(50_000),
    "Saúde": Decimal(100_000),
    "Educação": Decimal(100_000),
    "Compras": Decimal(50_000),
    "Moradia": Decimal(50_000),
    "Receitas": Decimal(500_000),
    "Dívidas": Decimal(2_000_000),
    "Outros": Decimal(100_000),
}
"""Above these a single entry of the category is confirmed first: a month of groceries for a
large family is far below R$ 5.000, a salary far below R$ 500.000. Generous on purpose: a
confirmation costs the user one word, a wrong row costs them a wrong balance."""
SUBCATEGORY_CAPS: dict[str, Decimal] = {
    "Padaria": Decimal(500),
    "Delivery": Decimal(1_000),
    "Restaurante": Decimal(3_000),
    "App": Decimal(1_000),
    "Estacionamento": Decimal(500),
    "Transporte Público": Decimal(1_000),
    "Combustível": Decimal(2_000),
    "Cinema": Decimal(1_000),
    "Streaming": Decimal(500),
    "Bares": Decimal(3_000),
    "Luz": Decimal(3_000),
    "Água": Decimal(2_000),
    "Internet": Decimal(1_000),
    "Celular": Decimal(1_000),
    "Gás": Decimal(1_000),
}
"""Tighter caps where the subcategory is an everyday, small-ticket purchase: R$ 2.500 of bread
or R$ 5.000 of app rides in one entry is a typo far more often than a fact."""
SMALL_ITEM_CAP = Decimal(300)
_SMALL_ITEMS = re.compile(
    r"\b(?:cafe|cafezinho|pao|paes|coxinha|salgado|pastel|sorvete|chiclete|bala|refri"
    r"|refrigerante|agua|cerveja|latinha|picole|acai|pipoca|sacole|passagem de onibus|onibus"
    r"|metro)\b"
)
"""One of these alone ("café de 5.000 reais") is a small purchase whatever its category."""
CARD_INSTALMENTS_CAP = 48
"""More instalments than this on a card purchase ("celular de 1.500 em 100x") is confirmed
first: Brazilian cards split purchases in up to 12–24x, rarely more; the ledger's 480 is for
property financing, not for a phone on the card."""
CAP_UNCATEGORISED = Decimal(100_000)
CAP_MOVEMENT = Decimal(20_000_000)
"""Transfers, loans, assets: a flat is expensive, twenty million reais is not a personal one."""

_SLASH = re.compile(r"(?<![\d/.,])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])")
_MONTHS = {fold(m): i + 1 for i, m in enumerate(MONTH_NAMES)}
_DAY_OF_MONTH = re.compile(
    r"\b(?:dia\s+)?(\d{1,2})\s+de\s+(" + "|".join(_MONTHS) + r")(?:\s+de\s+(\d{4}))?\b"
)
_DAY_ONLY = re.compile(r"\bdia\s+(\d{1,3})\b(?!\s*(?:/|de\s+[a-z]))")
_COUNT = re.compile(r"(?<![\d.,])(\d{1,6})\s*(?:x|vezes|parcelas|prestacoes)\b")
_YEAR = re.compile(
    r"\b(?:em|no\s+ano\s+de|ano\s+de|ano)\s+(1[5-9]\d\d|2\d\d\d)\b(?!\s*(?:reais|real|conto))"
)


@dataclass(frozen=True, slots=True)
class Doubt:
    """Something to confirm or correct before recording, and how to ask it."""

    kind: DoubtKind
    question: str
    refuse: bool
    """True: impossible as said (nothing can be recorded until corrected)."""


def _exists(day: int, month: int, year: int | None) -> bool:
    if not 1 <= month <= 12 or day < 1:
        return False
    if year is None:
        return day <= (29 if month == 2 else monthrange(2025, month)[1])
    return day <= monthrange(year, month)[1]


def _year(token: str | None) -> int | None:
    if token is None:
        return None
    value = int(token)
    return value + 2000 if value < 100 else value


def _impossible_date(folded: str) -> str | None:
    """The first date the text states that does not exist, as written ("30/02")."""
    for m in _SLASH.finditer(folded):
        if not _exists(int(m[1]), int(m[2]), _year(m[3])):
            return m.group()
    for m in _DAY_OF_MONTH.finditer(folded):
        if not _exists(int(m[1]), _MONTHS[m[2]], _year(m[3])):
            return m.group().removeprefix("dia ").strip()
    for m in _DAY_ONLY.finditer(folded):
        if not 1 <= int(m[1]) <= 31:
            return m.group()
    return None


def _bad_count(folded: str) -> int | None:
    for m in _COUNT.finditer(folded):
        n = int(m[1])
        if not 1 <= n <= MAX_INSTALMENTS:
            return n
    return None


def _far(day: date, today: date) -> bool:
    return day.year < today.year - FAR_PAST_YEARS or day.year > today.year + FAR_FUTURE_YEARS


def _cap(op: TransactionDraft) -> Decimal:
    if classify_entry(op) in (
        EntryClass.TRANSFERENCIA,
        EntryClass.COMPRA_ATIVO,
        EntryClass.EMPRESTIMO,
        EntryClass.NOVA_DIVIDA,
    ):
        return CAP_MOVEMENT
    if op.categoria is None:
        return CAP_UNCATEGORISED
    cap = CAPS.get(op.categoria, CAP_UNCATEGORISED)
    if op.subcategoria is not None and op.categoria != "Receitas":
        cap = min(cap, SUBCATEGORY_CAPS.get(op.subcategoria, cap))
    if op.descricao and op.categoria in ("Alimentação", "Lazer", "Transporte"):
        words = fold(op.descricao).split()
        if len(words) <= 3 and _SMALL_ITEMS.search(" ".join(words)):
            cap = min(cap, SMALL_ITEM_CAP)
    return cap


_EITHER = re.compile(r"^\s+ou\s+(?:uns\s+|umas\s+)?$")


def _either_amount(text: str) -> tuple[Decimal, Decimal] | None:
    """Two amounts said as alternatives ("não lembro se foi 40 ou 50 o uber"): never recorded
    as a guess; the value is asked."""
    amounts, said = find_amounts(text), fold(text)  # spans index the NFC text, as fold does
    for a, b in pairwise(amounts):
        if a.value != b.value and _EITHER.match(said[a.span[1] : b.span[0]]):
            return a.value, b.value
    return None


_GARBLED = re.compile(
    r"(?<![\w.,])\d+(?:[a-gi-wyz]+\d+)+[a-z]*(?![\w])"  # 1o0, 2k0, 1l50 (not 12h30, 3x50)
    r"|(?<![\w.,])\d+[OI](?![\w])"  # 5O, 10I: a capital O or I typed for a digit
)


def garbled_number(text: str) -> str | None:
    """A number with letters in it ("1o0", "2k0", "5O"): which digits were meant is a guess,
    so it is asked, never recorded. Instalments ("3x50"), hours ("12h30"), scales ("5k") and
    units ("20l") are not garbled: the letter ends the number or is a known separator."""
    m = _GARBLED.search(text)
    return m.group(0) if m else None


def _card_purchase(op: TransactionDraft) -> bool:
    """A purchase split on the card: not an asset, a financing or a debt."""
    return (
        (op.cartao_credito or op.forma_pagamento == "credito")
        and op.ativo is None
        and not op.nova_divida
        and op.categoria != "Dívidas"
    )


def _what(op: TransactionDraft) -> str:
    name = display_name(op.categoria, op.subcategoria)
    if name and op.subcategoria != "Outros":
        return f" em {name}"
    return f" ({op.descricao})" if op.descricao else ""


def doubt(text: str, draft: TransactionDraft, today: date) -> Doubt | None:
    """The first thing to confirm or correct in `draft` (read from `text`), or None."""
    folded = fold(text)
    if (said := _impossible_date(folded)) is not None:
        return Doubt(
            "data_invalida",
            f"A data {said} não existe, então ainda não registrei nada. Qual é a data certa?",
            refuse=True,
        )
    if (n := _bad_count(folded)) is not None:
        return Doubt(
            "parcelas",
            f"Não registrei nada: {n} parcelas não é possível (aceito de 1 a "
            f"{MAX_INSTALMENTS}). Pode me mandar de novo, com o número certo de parcelas?",
            refuse=True,
        )
    if (garbled := garbled_number(text)) is not None:
        return Doubt(
            "valor_ilegivel",
            f'Não entendi o valor "{garbled}" (tem letra misturada com o número), então ainda '
            "não registrei nada. Qual foi o valor? Pode mandar só com números, como 100 ou 45,90.",
            refuse=True,
        )
    if (either := _either_amount(text)) is not None and not draft.operacoes:
        first, second = either
        return Doubt(
            "valor_incerto",
            f"Você ficou em dúvida entre {format_brl(first)} e {format_brl(second)}, então ainda "
            "não registrei. Qual foi o valor certo?",
            refuse=False,
        )
    ops = draft.operacoes or [draft]
    for op in ops:
        if _card_purchase(op) and (op.parcelas or 1) > CARD_INSTALMENTS_CAP:
            money = format_brl(op.valor) if op.valor is not None else "essa compra"
            return Doubt(
                "parcelas_altas",
                f"{op.parcelas} parcelas no cartão é bem fora do comum (compras no cartão "
                "costumam ir até 12x ou 24x), então ainda não registrei (se foi outro número de "
                f"parcelas, é só me dizer o certo). Quer que eu registre {money} em "
                f"{op.parcelas}x mesmo?",
                refuse=False,
            )
    for op in ops:
        if op.data is not None and _far(op.data, today):
            return _far_date(op.data, today)
    spans = [a.span for a in find_amounts(text) if a.explicit]
    for m in _YEAR.finditer(folded):
        if any(start < m.end(1) and m.start(1) < end for start, end in spans):
            continue  # "paguei em 2500 reais": an amount, not a year
        year = int(m[1])
        if not today.year - FAR_PAST_YEARS <= year <= today.year + FAR_FUTURE_YEARS:
            return Doubt(
                "data_distante",
                f"O ano {year} está muito longe de hoje, então ainda não registrei nada. "
                "Qual é a data certa?",
                refuse=True,
            )
    for op in ops:
        if op.valor is not None and op.valor > _cap(op):
            money = format_brl(op.valor)
            return Doubt(
                "valor_alto",
                f"{money}{_what(op)} é um valor bem fora do comum, então ainda não registrei "
                f"(se foi outro valor, é só me dizer o certo). Quer que eu registre {money} "
                "mesmo?",
                refuse=False,
            )
    return None


def _far_date(day: date, today: date) -> Doubt:
    if abs(day.year - today.year) > IMPOSSIBLE_YEARS:
        return Doubt(
            "data_distante",
            f"A data {day.strftime('%d/%m/%Y')} está muito longe de hoje, então não registrei "
            "nada. Qual é a data certa?",
            refuse=True,
        )
    return Doubt(
        "data_distante",
        f"A data {day.strftime('%d/%m/%Y')} está muito longe de hoje, então ainda não registrei "
        "(se foi outra data, é só me dizer a certa). Quer que eu registre nessa data mesmo?",
        refuse=False,
    )
