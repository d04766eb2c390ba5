"""A bill split with others ("rachei com a galera"): only the user's part is recorded; when
the number of people is not said, the Lançador asks and records nothing until it knows."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.share import find_share, people_count, unknown_split
from switchboard.apps.finance.nlu.text import fold
from tests.apps.finance.app_helpers import ledger_of, say


async def _amounts(app: object) -> list[Decimal]:
    return [e.amount for e in await ledger_of(app).entries("ana", FlowFilter())]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("rachei um rodizio de 300 com a turma, a gente era em 5", 5),
        ("rachei o taxi de 60 com mais 2 colegas", 3),
        ("dividimos a conta de 90 com o pessoal, eramos 3", 3),
        ("racha da pizza de 120: eu e mais 3", 4),
    ],
)
def test_a_headcount_said_anywhere_gives_the_share(text: str, people: int) -> None:
    share = find_share(fold(text))
    assert share is not None and share.part.denominator == people


@pytest.mark.parametrize(
    "text",
    [
        "rachei a conta do bar com a galera, deu 280",
        "racha do churrasco com o pessoal do trampo, 450",
        "dividi a gasolina de 200 com os amigos",
    ],
)
def test_a_group_of_unknown_size_is_an_unknown_split(text: str) -> None:
    assert unknown_split(fold(text))


@pytest.mark.parametrize(
    "text",
    [
        "fui no bar com a galera e gastei 80",  # the user's own spending, no split
        "dividi a tv em 10x no cartao",  # instalments
        "rachei a conta com a galera, minha parte foi 70",  # the part is said
    ],
)
def test_not_an_unknown_split(text: str) -> None:
    assert not unknown_split(fold(text))


@pytest.mark.parametrize(
    ("answer", "people"),
    [("eramos 6", 6), ("6", 6), ("seis pessoas", 6), ("eu e mais 5", 6), ("sim", None)],
)
def test_the_headcount_in_the_answer(answer: str, people: int | None) -> None:
    assert people_count(fold(answer)) == people


async def test_the_split_is_asked_then_only_the_share_recorded(app: FinanceApp) -> None:
    asked = await say(app, "rachei a conta do bar com a galera, deu 280")
    assert asked.rstrip().endswith("?")
    assert await _amounts(app) == []
    done = await say(app, "eramos 4")
    assert "R$ 70,00" in done
    assert await _amounts(app) == [Decimal("70.00")]


async def test_the_part_said_in_the_answer_is_recorded(app: FinanceApp) -> None:
    await say(app, "rachei 200 do churrasco com a galera")
    await say(app, "minha parte foi 40")
    assert await _amounts(app) == [Decimal("40.00")]


async def test_no_records_nothing_and_all_mine_records_the_whole(app: FinanceApp) -> None:
    await say(app, "rachei o uber de 30 com a galera")
    assert "não registrei" in await say(app, "nao, deixa")
    assert await _amounts(app) == []
    await say(app, "rachei a janta de 200 com a galera")
    await say(app, "no fim paguei tudo eu")
    assert await _amounts(app) == [Decimal("200.00")]


async def test_a_known_headcount_records_the_share_at_once(app: FinanceApp) -> None:
    reply = await say(app, "rachei uma pizza de 160 com a galera, a gente era em 4")
    assert await _amounts(app) == [Decimal("40.00")]
    assert "sua parte" in reply


async def test_a_headcount_before_the_items_is_not_a_quantity(app: FinanceApp) -> None:
    """ "eu e mais 2 rachamos uma janta de 270": three people, not two dinners."""
    await say(app, "eu e mais 2 rachamos uma janta de 270")
    assert await _amounts(app) == [Decimal("90.00")]


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("rachei a conta de 300 com a galera e paguei 75", "75.00"),
        ("fizemos uma vaquinha pro presente da chefe, dei 40", "40.00"),
        ("dividi a conta de 240 com meu irmao, paguei 120", "120.00"),
    ],
)
async def test_the_part_the_user_says_they_paid_is_the_only_entry(
    text: str, part: str, app: FinanceApp
) -> None:
    await say(app, text)
    assert await _amounts(app) == [Decimal(part)]


@pytest.mark.parametrize(
    "text",
    [
        "moro com 2 amigos e o aluguel de 1.500 e dividido",
        "racho a internet de 120 com 2 colegas",
        "o condominio de 900 e rachado entre 3",
    ],
)
async def test_a_standing_split_of_a_cost_is_no_entry(text: str, app: FinanceApp) -> None:
    """How a monthly cost is usually shared is a fact about the user's budget, not a payment."""
    reply = await say(app, text)
    assert await _amounts(app) == []
    assert "não registrei" in reply


async def test_splitting_a_purchase_in_instalments_is_still_a_card_purchase(
    app: FinanceApp,
) -> None:
    """ "divido a compra em 3x no cartão" splits a payment, not a bill among people."""
    reply = await say(app, "divido a compra em 3x no cartao, 600")
    assert "Registrado" in reply and "3x" in reply
