"""Branch fin11: a count of items before their unit price, in the colloquial singular and with
the item's kind ("3 coxinha de frango de 7,50"), is the count times the price; a day of the
month or a period before an amount is no count."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from switchboard.apps.finance.nlu import extract_transaction

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3 coxinha de frango de 7,50", Decimal("22.50")),
        ("4 ficha de lavanderia a 12", Decimal("48.00")),
        ("comprei 2 ingresso de 80 no pix", Decimal("160.00")),
        ("duas marmitas de 22", Decimal("44.00")),
    ],
)
def test_a_count_of_items_times_their_price(text: str, value: Decimal) -> None:
    assert extract_transaction(text, TODAY).valor == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("semana passada dia 12 fiz um exame de 180", Decimal("180.00")),
        ("paguei 90 internet de 2 meses", Decimal("90.00")),
        ("gastei 60 jantar de 3 pessoas", Decimal("60.00")),
        ("1 camiseta de 70", Decimal("70.00")),
    ],
)
def test_a_day_a_period_or_a_single_item_is_no_count(text: str, value: Decimal) -> None:
    assert extract_transaction(text, TODAY).valor == value
