"""Which open card instalments a bill payment settles (shared by both ledger backends)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from switchboard.apps.finance.ledger.records import Instalment


def settled(open_parts: Iterable[Instalment], amount: Decimal) -> list[Instalment]:
    """The open instalments a card bill of `amount` pays: earliest due first, while their sum
    fits in the amount. A bill rarely equals the open parts to the cent (interest, purchases
    not recorded here), so a part that does not fit stays open rather than being guessed paid.
    """
    out: list[Instalment] = []
    left = amount
    for part in sorted(open_parts, key=lambda i: (i.due, i.purchase_id, i.seq)):
        if part.amount > left:
            break
        out.append(part)
        left -= part.amount
    return out
