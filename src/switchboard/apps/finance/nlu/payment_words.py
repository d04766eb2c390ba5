"""How users type the card words (issue 19): "no debto", "no dbito", "no credto", "no cretido".

A payment method lost to a typo leaves the entry short of what the user said; the typos here
are the common ones (a letter dropped or swapped), written once for the extractor and the query
reader. Short forms ("deb", "cred") count only after "no" or "cartão de", where nothing else
fits.
"""

from __future__ import annotations

__all__ = ["CREDIT", "DEBIT"]

DEBIT = (
    r"(?:debito|debto|dbito|debitu|debiot|deibto|debitio|debitos"
    r"|(?<=no\s)(?:deb|debit)|(?<=cartao\sde\s)(?:deb|debit))"
)
"""Débito and its typos (a regex fragment for folded text, no anchors)."""

CREDIT = (
    r"(?:credito|credto|cretido|credido|crdito|creditu|credit0|creidto|credtio"
    r"|(?<=no\s)(?:cred|credit)|(?<=cartao\sde\s)(?:cred|credit))"
)
"""Crédito and its typos (a regex fragment for folded text, no anchors)."""
