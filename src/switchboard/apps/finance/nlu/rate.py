"""The monthly interest rate a message states explicitly ("peguei 10 mil a 3% ao mês", "devo
5 mil no cartão a 14% a.m.", "empréstimo a 24% ao ano"), kept with the debt it names so a
later payoff question can use it. A rate with no period is not read: it is asked, not
guessed."""

from __future__ import annotations

import re
from decimal import Decimal

from .text import fold

__all__ = ["stated_monthly_rate"]

_RATE = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(?:%|por\s*cento)\s*(?:(?P<m>a\.?\s?m\.?(?!\w)|ao\s+mes|por\s+mes|mensa\w*"
    r"|am\b)|(?P<y>a\.?\s?a\.?(?!\w)|ao\s+ano|por\s+ano|anua\w*|aa\b))"
)


def stated_monthly_rate(text: str) -> Decimal | None:
    """The one monthly rate `text` states with its period (a yearly one converted,
    compounded), or None when there is none or more than one."""
    found = list(_RATE.finditer(fold(text)))
    if len(found) != 1:
        return None
    m = found[0]
    value = Decimal(m.group(1).replace(",", ".")) / 100
    if m["m"] is not None:
        return value
    return Decimal(str((1 + float(value)) ** (1 / 12) - 1)).quantize(Decimal("0.000001"))
