"""Instalments and down payments in a purchase message.

"10x", "em 12 vezes de 200", "12 parcelas", "parcelei em 3", "à vista" give the instalment count
(and the per-instalment value when stated); "dei 10 mil de entrada e financiei o resto em 48x"
is a compound purchase recorded as two operations: the down payment (a plain expense) and the
remainder (card instalments, a financing = new debt, or boleto instalments).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .draft import MAX_INSTALMENTS, TransactionDraft
from .money import AmountMatch
from .numwords import NUMBER_WORD, words_value

__all__ = [
    "Instalments",
    "compound_draft",
    "find_down_payment",
    "find_instalments",
    "mentions_remainder",
]

_COUNT = rf"(?:\d{{1,3}}|{NUMBER_WORD})"
_INSTALMENTS = re.compile(
    rf"\b(?:em\s+|de\s+|por\s+)?(?P<n>{_COUNT})\s*(?:x|vezes|parcelas|prestacoes|meses)\b"
    r"(?P<per>\s+(?:sem\s+juros\s+)?(?:iguais\s+)?(?:de|por)\s+)?"
)
_INSTALMENTS_VERB = re.compile(
    rf"\b(?:parcel\w*|divid\w*|financ\w*)(?:\s+(?!em\b)\S+){{0,3}}?"
    rf"\s+em\s+(?P<n>{_COUNT})\b(?!\s*(?:reais|real|mil|k\b|contos?|,\d|\.\d))"
    r"(?P<per>\s+(?:de|por)\s+)?"
)
_CASH_UP_FRONT = re.compile(r"\b(?:a\s+vista|avista)\b")
_DOWN_PAYMENT_AFTER = re.compile(r"\s+(?:de|como|na)\s+entrada\b")
_DOWN_PAYMENT_BEFORE = re.compile(r"\bentrada\s+(?:de\s+)?$")
_REMAINDER = re.compile(r"\b(?:resto|restante|saldo\s+restante|o\s+saldo)\b")


def _count(token: str) -> int | None:
    return int(token) if token.isdigit() else words_value(token)


@dataclass(slots=True)
class Instalments:
    count: int | None = None
    per: AmountMatch | None = None
    spans: tuple[tuple[int, int], ...] = ()


def find_instalments(folded: str, amounts: list[AmountMatch]) -> Instalments:
    found = Instalments()
    spans: list[tuple[int, int]] = []
    for m in _INSTALMENTS.finditer(folded):
        n = _count(m["n"])
        if n is None or not 1 <= n <= MAX_INSTALMENTS:
            continue
        if m.group().rstrip().endswith("meses") and m["per"] is None:
            continue  # "3 meses" alone is a duration, not instalments
        found.count = found.count or n
        spans.append(m.span())
        if m["per"] is not None:
            found.per = next((a for a in amounts if a.span[0] == m.end()), found.per)
    if found.count is None and (m2 := _INSTALMENTS_VERB.search(folded)) is not None:
        n = _count(m2["n"])
        if n is not None and 1 <= n <= MAX_INSTALMENTS:
            found.count = n
            spans.append(m2.span("n"))
            if m2["per"] is not None:  # "parcelei o sofá em 12 de 150"
                found.per = next((a for a in amounts if a.span[0] == m2.end()), found.per)
    if found.count is None and _CASH_UP_FRONT.search(folded):
        found.count = 1
    found.spans = tuple(spans)
    return found


def find_down_payment(folded: str, amounts: list[AmountMatch]) -> AmountMatch | None:
    """The amount given as entrada ("10 mil de entrada", "entrada de 2 mil"), if any. A bare
    number after a price in thousands keeps its scale: "carro de 60 mil, dei 20 de entrada" is
    R$ 20 mil (nobody puts R$ 20 down on a R$ 60.000 car)."""
    for a in amounts:
        if _DOWN_PAYMENT_AFTER.match(folded, a.span[1]) or _DOWN_PAYMENT_BEFORE.search(
            folded, 0, a.span[0]
        ):
            return _in_thousands(a, amounts)
    return None


_THOUSAND = Decimal(1000)


def _in_thousands(down: AmountMatch, amounts: list[AmountMatch]) -> AmountMatch:
    """`down` scaled to thousands when it is a bare whole number below 1.000 and an earlier
    price in thousands is larger than it in thousands ("60 mil … 20 de entrada")."""
    if down.explicit or down.value >= _THOUSAND or down.value != down.value.to_integral_value():
        return down
    for price in amounts:
        if price.span[0] >= down.span[0] or not price.explicit:
            continue
        scaled = down.value * _THOUSAND
        if price.value >= 10 * _THOUSAND and price.value % _THOUSAND == 0 and scaled < price.value:
            return AmountMatch(scaled, down.span, True)
    return down


def mentions_remainder(folded: str) -> bool:
    """ "o resto", "o restante", "o saldo": the message splits a purchase."""
    return _REMAINDER.search(folded) is not None


def compound_draft(
    fields: dict[str, Any],
    total: Decimal | None,
    down: Decimal,
    inst: Instalments,
    financed: bool,
) -> TransactionDraft:
    """Down payment + remainder: two operations; the remainder is total - entrada when known."""
    rest: Decimal | None = None
    if total is not None and total > down:
        rest = total - down
    elif inst.per is not None and inst.count:
        rest = inst.per.value * inst.count
        total = down + rest
    else:
        total = None
    what = fields["descricao"]
    payment = fields["forma_pagamento"]
    base = {**fields, "tipo": "despesa", "nova_divida": False, "divida_relacionada": None}
    entrada = TransactionDraft(
        **{
            **base,
            "forma_pagamento": None,
            "cartao_credito": False,
            "conta_futura": False,
            "valor": down,
            "descricao": f"entrada ({what})" if what else "entrada",
        }
    )
    remainder_fields = {**base, "descricao": f"restante ({what})" if what else "restante"}
    if financed:
        remainder_fields |= {
            "nova_divida": True,
            "categoria": "Dívidas",
            "subcategoria": "Financiamento",
            "forma_pagamento": None if payment == "credito" else payment,
            "cartao_credito": False,
        }
    remainder = TransactionDraft(**remainder_fields, valor=rest, parcelas=inst.count)
    outer = {**base, "cartao_credito": False, "forma_pagamento": None}
    return TransactionDraft(**outer, valor=total, operacoes=[entrada, remainder])
