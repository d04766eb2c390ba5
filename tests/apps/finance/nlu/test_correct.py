"""Fixing or taking back the recording just made."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from switchboard.apps.finance.nlu import extract_transaction
from switchboard.apps.finance.nlu.correct import amend, read_followup

TODAY = date(2026, 11, 26)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("apaga esse, lancei errado", "apagar"),
        ("desfaz o último", "apagar"),
        ("não, foi 45", "corrigir"),
        ("na verdade foi anteontem", "corrigir"),
        ("corrige pra 38,90", "corrigir"),
        ("hoje mais 60", "mais"),
        ("e mais 25 ontem", "mais"),
        ("esquece, lancei duplicado", "apagar"),
        ("foi ontem na verdade", "corrigir"),
        ("não, foi no débito", "corrigir"),
        ("era 53, digitei errado", "corrigir"),
        ("gastei mais 30 no mercado", None),
        ("foram 70 no bar", None),
        ("não", None),
        ("quanto gastei ontem?", None),
    ],
)
def test_read_followup(text: str, kind: str | None) -> None:
    found = read_followup(text)
    assert (found.kind if found else None) == kind


def test_amend_replaces_what_is_said_and_keeps_the_rest() -> None:
    uber = extract_transaction("uber 50 ontem", TODAY)
    fixed = amend(uber, "não, foi 45", TODAY, more=False)
    assert (fixed.valor, fixed.subcategoria, fixed.data) == (Decimal(45), "App", date(2026, 11, 25))
    moved = amend(uber, "na verdade foi anteontem", TODAY, more=False)
    assert (moved.valor, moved.data) == (Decimal(50), date(2026, 11, 24))
    again = amend(uber, "hoje mais 60", TODAY, more=True)
    assert (again.valor, again.subcategoria, again.data) == (Decimal(60), "App", TODAY)
