"""Two priced groups in one purchase are added up, and a denied amount is no entry and no
correction of another one (issue 19: never write what the user did not say)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.correct import denies_another_amount

from .app_helpers import ledger_of, make_app, say


async def amounts(app: object) -> list[Decimal]:
    return sorted(e.amount for e in await ledger_of(app).entries("ana", FlowFilter()))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("comprei 3 camisetas de 50 e 2 bermudas de 80", Decimal("310.00")),
        ("4 cervejas de 12 e 2 refri de 8 no bar", Decimal("64.00")),
    ],
)
async def test_two_priced_groups_are_added_up(text: str, total: Decimal) -> None:
    """The second group was dropped: 150 was recorded for 3 × 50 + 2 × 80."""
    app = make_app()
    await say(app, text)
    assert await amounts(app) == [total]


async def test_a_denied_amount_is_no_entry() -> None:
    """ "não gastei 50, gastei 80 no mercado" recorded both 50 and 80."""
    app = make_app()
    await say(app, "não gastei 50, gastei 80 no mercado")
    assert await amounts(app) == [Decimal("80.00")]


async def test_a_denied_amount_corrects_only_the_entry_it_names() -> None:
    """Right after the shirts' 310, "não gastei 50, gastei 80 no mercado" replaced them with
    R$ 50,00 at the supermarket; "não foi 50, foi 55" after a 50 still corrects it."""
    assert denies_another_amount("não gastei 50, gastei 80 no mercado", Decimal("310"))
    assert not denies_another_amount("não foi 50, foi 55", Decimal("50"))
    assert not denies_another_amount("na verdade foi 55", Decimal("50"))
    app = make_app()
    await say(app, "comprei 3 camisetas de 50 e 2 bermudas de 80")
    await say(app, "não gastei 50, gastei 80 no mercado")
    assert await amounts(app) == [Decimal("80.00"), Decimal("310.00")]
    fixed = make_app()
    await say(fixed, "gastei 50 no mercado")
    assert (await say(fixed, "não foi 50, foi 55")).startswith("Corrigido!")
    assert await amounts(fixed) == [Decimal("55.00")]
